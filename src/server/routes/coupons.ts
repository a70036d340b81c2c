// Redeeming a coupon at the counter by its short code (issue 34): the code typed, or read from the
// coupon's QR code, which leads to the back office's redeem page (/pages/coupons/{code}).
import type { FastifyInstance } from 'fastify'
import { object, optional } from 'superstruct'
import { CounterCoupon, CouponCodeParams } from '../../domain/coupons'
import { Id } from '../../domain/ids'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as coupons from '../services/coupons'
import { checkKey, requestHash } from '../services/idempotency'

export default async function couponRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { counterCoupon, redeemCouponByCode } = bound(app, coupons)

  app.get(
    '/api/v2/coupons/by-code/:code',
    { ...allow('owner'), schema: { params: CouponCodeParams, response: { 200: CounterCoupon } } },
    async (request) => counterCoupon(request.tenant!, request.params.code),
  )

  app.post(
    '/api/v2/coupons/by-code/:code/redeem',
    {
      ...allow('owner', AUTH_NEUTRAL),
      schema: {
        params: CouponCodeParams,
        body: optional(object({ storeId: optional(Id) })),
        response: { 200: CounterCoupon },
      },
    },
    async (request, reply) => {
      const { code } = request.params
      const input = request.body ?? {}
      const result = await redeemCouponByCode(request.tenant!, code, input.storeId, {
        key: checkKey(request.headers['idempotency-key'] as string | undefined),
        userId: request.tenant!.userId,
        hash: requestHash(request.method, `coupon code ${code}`, input),
      })
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      return reply.status(result.statusCode as 200).send(result.body)
    },
  )
}
