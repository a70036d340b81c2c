// SPEC §7 "Clients": lists, detail, search, create/update/delete, coupons and redeeming. Each route
// declares its input, calls one service with the request's tenant and replies.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { assign, enums, object, optional, size, string, type } from 'superstruct'
import {
  ClientDetail,
  ClientInput,
  ClientLoyaltyResponse,
  ClientPage,
  ClientRow,
  ClientSearchResponse,
  COUPON_STATES,
  CouponPage,
  CouponRow,
  LoyaltyCard,
} from '../../domain/clients'
import { Id } from '../../domain/ids'
import { badRequest } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, NoContent, type StructTypeProvider } from '../plugins/route-contract'
import { bound, boundRead } from '../services/bound'
import * as clientAccounts from '../services/client-accounts'
import { checkKey, requestHash } from '../services/idempotency'
import { ClientListQuery, queryInt } from './client-list-query'

const IdParams = object({ id: Id })
const FranchiseClientParams = object({ fid: Id, id: Id })
const CouponQuery = type({
  page: queryInt(1, 1_000_000, 1),
  size: queryInt(1, 100, 10),
  franchiseId: Id,
  storeId: optional(Id),
  state: optional(enums(COUPON_STATES)),
})

/** The Idempotency-Key of a points move, with what makes a repeat the same request. */
const keyOf = (request: FastifyRequest, what: string, input: unknown) => ({
  key: checkKey(request.headers['idempotency-key'] as string | undefined),
  userId: request.tenant!.userId,
  hash: requestHash(request.method, what, input),
})

export default async function clientAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const {
    addClient,
    clientCoupons,
    clientLoyalty,
    editClient,
    getClient,
    linkClient,
    redeemCouponFor,
    redeemOfferFor,
    removeClient,
    searchClients,
  } = bound(app, clientAccounts)
  const { franchiseClients, storeClients } = boundRead(app, clientAccounts)
  const owner = allow('owner')
  const ownerWrite = allow('owner', AUTH_NEUTRAL)

  app.get(
    '/api/v2/franchises/clients',
    {
      ...owner,
      schema: {
        response: { 200: ClientPage },
        querystring: assign(ClientListQuery, type({ franchiseId: optional(Id) })),
      },
    },
    async (request) => franchiseClients(request.tenant!, request.query),
  )

  app.get(
    '/api/v2/stores/:id/clients',
    { ...owner, schema: { response: { 200: ClientPage }, params: IdParams, querystring: ClientListQuery } },
    async (request) => storeClients(request.tenant!, request.params.id, request.query),
  )

  app.get(
    '/api/v2/franchises/:fid/clients/:id',
    { ...owner, schema: { response: { 200: ClientDetail }, params: FranchiseClientParams } },
    async (request) => getClient(request.tenant!, request.params.fid, request.params.id),
  )

  app.get(
    '/api/v2/franchises/:fid/clients/:id/loyalty',
    {
      ...owner,
      schema: {
        response: { 200: ClientLoyaltyResponse },
        params: FranchiseClientParams,
        querystring: type({ storeId: optional(Id) }),
      },
    },
    async (request) =>
      clientLoyalty(request.tenant!, request.params.fid, request.params.id, request.query.storeId),
  )

  // One field: an e-mail or a phone number, looked up in the caller's franchise.
  app.get(
    '/api/v2/users/search',
    {
      ...owner,
      schema: {
        response: { 200: ClientSearchResponse },
        querystring: type({ value: size(string(), 1, 254) }),
      },
    },
    async (request) => searchClients(request.tenant!, request.query.value),
  )

  app.post(
    '/api/v2/franchises/:id/users',
    { ...ownerWrite, schema: { response: { 201: ClientDetail }, params: IdParams, body: ClientInput } },
    async (request, reply) =>
      reply.status(201).send(await addClient(request.tenant!, request.params.id, request.body)),
  )

  app.put(
    '/api/v2/franchises/:id/users',
    { ...ownerWrite, schema: { response: { 200: ClientDetail }, params: IdParams, body: ClientInput } },
    async (request) => {
      const input = request.body
      if (!input.id)
        throw badRequest('VALIDATION_FAILED', 'Invalid body: id is required to update a client', {
          field: 'id',
          in: 'body',
        })
      return editClient(request.tenant!, request.params.id, input.id, input)
    },
  )

  // `lookup`: the phone or e-mail the customer told at the counter; a store owner needs it to link a
  // client of another store of the franchise (domain/access.ts canLinkClient).
  app.post(
    '/api/v2/stores/:sid/users/:uid',
    {
      ...ownerWrite,
      schema: {
        response: { 200: ClientRow },
        params: object({ sid: Id, uid: Id }),
        body: optional(type({ lookup: optional(size(string(), 1, 254)) })),
      },
    },
    async (request) =>
      linkClient(request.tenant!, request.params.sid, request.params.uid, request.body?.lookup),
  )

  app.delete(
    '/api/v2/franchises/:fid/clients/:id',
    { ...ownerWrite, schema: { response: { 204: NoContent }, params: FranchiseClientParams } },
    async (request, reply) => {
      await removeClient(request.tenant!, request.params.fid, request.params.id)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/v2/users/:id/coupons',
    { ...owner, schema: { response: { 200: CouponPage }, params: IdParams, querystring: CouponQuery } },
    async (request) => clientCoupons(request.tenant!, request.params.id, request.query),
  )

  app.post(
    '/api/v2/loyalties/offers/:id/redeem',
    {
      ...ownerWrite,
      schema: { response: { 200: LoyaltyCard }, params: IdParams, body: object({ userId: Id, storeId: Id }) },
    },
    async (request, reply) => {
      const { id } = request.params
      const result = await redeemOfferFor(
        request.tenant!,
        id,
        request.body,
        keyOf(request, `redeem ${id}`, request.body),
      )
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      return result.card
    },
  )

  app.post(
    '/api/v2/coupons-user/:id/redeem',
    {
      ...ownerWrite,
      schema: {
        response: { 200: CouponRow },
        params: IdParams,
        body: optional(type({ storeId: optional(Id) })),
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const input = request.body ?? {}
      const result = await redeemCouponFor(
        request.tenant!,
        id,
        input.storeId,
        keyOf(request, `coupon ${id}`, input),
      )
      if (result.replayed) reply.header('idempotent-replayed', 'true')
      // runOnce answers 200, or the stored status of the first answer on a replay (also 200).
      return reply.status(result.statusCode as 200).send(result.body)
    },
  )
}
