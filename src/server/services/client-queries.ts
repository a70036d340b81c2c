// Reading clients: the paginated list with its filters (from the aggregates kept on each client row,
// never from the ledger), the detail, the offers a client can redeem and its coupons.
import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { CountryCode } from 'libphonenumber-js'
import {
  type ClientDetail,
  type ClientRow,
  type ClientSortField,
  type ClientType,
  clientType,
  MOBILE_APP_MONTHS,
  periodStart,
  type Qualification,
  SEARCH_TOTAL_LIMIT,
} from '../../domain/clients'
import { phoneCountry } from '../../domain/countries'
import { type Db, rowsOf, type Tx, withoutParallelWorkers } from '../db/client'
import { clientBalances, clientStores, clients, pointsTransactions, stores } from '../db/schema'
import { countByType, countMatching, countStoreByType } from './client-counts'
import { searchCondition, textMatchesRow } from './client-lookups'
import { clientMessages } from './client-messages'
import { inScope, type Scope, scopedFranchise } from './scope'
import { isSmsOptedOut } from './sms-opt-outs'

/** A client's balance (`clientBalances`, migration 0018), and its row with it as one object. */
export const balanceFields = {
  points: clientBalances.points,
  totalCollectedPoints: clientBalances.totalCollectedPoints,
  redeemedOffersCount: clientBalances.redeemedOffersCount,
}
export const clientWithBalance = { ...getTableColumns(clients), ...balanceFields }
export type ClientWithBalance = typeof clients.$inferSelect &
  Pick<typeof clientBalances.$inferSelect, 'points' | 'totalCollectedPoints' | 'redeemedOffersCount'>
type ClientRowDb = ClientWithBalance

