// Reading clients: the paginated list with its filters (from the aggregates kept on each client row,
// never from the ledger), the detail, the offers a client can redeem and its coupons.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import {
  type ClientDetail,
  type ClientRow,
  type ClientSortField,
  type ClientType,
  type CouponRow,
  type CouponState,
  clientType,
  couponState,
  MOBILE_APP_MONTHS,
  type OfferRow,
  periodStart,
  type Qualification,
} from '../../domain/clients'
import type { Db } from '../db/client'
import {
  clientStores,
  clients,
  coupons,
  franchises,
  loyaltyModels,
  loyaltyOffers,
  pointsTransactions,
  stores,
} from '../db/schema'
import { notFound } from '../errors'

type ClientRowDb = typeof clients.$inferSelect

export async function qualificationOf(
  db: Db,
  franchiseId: string,
): Promise<{ q: Qualification; currencyCode: string }> {
  const [f] = await db.select().from(franchises).where(eq(franchises.id, franchiseId))
  if (!f) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return { q: f.customersQualification.lostCustomers.timeSinceLastVisit, currencyCode: f.currencyCode }
}

const averageBasket = (c: ClientRowDb) =>
  c.salesCount > 0 ? Math.round(c.totalSpentCents / c.salesCount) : 0
const hasMobileApp = (c: ClientRowDb, now: Date) => {
  if (!c.appLastUsedAt) return false
  const since = new Date(now)
  since.setUTCMonth(since.getUTCMonth() - MOBILE_APP_MONTHS)
  return c.appLastUsedAt.getTime() >= since.getTime()
}

export function toClientRow(c: ClientRowDb, q: Qualification, now: Date): ClientRow {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    clientType: clientType(c, q, now),
    acquiredFrom: c.acquiredFrom,
    points: c.points,
    totalCollectedPoints: c.totalCollectedPoints,
    visitCount: c.visitCount,
    lastVisitAt: c.lastVisitAt?.toISOString() ?? null,
    averageBasketCents: averageBasket(c),
    hasMobileApp: hasMobileApp(c, now),
    createdAt: c.createdAt.toISOString(),
  }
}

/** The SQL twin of `clientType` (src/domain/clients.ts), so the type filter runs in the database. */
function clientTypeCondition(type: ClientType, start: Date): SQL {
  const last = sql`coalesce(${clients.lastVisitAt}, ${clients.createdAt})`
  const first = sql`coalesce(${clients.firstVisitAt}, ${clients.createdAt})`
  if (type === 'LOST_CUSTOMER') return sql`${last} < ${start}`
  if (type === 'NEW_CUSTOMER') return sql`${last} >= ${start} and ${first} >= ${start}`
  return sql`${last} >= ${start} and ${first} < ${start}`
}

const SORTS: Record<ClientSortField, SQL | typeof clients.firstName> = {
  lastVisit: sql`${clients.lastVisitAt}`,
  firstName: clients.firstName,
  points: sql`${clients.points}`,
  totalCollectedPoints: sql`${clients.totalCollectedPoints}`,
  visitCount: sql`${clients.visitCount}`,
  averageBasket: sql`(${clients.totalSpentCents} / nullif(${clients.salesCount}, 0))`,
  createdAt: sql`${clients.createdAt}`,
}

export type ListQuery = {
  franchiseId: string
  /** Only clients who visited one of these stores (a chosen store, or a store owner's stores). */
  storeIds: string[] | null
  page: number
  size: number
  sort: ClientSortField
  order: 'asc' | 'desc'
  search: string
  acquiredFrom: string[]
  clientTypes: ClientType[]
}

export async function listClients(db: Db, query: ListQuery, now = new Date()) {
  const { q } = await qualificationOf(db, query.franchiseId)
  const conditions: SQL[] = [eq(clients.franchiseId, query.franchiseId)]
  if (query.storeIds) {
    if (!query.storeIds.length)
      return { data: [], metadata: { page: query.page, size: query.size, total: 0 } }
    conditions.push(
      sql`exists (select 1 from ${clientStores} where ${clientStores.clientId} = ${clients.id} and ${inArray(clientStores.storeId, query.storeIds)})`,
    )
  }
  const search = query.search.trim()
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    const digits = search.replace(/\D/g, '')
    const any = [ilike(clients.firstName, like), ilike(clients.lastName, like), ilike(clients.email, like)]
    if (digits.length >= 3) any.push(sql`${clients.phone} like ${`%${digits}%`}`)
    conditions.push(or(...any)!)
  }
  if (query.acquiredFrom.length) conditions.push(inArray(clients.acquiredFrom, query.acquiredFrom))
  if (query.clientTypes.length) {
    const start = periodStart(q, now)
    conditions.push(or(...query.clientTypes.map((t) => clientTypeCondition(t, start)))!)
  }
  const where = and(...conditions)
  const column = SORTS[query.sort]
  const direction = query.order === 'asc' ? asc : desc
  const nulls = query.order === 'asc' ? sql`nulls first` : sql`nulls last`
  const rows = await db
    .select()
    .from(clients)
    .where(where)
    .orderBy(sql`${direction(column as SQL)} ${nulls}`, direction(clients.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size)
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(clients).where(where)
  return {
    data: rows.map((c) => toClientRow(c, q, now)),
    metadata: { page: query.page, size: query.size, total: count?.n ?? 0 },
  }
}

