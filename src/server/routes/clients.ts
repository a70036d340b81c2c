// SPEC §7 "Clients": points moves and sales (more calls arrive with the client screens).

import type { FastifyInstance, FastifyRequest } from 'fastify'
import { object } from 'superstruct'
import { LoyaltyCard, PointsPatch, SaleRequest, toCents } from '../../domain/clients'
import { Id } from '../../domain/ids'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as clients from '../services/clients'
import { checkKey, requestHash } from '../services/idempotency'

const SaleParams = object({ sid: Id, id: Id })

export default async function clientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { movePoints, recordSale } = bound(app, clients)

  const context = async (request: FastifyRequest) => {
    const p = request.principal!
    return {
      scope: request.tenant!,
      actor: { userId: p.user.id, impostorOf: p.impostorOf },
      key: checkKey(request.headers['idempotency-key'] as string | undefined),
    }
  }

  app.patch(
    '/api/v2/loyalties/points',
    { ...allow('owner', AUTH_NEUTRAL), schema: { body: PointsPatch, response: { 200: LoyaltyCard } } },
    async (request, reply) => {
      const input = request.body
      const { scope, actor, key } = await context(request)
      const result = await movePoints(
        scope,
        {
          franchiseId: input.merchantId,
          clientId: input.userId,
          storeId: input.storeId,
          points: input.points,
        },
        actor,
        { key, userId: actor.userId, hash: requestHash('PATCH', 'points', input) },
      )
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      return result.card
    },
  )

  app.post(
    '/api/v2/stores/:sid/clients/:id/sale',
    {
      ...allow('owner', AUTH_NEUTRAL),
      schema: { params: SaleParams, body: SaleRequest, response: { 200: LoyaltyCard } },
    },
    async (request, reply) => {
      const { sid, id } = request.params
      const { scope, actor, key } = await context(request)
      const amountCents = toCents(request.body.amount)!
      const result = await recordSale(scope, { clientId: id, storeId: sid, amountCents }, actor, {
        key,
        userId: actor.userId,
        hash: requestHash('POST', `sale ${sid} ${id}`, { amountCents }),
      })
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      return result.card
    },
  )
}