export async function qualificationOf(
  db: Db,
  scope: Scope,
  franchiseId: string,
): Promise<{ q: Qualification; currencyCode: string; country: CountryCode }> {
  const f = await scopedFranchise(db, scope, franchiseId)
  return {
    q: f.customersQualification.lostCustomers.timeSinceLastVisit,
    currencyCode: f.currencyCode,
    country: phoneCountry(f.codeAlpha3),
  }
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

/**
 * The SQL twin of `clientType` (src/domain/clients.ts): a client is last seen at its last visit (or
 * creation when it never came) and first seen at its first visit (or creation). Written as ranges
 * over the indexed keys so that a type filter is an index range, not a scan.
 */
export function clientTypeCondition(
  type: ClientType,
  start: Date | SQL,
  c: Record<'lastVisitKey' | 'lastVisitAt' | 'createdAt' | 'firstSeenAt', AnyPgColumn> = clients,
): SQL {
  if (type === 'LOST_CUSTOMER')
    return sql`(${c.lastVisitKey} < ${start} and (${c.lastVisitAt} is not null or ${c.createdAt} < ${start}))`
  if (type === 'NEW_CUSTOMER') return sql`${c.firstSeenAt} >= ${start}`
  return sql`(${c.lastVisitKey} >= ${start} and ${c.firstSeenAt} < ${start})`
}

/**
 * The SQL twin of `periodStart` for a franchise's own qualification (for a query built without it,
 * the campaign audience): the same UTC calendar arithmetic, months included — JavaScript's
 * `setUTCMonth` overflows a missing day into the next month (31 March − 1 month = 3 March), so the
 * months are taken from the first of the month and the day added back.
 */
export function periodStartSql(franchiseId: string, now: Date): SQL {
  const q = sql`f.customers_qualification->'lostCustomers'->'timeSinceLastVisit'`
  const t = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`
  return sql`(select (case ${q}->>'unit'
      when 'days' then ${t} - make_interval(days => (${q}->>'value')::int)
      when 'weeks' then ${t} - make_interval(days => 7 * (${q}->>'value')::int)
      else date_trunc('month', ${t}) - make_interval(months => (${q}->>'value')::int)
        + make_interval(days => extract(day from ${t})::int - 1) + (${t} - date_trunc('day', ${t}))
    end) at time zone 'UTC' from franchises f where f.id = ${franchiseId})`
}

/** Each sortable column's key; each has a (franchise_id, key, id) index (migration 0003). */
export const SORTS: Record<ClientSortField, AnyPgColumn> = {
  lastVisit: clients.lastVisitKey,
  firstName: clients.firstName,
  points: clientBalances.points,
  totalCollectedPoints: clientBalances.totalCollectedPoints,
  visitCount: clients.visitCount,
  averageBasket: clients.averageBasketKey,
  createdAt: clients.createdAt,
}

/** The balance's sort keys are indexed on client_balances, not on the client row (migration 0015). */
export const BALANCE_SORTS: Partial<Record<ClientSortField, AnyPgColumn>> = {
  points: clientBalances.points,
  totalCollectedPoints: clientBalances.totalCollectedPoints,
}

/** The page's ids in order, read from the sort index alone (a deep page skips index entries, not rows). */
function pageIds(db: Db | Tx, query: ListQuery, where: SQL | undefined, onlyFranchise: boolean) {
  const direction = query.order === 'asc' ? asc : desc
  const offset = (query.page - 1) * query.size
  const balanceKey = BALANCE_SORTS[query.sort]
  if (!balanceKey)
    return db
      .select({ id: clients.id })
      .from(clients)
      .where(where)
      .orderBy(direction(SORTS[query.sort]), direction(clients.id))
      .limit(query.size)
      .offset(offset)
      .as('page')
  const balances = db.select({ id: clientBalances.clientId }).from(clientBalances)
  // Filters on the client row join it. The franchise alone is on the balance row, less its few erased
  // clients: NOT IN reads them once (clients_erased_idx, a hashed subplan) where a join visited the
  // client row of every entry a deep page skipped (page 10,001 by points: 1,062 ms at 1M).
  const filtered = onlyFranchise
    ? balances.where(
        and(
          eq(clientBalances.franchiseId, query.franchiseId),
          sql`${clientBalances.clientId} not in (select ${clients.id} from ${clients}
                where ${clients.franchiseId} = ${query.franchiseId} and ${clients.erasedAt} is not null)`,
        ),
      )
    : balances
        .innerJoin(clients, eq(clients.id, clientBalances.clientId))
        .where(and(eq(clientBalances.franchiseId, query.franchiseId), where))
  return filtered
    .orderBy(direction(balanceKey), direction(clientBalances.clientId))
    .limit(query.size)
    .offset(offset)
    .as('page')
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

/** Text matches of a franchise counted on the search table alone, up to `limit` (no join). */
async function countTextMatches(
  db: Db,
  franchiseId: string,
  pattern: string,
  limit: number,
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from client_search_ids(${franchiseId}::uuid, ${pattern}, ${limit}::int)`,
  )
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
}

/**
 * The client list's filter as SQL, one rule for its page, its count and its CSV export (exports.ts):
 * null when the caller's stores leave nothing to list.
 */
export async function clientListFilter(
  db: Db,
  scope: Scope,
  query: Omit<ListQuery, 'page' | 'size'>,
  now = new Date(),
  /** For a page (listClients): a broad text search then reads in the list's order; an export lists every match. */
  forPage = false,
) {
  const { q, country } = await qualificationOf(db, scope, query.franchiseId)
  if (query.storeIds && !query.storeIds.length) return null
  const start = periodStart(q, now)
  // An erased client (GDPR) is no longer a client: its row stays for the ledger's figures only.
  const base: SQL[] = [
    eq(clients.franchiseId, query.franchiseId),
    inScope(scope, clients),
    isNull(clients.erasedAt),
  ]
  const conditions = [...base]
  if (query.storeIds)
    conditions.push(
      sql`exists (select 1 from ${clientStores} where ${clientStores.clientId} = ${clients.id} and ${inArray(clientStores.storeId, query.storeIds)})`,
    )
  const search = query.search.trim()
  const searched = search ? searchCondition(search, country, query.franchiseId) : null
  // A text search's matches, counted up to the cap once: the list's total, and which way its page reads.
  const textMatches =
    forPage && searched?.pattern
      ? await countTextMatches(db, query.franchiseId, searched.pattern, SEARCH_TOTAL_LIMIT + 1)
      : null
  if (searched)
    conditions.push(
      textMatches !== null && textMatches > SEARCH_TOTAL_LIMIT
        ? textMatchesRow(query.franchiseId, searched.pattern!)
        : searched.where,
    )
  if (query.acquiredFrom.length) conditions.push(inArray(clients.acquiredFrom, query.acquiredFrom))
  if (query.clientTypes.length)
    conditions.push(or(...query.clientTypes.map((t) => clientTypeCondition(t, start)))!)
  return {
    q,
    start,
    search,
    searched,
    textMatches,
    where: and(...conditions),
    // The franchise's clients, unfiltered: the balance sorts then read the balance rows alone.
    onlyFranchise: conditions.length === base.length,
  }
}

