// SPEC §7 "Clients" for the routes of routes/client-accounts.ts: every call takes the request's tenant
// and reaches clients only through its scope (scope.ts) and the rules of domain/access.ts.
import { and, eq, sql } from 'drizzle-orm'
import { canDeleteClient, canLinkClient, reachesClient } from '../../domain/access'
import type { ClientInput, CouponState } from '../../domain/clients'
import { phoneCountry } from '../../domain/countries'
import { normalisePhone } from '../../domain/phone'
import type { Db, Tx } from '../db/client'
import { clientBalances, clientStores, clients } from '../db/schema'
import { forbidden, notFound } from '../errors'
import { emailIn } from './client-lookups'
import { listCoupons, redeemableOffers, toCouponRow, toOfferRow } from './client-offers'
import {
  clientDetail,
  clientWithBalance,
  type ListQuery,
  listClients,
  qualificationOf,
  toClientRow,
} from './client-queries'
import {
  createClient,
  deleteClient,
  linkClientToStore,
  redeemCoupon,
  redeemOffer,
  toLoyaltyCard,
  updateClient,
  visibleClient,
} from './clients'
import { runOnce } from './idempotency'
import type { IdempotencyKey } from './ledger'
import {
  assertFranchise,
  assertStore,
  homeFranchiseId,
  reachOf,
  scopedFranchise,
  storeIdsFor,
  type Tenant,
} from './scope'

export type ClientListParams = {
  page: number
  size: number
  sort: Parameters<typeof listClients>[2]['sort']
  order: 'asc' | 'desc'
  filter: string
  acquiredFrom: string[]
  clientType: Parameters<typeof listClients>[2]['clientTypes']
}

const clientNotFound = () => notFound('CLIENT_NOT_FOUND', 'Client not found')
const actorOf = (t: Tenant) => ({ userId: t.userId, impostorOf: t.actingAs })

/** The stores a client is linked to (visited, or acquired in). */
async function storesOfClient(db: Db | Tx, franchiseId: string, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ storeId: clientStores.storeId })
    .from(clientStores)
    .where(and(eq(clientStores.franchiseId, franchiseId), eq(clientStores.clientId, clientId)))
  return rows.map((r) => r.storeId)
}

/** The list query's names as the list function takes them (the client list and a card's clients). */
export const listParams = (q: ClientListParams) => ({
  page: q.page,
  size: q.size,
  sort: q.sort,
  order: q.order,
  search: q.filter,
  acquiredFrom: q.acquiredFrom,
  clientTypes: q.clientType,
})

/**
 * The list a client-list query names: one store's (`storeId`), or the franchise's (the caller's own
 * when none is named) within the caller's stores; null when the caller has no franchise. One rule for
 * the list page and its CSV export (exports.ts).
 */
export async function clientListQuery(
  db: Db,
  tenant: Tenant,
  q: ClientListParams & { franchiseId?: string | undefined; storeId?: string | undefined },
): Promise<ListQuery | null> {
  if (q.storeId) {
    const store = await assertStore(db, tenant, q.storeId, q.franchiseId)
    return { franchiseId: store.franchiseId, storeIds: [store.id], ...listParams(q) }
  }
  const franchiseId = q.franchiseId ?? homeFranchiseId(tenant)
  if (!franchiseId) return null
  assertFranchise(tenant, franchiseId)
  return { franchiseId, storeIds: storeIdsFor(tenant, franchiseId), ...listParams(q) }
}

export async function franchiseClients(
  db: Db,
  tenant: Tenant,
  q: ClientListParams & { franchiseId?: string },
) {
  const query = await clientListQuery(db, tenant, { ...q, storeId: undefined })
  if (!query) return { data: [], metadata: { page: q.page, size: q.size, total: 0 } }
  return listClients(db, tenant, query)
}

export async function storeClients(db: Db, tenant: Tenant, storeId: string, q: ClientListParams) {
  return listClients(db, tenant, (await clientListQuery(db, tenant, { ...q, storeId }))!)
}

export async function getClient(db: Db, tenant: Tenant, franchiseId: string, id: string) {
  return clientDetail(db, tenant, await visibleClient(db, tenant, franchiseId, id))
}

export async function clientLoyalty(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  id: string,
  storeId: string | undefined,
) {
  assertFranchise(tenant, franchiseId)
  if (storeId) await assertStore(db, tenant, storeId, franchiseId)
  const c = await visibleClient(db, tenant, franchiseId, id)
  const offers = await redeemableOffers(db, franchiseId, storeId ?? null)
  return { card: toLoyaltyCard(c), offers: offers.map((o) => toOfferRow(o, c.points)) }
}

/** A phone or an e-mail typed in the store, normalised as the client rows keep them. */
function typedLookup(value: string, codeAlpha3: string) {
  return {
    phone: normalisePhone(value, phoneCountry(codeAlpha3)),
    email: value.includes('@') ? value.trim().toLowerCase() : null,
  }
}

