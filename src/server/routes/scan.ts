// The customer scan page's public calls (issue 5; §7 "Tags": GET /tags/uid/{uid}). No token: the tag
// id in the path is the only key, every call is rate limited per address, and the answers carry
// nothing about any client but the one who just collected.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { object } from 'superstruct'
import { CollectInput, type CollectResult, TagUid } from '../../domain/scan'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import { checkKey, requestHash, runOnce } from '../services/idempotency'
import { collect, confirmBySms, limitScan, scanInfo, tagIdOf } from '../services/scan'

const UidParams = object({ uid: TagUid })

export default async function scanRoutes(app: FastifyInstance) {
  const db = () => app.database.db

  const info = async (request: FastifyRequest) => {
    await limitScan(db(), 'view', request.ip)
    const { uid } = parse(UidParams, request.params, 'params')
    return scanInfo(db(), uid)
  }
  app.get('/api/public/scan/:uid', allow('public'), info)
  app.get('/tags/uid/:uid', allow('public'), info)

  app.post('/api/public/scan/:uid/collect', allow('public', AUTH_NEUTRAL), async (request, reply) => {
    await limitScan(db(), 'collect', request.ip)
    const { uid } = parse(UidParams, request.params, 'params')
    const input = parse(CollectInput, request.body ?? {})
    const key = checkKey(request.headers['idempotency-key'] as string | undefined)
    // Public callers have no user id: keys are per tag (an unknown tag is a 404 before any write).
    const userId = await tagIdOf(db(), uid)
    const result = await runOnce<CollectResult>(
      db(),
      { key, userId, hash: requestHash('POST', `scan ${uid}`, input) },
      (tx) => collect(tx, uid, input),
    )
    if (result.replayed) reply.header('idempotent-replayed', 'true')
    else
      await confirmBySms(db(), app.adapters.sms, uid, result.body).catch((err) =>
        request.log.warn({ err: (err as Error).message }, 'scan confirmation SMS failed'),
      )
    return reply.status(result.statusCode).send(result.body)
  })
}
