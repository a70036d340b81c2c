// SPEC §7 core provider calls for the point of sale (franchise owners and store owners of the store),
// and the webhook a till posts its orders and catalogue to (documented in README "Point of sale").
import type { FastifyInstance } from 'fastify'
import { object } from 'superstruct'
import { IdParams } from '../../domain/ids'
import {
  OrderListQuery,
  PosAccountCreate,
  PosAccountUpdate,
  ReceiptParams,
  StoreIdQuery,
} from '../../domain/pos'
import { SIGNATURE_HEADER } from '../adapters/webhook-signature'
import { parse } from '../errors'
import { allow } from '../plugins/route-contract'
import {
  createAccount,
  orderById,
  orderByReceipt,
  receiveWebhook,
  regenerateSecret,
  searchAccount,
  storeOrders,
  storeProducts,
  updateAccount,
  webhookStatus,
} from '../services/pos'

export default async function posRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const url = () => app.config.publicUrl
  const id = (value: unknown) => parse(IdParams, value, 'params').id

  app.get('/pos-merchant-accounts/search', owner, async (request) => {
    const { storeId } = parse(StoreIdQuery, request.query, 'query')
    return searchAccount(db(), request.principal!.scope, storeId, url())
  })

  app.post('/pos-merchant-accounts', owner, async (request, reply) => {
    const input = parse(PosAccountCreate, request.body)
    return reply.status(201).send(await createAccount(db(), request.principal!.scope, input, url()))
  })

  app.put('/pos-merchant-accounts/:id', owner, async (request) => {
    const accountId = id(request.params)
    const input = parse(PosAccountUpdate, request.body)
    return updateAccount(db(), request.principal!.scope, accountId, input, url())
  })

  app.post('/pos-merchant-accounts/:id/secret', owner, async (request) =>
    regenerateSecret(db(), request.principal!.scope, id(request.params), url()),
  )

  app.get('/stores/:id/products', owner, async (request) => ({
    data: await storeProducts(db(), app.adapters.pos, request.principal!.scope, id(request.params)),
  }))

  app.get('/orders/pos/:id', owner, async (request) => {
    const { id: receiptId } = parse(ReceiptParams, request.params, 'params')
    const { storeId } = parse(StoreIdQuery, request.query, 'query')
    return orderByReceipt(db(), request.principal!.scope, storeId, receiptId)
  })

  app.get('/api/v2/orders/lb/:id', owner, async (request) =>
    orderById(db(), request.principal!.scope, id(request.params)),
  )

  app.get('/api/v2/stores/:id/pos-orders', owner, async (request) => {
    const storeId = id(request.params)
    const { limit } = parse(OrderListQuery, request.query, 'query')
    return { data: await storeOrders(db(), request.principal!.scope, storeId, limit) }
  })

  app.get('/api/v2/stores/:id/webhook-status', owner, async (request) =>
    webhookStatus(db(), request.principal!.scope, id(request.params)),
  )

  // The till's calls: no user token, the account's secret signs the raw body (HMAC-SHA256 in
  // x-signature). The body stays raw in this scope so the signature is checked over the exact bytes.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers()
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    webhook.post(
      '/api/pos/webhook/:accountId',
      { ...allow('public'), bodyLimit: 1024 * 1024 },
      async (request) => {
        const { accountId } = parse(object({ accountId: ReceiptParams.schema.id }), request.params, 'params')
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const outcome = await receiveWebhook(db(), accountId, raw, request.headers[SIGNATURE_HEADER])
        request.log.info({ posAccount: accountId, ...outcome }, 'pos webhook')
        return { received: true, ...outcome }
      },
    )
  })
}
