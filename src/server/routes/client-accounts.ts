// SPEC §7 "Clients": lists, detail, search, create/update/delete, coupons and redeeming.
import { and, eq, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { assign, enums, object, optional, size, string, type } from 'superstruct'
import { ClientInput, COUPON_STATES } from '../../domain/clients'
import { phoneCountry } from '../../domain/countries'
import { Id } from '../../domain/ids'
import { normalisePhone } from '../../domain/phone'
import { clientBalances, clients, franchises } from '../db/schema'
import { badRequest, notFound, parse } from '../errors'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow } from '../plugins/route-contract'
import {
  clientDetail,
  clientWithBalance,
  listClients,
  listCoupons,
  qualificationOf,
  redeemableOffers,
  toClientRow,
  toCouponRow,
  toOfferRow,
} from '../services/client-queries'
import {
  createClient,
  deleteClient,
  linkClientToStore,
  redeemCoupon,
  redeemOffer,
  toLoyaltyCard,
  updateClient,
  visibleClient,
} from '../services/clients'
import { checkKey, requestHash, runOnce } from '../services/idempotency'
import { assertFranchise, assertStore, homeFranchiseId, type Scope, storeIdsFor } from '../services/scope'
import { ClientListQuery, queryInt } from './client-list-query'

const ListQuery = assign(ClientListQuery, type({ franchiseId: optional(Id) }))