export async function clientDetail(db: Db, c: ClientRowDb, now = new Date()): Promise<ClientDetail> {
  const { q, currencyCode } = await qualificationOf(db, c.franchiseId)
  const transactions = await db
    .select({ t: pointsTransactions, storeName: stores.name })
    .from(pointsTransactions)
    .leftJoin(stores, eq(stores.id, pointsTransactions.storeId))
    .where(eq(pointsTransactions.clientId, c.id))
    .orderBy(desc(pointsTransactions.createdAt))
    .limit(100)
  const weeks = c.firstVisitAt
    ? Math.max(1, Math.ceil((now.getTime() - c.firstVisitAt.getTime()) / (7 * 86400_000)))
    : 1
  return {
    ...toClientRow(c, q, now),
    franchiseId: c.franchiseId,
    gender: c.gender,
    birthDate: c.birthDate,
    postcode: c.postcode,
    redeemedOffersCount: c.redeemedOffersCount,
    firstVisitAt: c.firstVisitAt?.toISOString() ?? null,
    weeklyAverageBasketCents: Math.round(c.totalSpentCents / weeks),
    currencyCode,
    transactions: transactions.map(({ t, storeName }) => ({
      id: t.id,
      type: t.type,
      points: t.points,
      amountCents: t.amountCents,
      storeId: t.storeId,
      storeName: storeName ?? null,
      createdAt: t.createdAt.toISOString(),
    })),
  }
}

export function toOfferRow(o: typeof loyaltyOffers.$inferSelect, points?: number): OfferRow {
  return {
    id: o.id,
    name: o.name,
    description: o.description,
    image: o.image,
    redeemPointAmount: o.redeemPointAmount,
    type: o.type,
    value: o.value,
    currencyCode: o.currencyCode,
    status: o.status,
    redeemedCount: o.redeemedCount,
    ...(points !== undefined ? { canRedeem: points >= o.redeemPointAmount } : {}),
  }
}

/** Active, unexpired offers of the franchise's card that cover the store (all stores when none listed). */
export async function redeemableOffers(
  db: Db,
  franchiseId: string,
  storeId: string | null,
  now = new Date(),
) {
  const rows = await db
    .select({ o: loyaltyOffers, storeIds: loyaltyModels.storeIds })
    .from(loyaltyOffers)
    .innerJoin(loyaltyModels, eq(loyaltyModels.id, loyaltyOffers.loyaltyModelId))
    .where(
      and(
        eq(loyaltyOffers.franchiseId, franchiseId),
        eq(loyaltyOffers.status, 'ACTIVE'),
        or(isNull(loyaltyOffers.expiresAt), gte(loyaltyOffers.expiresAt, now)),
      ),
    )
    .orderBy(asc(loyaltyOffers.redeemPointAmount))
  return rows
    .filter((r) => !storeId || r.storeIds.length === 0 || r.storeIds.includes(storeId))
    .map((r) => r.o)
}

export function toCouponRow(c: typeof coupons.$inferSelect, now: Date): CouponRow {
  return {
    id: c.id,
    type: c.type,
    value: c.value,
    currencyCode: c.currencyCode,
    header: c.header,
    productDescription: c.productDescription,
    termsOfUse: c.termsOfUse,
    expiresAt: c.expiresAt.toISOString(),
    claimedAt: c.claimedAt?.toISOString() ?? null,
    state: couponState(c, now),
  }
}

export async function listCoupons(
  db: Db,
  q: {
    clientId: string
    franchiseId: string
    storeId?: string | undefined
    state?: CouponState | undefined
    page: number
    size: number
  },
  now = new Date(),
) {
  const conditions: SQL[] = [eq(coupons.clientId, q.clientId), eq(coupons.franchiseId, q.franchiseId)]
  if (q.storeId) conditions.push(or(isNull(coupons.storeId), eq(coupons.storeId, q.storeId))!)
  if (q.state === 'claimed') conditions.push(isNotNull(coupons.claimedAt))
  if (q.state === 'expired') conditions.push(isNull(coupons.claimedAt), lt(coupons.expiresAt, now))
  if (q.state === 'active') conditions.push(isNull(coupons.claimedAt), gte(coupons.expiresAt, now))
  const where = and(...conditions)
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(asc(coupons.expiresAt), asc(coupons.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size)
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(coupons).where(where)
  return {
    data: rows.map((c) => toCouponRow(c, now)),
    metadata: { page: q.page, size: q.size, total: count?.n ?? 0 },
  }
}
