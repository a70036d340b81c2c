// SPEC §7 core provider calls for the point of sale (franchise owners and store owners of the store),
// and the webhook a till posts its orders and catalogue to (documented in README "Point of sale").
import type { FastifyInstance } from 'fastify'
import { IdParams } from '../../domain/ids'
import {
  OrderListQuery,
  PosAccount,
  PosAccountCreate,
  PosAccountUpdate,
  PosOrder,
  PosOrderList,
  PosProductList,
  PosWebhookParams,
  PosWebhookResponse,
  ReceiptParams,
  StoreIdQuery,
  WebhookStatus,
} from '../../domain/pos'
import { SIGNATURE_HEADER } from '../adapters/webhook-signature'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as pos from '../services/pos'

export default async function posRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const {
    createAccount,
    orderById,
    orderByReceipt,
    receiveWebhook,
    regenerateSecret,
    searchAccount,
    storeOrders,
    updateAccount,
    webhookStatus,
  } = bound(app, pos)
  const { storeProducts } = bound(app, pos, (a) => a.pos)
  const owner = allow('owner')
  const url = () => app.config.publicUrl

  app.get(
    '/pos-merchant-accounts/search',
    { ...owner, schema: { querystring: StoreIdQuery, response: { 200: PosAccount } } },
    async (request) => searchAccount(request.tenant!, request.query.storeId, url()),
  )

  app.post(
    '/pos-merchant-accounts',
    { ...owner, schema: { body: PosAccountCreate, response: { 201: PosAccount } } },
    async (request, reply) =>
      reply.status(201).send(await createAccount(request.tenant!, request.body, url())),
  )

  app.put(
    '/pos-merchant-accounts/:id',
    { ...owner, schema: { params: IdParams, body: PosAccountUpdate, response: { 200: PosAccount } } },
    async (request) => updateAccount(request.tenant!, request.params.id, request.body, url()),
  )

  app.post(
    '/pos-merchant-accounts/:id/secret',
    { ...owner, schema: { params: IdParams, response: { 200: PosAccount } } },
    async (request) => regenerateSecret(request.tenant!, request.params.id, url()),
  )

  app.get(
    '/stores/:id/products',
    { ...owner, schema: { params: IdParams, response: { 200: PosProductList } } },
    async (request) => ({
      data: await storeProducts(request.tenant!, request.params.id),
    }),
  )

  app.get(
    '/orders/pos/:id',
    { ...owner, schema: { params: ReceiptParams, querystring: StoreIdQuery, response: { 200: PosOrder } } },
    async (request) => orderByReceipt(request.tenant!, request.query.storeId, request.params.id),
  )

  app.get(
    '/api/v2/orders/lb/:id',
    { ...owner, schema: { params: IdParams, response: { 200: PosOrder } } },
    async (request) => orderById(request.tenant!, request.params.id),
  )

  app.get(
    '/api/v2/stores/:id/pos-orders',
    {
      ...owner,
      schema: { params: IdParams, querystring: OrderListQuery, response: { 200: PosOrderList } },
    },
    async (request) => ({
      data: await storeOrders(request.tenant!, request.params.id, request.query.limit),
    }),
  )

  app.get(
    '/api/v2/stores/:id/webhook-status',
    { ...owner, schema: { params: IdParams, response: { 200: WebhookStatus } } },
    async (request) => webhookStatus(request.tenant!, request.params.id),
  )

  // The till's calls: no user token, the account's secret signs the raw body (HMAC-SHA256 in
  // x-signature). The body stays raw in this scope so the signature is checked over the exact bytes:
  // it declares no body struct (the service parses it once the signature holds), only its params.
  await app.register(async (scope) => {
    const webhook = scope.withTypeProvider<StructTypeProvider>()
    webhook.removeAllContentTypeParsers()
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    webhook.post(
      '/api/pos/webhook/:accountId',
      {
        ...allow('public'),
        bodyLimit: 1024 * 1024,
        schema: { params: PosWebhookParams, response: { 200: PosWebhookResponse } },
      },
      async (request) => {
        const { accountId } = request.params
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const outcome = await receiveWebhook(accountId, raw, request.headers[SIGNATURE_HEADER])
        request.log.info({ posAccount: accountId, ...outcome }, 'pos webhook')
        return { received: true as const, ...outcome }
      },
    )
  })
}
