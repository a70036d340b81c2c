// The customer scan page's public calls (issue 5; §7 "Tags": GET /tags/uid/{uid}). No token: the tag
// id in the path is the only key, and every call is rate limited per address. A client's name,
// balance and coupons go only to a device that proved the phone with a one-time SMS code (issue 24
// #4), remembered by a signed cookie; without it a collect answers the points credited and nothing else.
import cookie from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { object } from 'superstruct'
import {
  CollectInput,
  type CollectResult,
  ScanPhoneCodeInput,
  ScanPhoneConfirmInput,
  TagUid,
} from '../../domain/scan'
import { parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import { checkKey, requestHash, runOnce } from '../services/idempotency'
import { collect, confirmBySms, limitScan, scanInfo, tagIdOf } from '../services/scan'
import { deviceOf, forgetDevice, SCAN_DEVICE_COOKIE } from '../services/scan-devices'
import { confirmScanCode, ownerCard, sendScanCode } from '../services/scan-owner'

const UidParams = object({ uid: TagUid })

const COOKIE_PATH = '/api/public/scan'

export default async function scanRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  await app.register(cookie, { secret: app.config.cookieSecret })
  const secure = app.config.publicUrl.startsWith('https:')

  /** The device's cookie value when its signature holds (the row is checked by the service). */
  const deviceCookie = (request: FastifyRequest) => {
    const raw = request.cookies[SCAN_DEVICE_COOKIE]
    if (!raw) return null
    const unsigned = request.unsignCookie(raw)
    return unsigned.valid ? unsigned.value : null
  }
  const device = (request: FastifyRequest) => deviceOf(db(), deviceCookie(request))
  const setDevice = (reply: FastifyReply, value: string, expires: Date) =>
    reply.setCookie(SCAN_DEVICE_COOKIE, value, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      expires,
    })

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
    const owner = await device(request)
    const result = await runOnce<CollectResult>(
      db(),
      { key, userId, hash: requestHash('POST', `scan ${uid}`, input) },
      (tx) => collect(tx, uid, input, new Date(), owner),
    )
    if (result.replayed) reply.header('idempotent-replayed', 'true')
    else
      await confirmBySms(db(), app.adapters.sms, uid, result.body).catch((err) =>
        request.log.warn({ err: (err as Error).message }, 'scan confirmation SMS failed'),
      )
    return reply.status(result.statusCode).send(result.body)
  })

  // Issue 24 #4: the phone's owner proves it with a code sent to it, then this device is remembered.
  app.post('/api/public/scan/:uid/phone-code', allow('public', AUTH_NEUTRAL), async (request) => {
    await limitScan(db(), 'code', request.ip)
    const { uid } = parse(UidParams, request.params, 'params')
    return sendScanCode(db(), app.adapters.sms, uid, parse(ScanPhoneCodeInput, request.body ?? {}))
  })

  app.post(
    '/api/public/scan/:uid/phone-code/confirm',
    allow('public', AUTH_NEUTRAL),
    async (request, reply) => {
      await limitScan(db(), 'code', request.ip)
      const { uid } = parse(UidParams, request.params, 'params')
      const remembered = await confirmScanCode(db(), uid, parse(ScanPhoneConfirmInput, request.body ?? {}))
      setDevice(reply, remembered.value, remembered.expiresAt)
      return { confirmed: true, expiresAt: remembered.expiresAt.toISOString() }
    },
  )

  app.get('/api/public/scan/:uid/card', allow('public'), async (request) => {
    await limitScan(db(), 'view', request.ip)
    const { uid } = parse(UidParams, request.params, 'params')
    return ownerCard(db(), uid, await device(request))
  })

  // "Not you?": this device forgets the phone.
  app.delete('/api/public/scan/device', allow('public', AUTH_NEUTRAL), async (request, reply) => {
    await forgetDevice(db(), deviceCookie(request))
    reply.clearCookie(SCAN_DEVICE_COOKIE, { path: COOKIE_PATH })
    return reply.status(204).send()
  })
}
