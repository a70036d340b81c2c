// Outgoing signed webhooks (issue 23): a franchise owner's endpoints, their secrets (answered at
// creation and rotation only), the test event and the delivery log. Each route declares its input,
// calls one service with the request's tenant and replies.
import type { FastifyInstance } from 'fastify'
import { type } from 'superstruct'
import { IdParams } from '../../domain/ids'
import {
  FranchiseParams,
  WebhookDeletedResponse,
  WebhookDeliveryListResponse,
  WebhookEndpointCreate,
  WebhookEndpointListResponse,
  WebhookEndpointPatch,
  WebhookEndpointResponse,
  WebhookSecretResponse,
  WebhookTestResponse,
} from '../../domain/webhooks'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as webhooks from '../services/webhooks'
import { queryInt } from './client-list-query'

const DeliveryQuery = type({ page: queryInt(1, 1_000_000, 1), size: queryInt(1, 100, 20) })

export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const {
    createEndpoint,
    deleteEndpoint,
    listDeliveries,
    listEndpoints,
    rotateSecret,
    sendTestEvent,
    updateEndpoint,
  } = bound(app, webhooks)
  // The franchise owner only: endpoints receive the whole franchise's activity.
  const owner = allow('fullAccess')
  const ownerWrite = allow('fullAccess', AUTH_NEUTRAL)
  const loopback = () => app.config.webhooks.allowHttpLoopback

  app.get(
    '/api/v2/franchises/:fid/webhooks',
    { ...owner, schema: { params: FranchiseParams, response: { 200: WebhookEndpointListResponse } } },
    async (request) => listEndpoints(request.tenant!, request.params.fid),
  )

  app.post(
    '/api/v2/franchises/:fid/webhooks',
    {
      ...ownerWrite,
      schema: {
        params: FranchiseParams,
        body: WebhookEndpointCreate,
        response: { 201: WebhookSecretResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createEndpoint(request.tenant!, request.params.fid, request.body, loopback())),
  )

  app.patch(
    '/api/v2/webhooks/:id',
    {
      ...ownerWrite,
      schema: { params: IdParams, body: WebhookEndpointPatch, response: { 200: WebhookEndpointResponse } },
    },
    async (request) => updateEndpoint(request.tenant!, request.params.id, request.body, loopback()),
  )

  app.delete(
    '/api/v2/webhooks/:id',
    { ...ownerWrite, schema: { params: IdParams, response: { 200: WebhookDeletedResponse } } },
    async (request) => deleteEndpoint(request.tenant!, request.params.id),
  )

  app.post(
    '/api/v2/webhooks/:id/secret',
    { ...ownerWrite, schema: { params: IdParams, response: { 200: WebhookSecretResponse } } },
    async (request) => rotateSecret(request.tenant!, request.params.id),
  )

  app.post(
    '/api/v2/webhooks/:id/test',
    { ...ownerWrite, schema: { params: IdParams, response: { 202: WebhookTestResponse } } },
    async (request, reply) => {
      return reply.status(202).send(await sendTestEvent(request.tenant!, request.params.id, app.webhookQueue))
    },
  )

  app.get(
    '/api/v2/webhooks/:id/deliveries',
    {
      ...owner,
      schema: {
        params: IdParams,
        querystring: DeliveryQuery,
        response: { 200: WebhookDeliveryListResponse },
      },
    },
    async (request) =>
      listDeliveries(request.tenant!, request.params.id, request.query.page, request.query.size),
  )
}