export default async function clientAccountRoutes(app: FastifyInstance) {
  const db = () => app.database.db
  const owner = allow('owner')
  const scopeFor = (request: FastifyRequest) => request.principal!.scope
  const actorOf = (request: FastifyRequest) => ({
    userId: request.principal!.user.id,
    impostorOf: request.principal!.impostorOf,
  })
  const franchiseOf = async (scope: Scope, id: string) => {
    assertFranchise(scope, id)
    const [f] = await db().select().from(franchises).where(eq(franchises.id, id))
    if (!f) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
    return f
  }

  app.get('/api/v2/franchises/clients', owner, async (request) => {
    const q = parse(ListQuery, request.query, 'query')
    const scope = await scopeFor(request)
    const franchiseId = q.franchiseId ?? homeFranchiseId(scope)
    if (!franchiseId) return { data: [], metadata: { page: q.page, size: q.size, total: 0 } }
    assertFranchise(scope, franchiseId)
    return listClients(db(), {
      franchiseId,
      storeIds: storeIdsFor(scope, franchiseId),
      page: q.page,
      size: q.size,
      sort: q.sort,
      order: q.order,
      search: q.filter,
      acquiredFrom: q.acquiredFrom,
      clientTypes: q.clientType,
    })
  })

  app.get('/api/v2/stores/:id/clients', owner, async (request) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const q = parse(ListQuery, request.query, 'query')
    const scope = await scopeFor(request)
    const store = await assertStore(db(), scope, id)
    return listClients(db(), {
      franchiseId: store.franchiseId,
      storeIds: [store.id],
      page: q.page,
      size: q.size,
      sort: q.sort,
      order: q.order,
      search: q.filter,
      acquiredFrom: q.acquiredFrom,
      clientTypes: q.clientType,
    })
  })

  app.get('/api/v2/franchises/:fid/clients/:id', owner, async (request) => {
    const { fid, id } = parse(object({ fid: Id, id: Id }), request.params, 'params')
    const scope = await scopeFor(request)
    assertFranchise(scope, fid)
    return clientDetail(db(), await visibleClient(db(), scope, fid, id))
  })

  app.get('/api/v2/franchises/:fid/clients/:id/loyalty', owner, async (request) => {
    const { fid, id } = parse(object({ fid: Id, id: Id }), request.params, 'params')
    const { storeId } = parse(type({ storeId: optional(Id) }), request.query, 'query')
    const scope = await scopeFor(request)
    assertFranchise(scope, fid)
    if (storeId) await assertStore(db(), scope, storeId, fid)
    const c = await visibleClient(db(), scope, fid, id)
    const offers = await redeemableOffers(db(), fid, storeId ?? null)
    return { card: toLoyaltyCard(c), offers: offers.map((o) => toOfferRow(o, c.points)) }
  })

  // One field: an e-mail or a phone number, looked up in the caller's franchise.
  app.get('/api/v2/users/search', owner, async (request) => {
    const { value } = parse(type({ value: size(string(), 1, 254) }), request.query, 'query')
    const scope = await scopeFor(request)
    const franchiseId = homeFranchiseId(scope)
    if (!franchiseId) return []
    const f = await franchiseOf(scope, franchiseId)
    const phone = normalisePhone(value, phoneCountry(f.codeAlpha3))
    const rows = await db()
      .select()
      .from(clients)
      .where(
        and(
          eq(clients.franchiseId, franchiseId),
          or(
            sql`lower(${clients.email}) = ${value.trim().toLowerCase()}`,
            phone ? eq(clients.phone, phone) : sql`false`,
          ),
        ),
      )
      .limit(10)
    const visible = []
    for (const c of rows)
      if (
        await visibleClient(db(), scope, franchiseId, c.id).then(
          () => true,
          () => false,
        )
      )
        visible.push(c)
    return visible.map((c) => ({
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email ?? '',
      phone: c.phone ?? '',
    }))
  })

  app.post('/api/v2/franchises/:id/users', allow('owner', AUTH_NEUTRAL), async (request, reply) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const input = parse(ClientInput, request.body)
    const scope = await scopeFor(request)
    const f = await franchiseOf(scope, id)
    // A store owner's new client belongs to its store, or it could not see it afterwards.
    const storeId = input.storeId ?? (scope.storeIds ? scope.storeIds[0] : undefined)
    if (storeId) await assertStore(db(), scope, storeId, id)
    const c = await createClient(db(), f, { ...input, storeId })
    return reply.status(201).send(await clientDetail(db(), c))
  })

  app.put('/api/v2/franchises/:id/users', allow('owner', AUTH_NEUTRAL), async (request) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const input = parse(ClientInput, request.body)
    if (!input.id)
      throw badRequest('VALIDATION_FAILED', 'Invalid body: id is required to update a client', {
        field: 'id',
        in: 'body',
      })
    const scope = await scopeFor(request)
    const f = await franchiseOf(scope, id)
    await visibleClient(db(), scope, id, input.id)
    return clientDetail(db(), await updateClient(db(), f, input.id, input))
  })

  app.post('/api/v2/stores/:sid/users/:uid', allow('owner', AUTH_NEUTRAL), async (request) => {
    const { sid, uid } = parse(object({ sid: Id, uid: Id }), request.params, 'params')
    const scope = await scopeFor(request)
    const store = await assertStore(db(), scope, sid)
    const [c] = await db()
      .select(clientWithBalance)
      .from(clients)
      .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
      .where(and(eq(clients.id, uid), eq(clients.franchiseId, store.franchiseId)))
    if (!c) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
    await linkClientToStore(db(), store.franchiseId, c.id, store.id)
    const { q } = await qualificationOf(db(), store.franchiseId)
    return toClientRow(c, q, new Date())
  })

  app.delete('/api/v2/franchises/:fid/clients/:id', allow('owner', AUTH_NEUTRAL), async (request, reply) => {
    const { fid, id } = parse(object({ fid: Id, id: Id }), request.params, 'params')
    const scope = await scopeFor(request)
    assertFranchise(scope, fid)
    await visibleClient(db(), scope, fid, id)
    await deleteClient(db(), fid, id)
    return reply.status(204).send()
  })

  app.get('/api/v2/users/:id/coupons', owner, async (request) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const q = parse(
      type({
        page: queryInt(1, 1_000_000, 1),
        size: queryInt(1, 100, 10),
        franchiseId: Id,
        storeId: optional(Id),
        state: optional(enums(COUPON_STATES)),
      }),
      request.query,
      'query',
    )
    const scope = await scopeFor(request)
    assertFranchise(scope, q.franchiseId)
    if (q.storeId) await assertStore(db(), scope, q.storeId, q.franchiseId)
    await visibleClient(db(), scope, q.franchiseId, id)
    return listCoupons(db(), {
      clientId: id,
      franchiseId: q.franchiseId,
      storeId: q.storeId,
      state: q.state,
      page: q.page,
      size: q.size,
    })
  })

  app.post('/api/v2/loyalties/offers/:id/redeem', allow('owner', AUTH_NEUTRAL), async (request, reply) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const input = parse(object({ userId: Id, storeId: Id }), request.body)
    const scope = await scopeFor(request)
    const actor = actorOf(request)
    const key = checkKey(request.headers['idempotency-key'] as string | undefined)
    const result = await redeemOffer(
      db(),
      scope,
      id,
      { clientId: input.userId, storeId: input.storeId },
      actor,
      {
        key,
        userId: actor.userId,
        hash: requestHash('POST', `redeem ${id}`, input),
      },
    )
    if (result.replayed) reply.header('idempotent-replayed', 'true')
    return result.card
  })

  app.post('/api/v2/coupons-user/:id/redeem', allow('owner', AUTH_NEUTRAL), async (request, reply) => {
    const { id } = parse(object({ id: Id }), request.params, 'params')
    const input = parse(type({ storeId: optional(Id) }), request.body ?? {})
    const scope = await scopeFor(request)
    if (input.storeId) await assertStore(db(), scope, input.storeId)
    const actor = actorOf(request)
    const key = checkKey(request.headers['idempotency-key'] as string | undefined)
    const result = await runOnce(
      db(),
      { key, userId: actor.userId, hash: requestHash('POST', `coupon ${id}`, input) },
      async (tx) => toCouponRow(await redeemCoupon(tx, scope, id, input.storeId ?? null), new Date()),
    )
    if (result.replayed) reply.header('idempotent-replayed', 'true')
    return reply.status(result.statusCode).send(result.body)
  })
}