/**
 * One field, an e-mail or a phone number, matched exactly in the caller's franchise. A store owner
 * also finds the franchise's clients of other stores (the customer is at the counter, telling it);
 * for those it gets back what it typed and the name, not the other field (`linked: false`).
 */
export async function searchClients(db: Db, tenant: Tenant, value: string) {
  const franchiseId = homeFranchiseId(tenant)
  if (!franchiseId) return []
  const f = await scopedFranchise(db, tenant, franchiseId)
  const typed = typedLookup(value, f.codeAlpha3)
  const rows = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.franchiseId, franchiseId),
        // One lookup or the other: an OR with the e-mail's subquery would read the whole franchise.
        typed.email
          ? emailIn(franchiseId, [typed.email])
          : typed.phone
            ? eq(clients.phone, typed.phone)
            : sql`false`,
      ),
    )
    .limit(10)
  const reach = reachOf(tenant, franchiseId)
  const found = []
  for (const c of rows) {
    const linked = reachesClient(reach, await storesOfClient(db, franchiseId, c.id))
    const sameEmail = !!typed.email && c.email?.toLowerCase() === typed.email
    found.push({
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: linked || sameEmail ? (c.email ?? '') : '',
      phone: linked || (!!typed.phone && c.phone === typed.phone) ? (c.phone ?? '') : '',
      linked,
    })
  }
  return found
}

export async function addClient(db: Db, tenant: Tenant, franchiseId: string, input: ClientInput) {
  const f = await scopedFranchise(db, tenant, franchiseId)
  // A store owner's new client belongs to its store, or it could not see it afterwards.
  const storeId =
    input.storeId ?? (tenant.storeIds && !tenant.everyFranchise ? tenant.storeIds[0] : undefined)
  if (storeId) await assertStore(db, tenant, storeId, franchiseId)
  return clientDetail(db, tenant, await createClient(db, f, { ...input, storeId }))
}

export async function editClient(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  id: string,
  input: ClientInput,
) {
  const f = await scopedFranchise(db, tenant, franchiseId)
  await visibleClient(db, tenant, franchiseId, id)
  return clientDetail(db, tenant, await updateClient(db, f, id, input))
}

/**
 * Links a client of the franchise to one of the caller's stores. A store owner must give the phone or
 * e-mail the customer told at the counter (domain/access.ts canLinkClient): an id alone links nothing.
 */
export async function linkClient(db: Db, tenant: Tenant, storeId: string, clientId: string, lookup?: string) {
  const store = await assertStore(db, tenant, storeId)
  const [c] = await db
    .select(clientWithBalance)
    .from(clients)
    .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
    .where(and(eq(clients.id, clientId), eq(clients.franchiseId, store.franchiseId)))
  if (!c) throw clientNotFound()
  const f = await scopedFranchise(db, tenant, store.franchiseId)
  const reach = reachOf(tenant, store.franchiseId)
  const typed = lookup ? typedLookup(lookup, f.codeAlpha3) : { phone: null, email: null }
  // Unknown and unreachable look the same: a 404 says nothing about the franchise's other clients.
  if (
    !reachesClient(reach, await storesOfClient(db, store.franchiseId, c.id)) &&
    !canLinkClient(reach, c, typed)
  )
    throw clientNotFound()
  await linkClientToStore(db, store.franchiseId, c.id, store.id)
  const { q } = await qualificationOf(db, tenant, store.franchiseId)
  return toClientRow(c, q, new Date())
}

export async function removeClient(db: Db, tenant: Tenant, franchiseId: string, id: string) {
  assertFranchise(tenant, franchiseId)
  await visibleClient(db, tenant, franchiseId, id)
  if (!canDeleteClient(reachOf(tenant, franchiseId), await storesOfClient(db, franchiseId, id)))
    throw forbidden(
      'This client also visited other stores of the franchise: only the franchise owner may delete it',
      'CLIENT_SHARED',
    )
  await deleteClient(db, franchiseId, id)
}

export async function clientCoupons(
  db: Db,
  tenant: Tenant,
  clientId: string,
  q: { page: number; size: number; franchiseId: string; storeId?: string; state?: CouponState },
) {
  assertFranchise(tenant, q.franchiseId)
  if (q.storeId) await assertStore(db, tenant, q.storeId, q.franchiseId)
  await visibleClient(db, tenant, q.franchiseId, clientId)
  return listCoupons(db, { clientId, ...q })
}

export async function redeemOfferFor(
  db: Db,
  tenant: Tenant,
  offerId: string,
  input: { userId: string; storeId: string },
  key: IdempotencyKey,
) {
  return redeemOffer(
    db,
    tenant,
    offerId,
    { clientId: input.userId, storeId: input.storeId },
    actorOf(tenant),
    key,
  )
}

export async function redeemCouponFor(
  db: Db,
  tenant: Tenant,
  couponId: string,
  storeId: string | undefined,
  key: IdempotencyKey,
) {
  if (storeId) await assertStore(db, tenant, storeId)
  return runOnce(db, key, async (tx) =>
    toCouponRow(await redeemCoupon(tx, tenant, couponId, storeId ?? null), new Date()),
  )
}