export async function listClients(db: Db, scope: Scope, query: ListQuery, now = new Date()) {
  const filter = await clientListFilter(db, scope, query, now, true)
  if (!filter) return { data: [], metadata: { page: query.page, size: query.size, total: 0 } }
  const { q, start, search, textMatches, where } = filter

  // The page's ids first, then those rows (the same values order them: one snapshot).
  const direction = query.order === 'asc' ? asc : desc
  const order = [direction(SORTS[query.sort]), direction(clients.id)]
  const read = (q: Db | Tx) => {
    const page = pageIds(q, query, where, filter.onlyFranchise)
    return q
      .select(clientWithBalance)
      .from(clients)
      .innerJoin(page, eq(page.id, clients.id))
      .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
      .orderBy(...order)
  }
  // A text many clients match is read in the list's order, each client probed (textMatchesRow): the
  // planner, expecting few matches, shared that walk among parallel workers whose start cost more than
  // the walk (50 ms of a 70 ms page at 1M clients, 15 ms without): that page runs with workers off.
  const broad = textMatches !== null && textMatches > SEARCH_TOTAL_LIMIT
  const rows = broad ? await withoutParallelWorkers(db, read) : await read(db)

  if (search) {
    // A text search alone is counted on the search table (its own trigram index), not through clients.
    const total =
      textMatches !== null && !query.storeIds && !query.acquiredFrom.length && !query.clientTypes.length
        ? textMatches
        : await countMatching(db, where, SEARCH_TOTAL_LIMIT + 1)
    return {
      data: rows.map((r) => toClientRow(r, q, now)),
      metadata: {
        page: query.page,
        size: query.size,
        total: Math.min(total, SEARCH_TOTAL_LIMIT),
        ...(total > SEARCH_TOTAL_LIMIT ? { totalIsLowerBound: true } : {}),
      },
    }
  }
  const oneStore = query.storeIds?.length === 1 && !query.acquiredFrom.length ? query.storeIds[0]! : null
  const total = oneStore
    ? await countStoreByType(db, query.franchiseId, oneStore, query.clientTypes, start)
    : query.storeIds
      ? await countMatching(db, where)
      : await countByType(db, query.franchiseId, query.acquiredFrom, query.clientTypes, start)
  return {
    data: rows.map((r) => toClientRow(r, q, now)),
    metadata: { page: query.page, size: query.size, total },
  }
}

export async function clientDetail(
  db: Db,
  scope: Scope,
  c: ClientRowDb,
  now = new Date(),
): Promise<ClientDetail> {
  const { q, currencyCode } = await qualificationOf(db, scope, c.franchiseId)
  const transactions = await db
    .select({ t: pointsTransactions, storeName: stores.name })
    .from(pointsTransactions)
    .leftJoin(
      stores,
      and(eq(stores.id, pointsTransactions.storeId), eq(stores.franchiseId, pointsTransactions.franchiseId)),
    )
    .where(and(eq(pointsTransactions.franchiseId, c.franchiseId), eq(pointsTransactions.clientId, c.id)))
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
    smsOptedOut: await isSmsOptedOut(db, c.franchiseId, c.phone),
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
    messages: await clientMessages(db, c),
  }
}
