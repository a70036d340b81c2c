// News and happy hours (issue 19, SPEC §3/§4 News, §5, §7). Franchise owners manage every item of
// their franchise; a store owner reads the franchise-wide items and its stores' items, and writes only
// items for its own stores. Writes that make an item run (create, update, restart) take the franchise
// row's lock first, so two concurrent writes cannot both fit under the §5 limit of offers at once.
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import {
  ANNUAL_DAYS,
  limitConflicts,
  NEWS_LIMIT_CODE,
  type NewsConflict,
  type NewsInput,
  type NewsItem,
  type NewsPage,
  type NewsStatus,
  newsInputError,
  newsStatus,
  type ScanNews,
} from '../../domain/news'
import { todayIn } from '../../domain/today'
import type { Db, Tx } from '../db/client'
import { campaigns, franchises, news } from '../db/schema'
import { AppError, badRequest, notFound } from '../errors'
import {
  assertStore,
  changesNews,
  FRANCHISE_COLS,
  inScope,
  newsVisibleTo,
  scopedFranchise,
  scopedId,
  seesNews,
  storeIdsFor,
  type Tenant,
} from './scope'

type Row = typeof news.$inferSelect
type Franchise = typeof franchises.$inferSelect

const NEWS_COLS = { id: news.id, franchiseId: news.franchiseId }
export const newsNotFound = () => notFound('NEWS_NOT_FOUND', 'News not found')

function toItem(row: Row, f: Franchise, today: string, mine: string[] | null): NewsItem {
  return {
    id: row.id,
    franchiseId: row.franchiseId,
    storeIds: row.storeIds,
    name: row.name,
    type: row.type as NewsItem['type'],
    description: row.description,
    priceCents: row.priceCents,
    currencyCode: f.currencyCode,
    startDate: row.startDate,
    endDate: row.endDate,
    happyHourStart: row.happyHourStart,
    happyHourEnd: row.happyHourEnd,
    drinkType: row.drinkType,
    customersOnly: row.customersOnly,
    isStopped: row.isStopped,
    status: newsStatus(row, today),
    canEdit: changesNews(row.storeIds, mine),
    dateCreated: row.createdAt.toISOString(),
  }
}

/** The item by id within the caller's scope, with its franchise; foreign or hidden: 404. */
export async function loadNews(db: Db | Tx, tenant: Tenant, id: string) {
  const [row] = await db
    .select()
    .from(news)
    .where(scopedId(tenant, NEWS_COLS, id))
  if (!row) throw newsNotFound()
  const f = await scopedFranchise(db, tenant, row.franchiseId)
  const mine = storeIdsFor(tenant, row.franchiseId)
  if (!seesNews(row.storeIds, mine)) throw newsNotFound()
  return { row, f, mine }
}

/** GET /api/v2/news/:id */
export async function getNews(db: Db, tenant: Tenant, id: string, now = new Date()): Promise<NewsItem> {
  const { row, f, mine } = await loadNews(db, tenant, id)
  return toItem(row, f, todayIn(f.timezone, now), mine)
}

/**
 * The SQL of a displayed status at `today`: the same rule as domain newsStatus(), said in SQL so
 * that the list pages and counts by status (tests/server/news.test.ts checks both agree).
 */
export function statusCondition(status: NewsStatus, today: string): SQL {
  const running = and(not(news.isStopped), lte(news.startDate, today), gte(news.endDate, today))!
  const annual = sql`(${news.endDate} - ${news.startDate} + 1) >= ${ANNUAL_DAYS}`
  switch (status) {
    case 'unpublished':
      return eq(news.isStopped, true)
    case 'upcoming':
      return and(not(news.isStopped), gt(news.startDate, today))!
    case 'expired':
      return and(not(news.isStopped), lt(news.endDate, today))!
    case 'premium':
      return and(running, eq(news.customersOnly, true))!
    case 'annual':
      return and(running, not(news.customersOnly), annual)!
    case 'published':
      return and(running, not(news.customersOnly), not(annual))!
  }
}

export type NewsQuery = { page: number; size: number; status?: NewsStatus; storeId?: string }

/** GET /api/v2/franchises/:id/news: newest period first, paged. */
export async function listNews(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  q: NewsQuery,
  now = new Date(),
): Promise<NewsPage> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  const mine = storeIdsFor(tenant, franchiseId)
  const today = todayIn(f.timezone, now)
  if (q.storeId) await assertStore(db, tenant, q.storeId, franchiseId)
  const where = and(
    eq(news.franchiseId, franchiseId),
    inScope(tenant, { franchiseId: news.franchiseId }),
    newsVisibleTo(mine),
    q.status ? statusCondition(q.status, today) : undefined,
    q.storeId
      ? or(sql`cardinality(${news.storeIds}) = 0`, arrayOverlaps(news.storeIds, [q.storeId]))
      : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(desc(news.startDate), asc(news.name), asc(news.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(news).where(where),
  ])
  return {
    data: rows.map((r) => toItem(r, f, today, mine)),
    metadata: { page: q.page, size: q.size, total: total?.n ?? 0 },
    maxConcurrent: f.newsMaxConcurrent,
    today,
    timezone: f.timezone,
  }
}

/** The input's rules beyond its shape, and its stores: the franchise's, and a store owner's own. */
async function checkInput(tx: Tx, tenant: Tenant, franchiseId: string, input: NewsInput) {
  const bad = newsInputError(input)
  if (bad)
    throw badRequest('VALIDATION_FAILED', `Invalid body: ${bad.field}: ${bad.message}`, {
      field: bad.field,
      in: 'body',
    })
  const storeIds = [...new Set(input.storeIds ?? [])].sort()
  for (const s of storeIds) await assertStore(tx, tenant, s, franchiseId)
  const mine = storeIdsFor(tenant, franchiseId)
  if (mine !== null && (storeIds.length === 0 || storeIds.some((s) => !mine.includes(s))))
    throw badRequest('VALIDATION_FAILED', 'Invalid body: storeIds: a store owner chooses among its stores', {
      field: 'storeIds',
      in: 'body',
    })
  return storeIds
}

/** §5: refuses with 409 and the conflicting offers when the item would exceed the limit. */
async function checkLimit(
  tx: Tx,
  f: Franchise,
  candidate: { id?: string; storeIds: string[]; startDate: string; endDate: string },
) {
  const others = await tx
    .select({
      id: news.id,
      name: news.name,
      storeIds: news.storeIds,
      startDate: news.startDate,
      endDate: news.endDate,
    })
    .from(news)
    .where(
      and(
        eq(news.franchiseId, f.id),
        not(news.isStopped),
        lte(news.startDate, candidate.endDate),
        gte(news.endDate, candidate.startDate),
        candidate.id ? sql`${news.id} <> ${candidate.id}` : undefined,
      ),
    )
  const conflicts = limitConflicts(candidate, others, f.newsMaxConcurrent)
  if (conflicts.length) {
    const list: NewsConflict[] = conflicts.map((c) => ({
      id: c.id,
      name: c.name,
      startDate: c.startDate,
      endDate: c.endDate,
    }))
    throw new AppError(
      409,
      NEWS_LIMIT_CODE,
      `At most ${f.newsMaxConcurrent} offers may run at once in a store`,
      { limit: f.newsMaxConcurrent, conflicts: list },
    )
  }
}

/** The franchise row, locked for the rest of the transaction (serialises the limit check). */
async function lockFranchise(tx: Tx, tenant: Tenant, franchiseId: string): Promise<Franchise> {
  const [f] = await tx
    .select()
    .from(franchises)
    .where(scopedId(tenant, FRANCHISE_COLS, franchiseId))
    .for('update')
  if (!f) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return f
}

const columnsOf = (input: NewsInput, storeIds: string[]) => {
  const happy = input.type === 'happy-hours'
  return {
    storeIds,
    name: input.name.trim(),
    type: input.type,
    description: (input.description ?? '').trim(),
    priceCents: input.priceCents ?? null,
    startDate: input.startDate,
    endDate: input.endDate,
    happyHourStart: happy ? (input.happyHourStart ?? null) : null,
    happyHourEnd: happy ? (input.happyHourEnd ?? null) : null,
    drinkType: input.drinkType?.trim() || null,
    customersOnly: input.customersOnly ?? false,
  }
}

/** POST /api/v2/franchises/:id/news */
export async function createNews(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: NewsInput,
  now = new Date(),
): Promise<NewsItem> {
  return db.transaction((tx) => insertNews(tx, tenant, franchiseId, input, now))
}

/** Creates the item within `tx` (a NEWS campaign's too): the §5 limit checked under the franchise's lock. */
export async function insertNews(tx: Tx, tenant: Tenant, franchiseId: string, input: NewsInput, now: Date) {
  const f = await lockFranchise(tx, tenant, franchiseId)
  const storeIds = await checkInput(tx, tenant, franchiseId, input)
  await checkLimit(tx, f, { storeIds, startDate: input.startDate, endDate: input.endDate })
  const [row] = await tx
    .insert(news)
    .values({ franchiseId, userId: tenant.userId, ...columnsOf(input, storeIds) })
    .returning()
  return toItem(row!, f, todayIn(f.timezone, now), storeIdsFor(tenant, franchiseId))
}

/** The item for a write: found in scope and editable by the caller, else 404. */
async function loadForWrite(tx: Tx, tenant: Tenant, id: string) {
  const { row, mine } = await loadNews(tx, tenant, id)
  if (!changesNews(row.storeIds, mine)) throw newsNotFound()
  const f = await lockFranchise(tx, tenant, row.franchiseId)
  return { row, f, mine }
}

/** PUT /api/v2/news/:id: replaces the item (its stopped flag is kept). */
export async function updateNews(
  db: Db,
  tenant: Tenant,
  id: string,
  input: NewsInput,
  now = new Date(),
): Promise<NewsItem> {
  return db.transaction(async (tx) => {
    const { row, f, mine } = await loadForWrite(tx, tenant, id)
    const storeIds = await checkInput(tx, tenant, row.franchiseId, input)
    if (!row.isStopped)
      await checkLimit(tx, f, { id, storeIds, startDate: input.startDate, endDate: input.endDate })
    const [updated] = await tx
      .update(news)
      .set({ ...columnsOf(input, storeIds), updatedAt: new Date() })
      .where(scopedId(tenant, NEWS_COLS, id))
      .returning()
    return toItem(updated!, f, todayIn(f.timezone, now), mine)
  })
}

/** PATCH /api/v2/news/:id/stop and /restart. Restarting counts against the limit again. */
export async function setStopped(
  db: Db,
  tenant: Tenant,
  id: string,
  stopped: boolean,
  now = new Date(),
): Promise<NewsItem> {
  return db.transaction(async (tx) => {
    const { row, f, mine } = await loadForWrite(tx, tenant, id)
    if (!stopped && row.isStopped) await checkLimit(tx, f, row)
    const [updated] = await tx
      .update(news)
      .set({ isStopped: stopped, updatedAt: new Date() })
      .where(scopedId(tenant, NEWS_COLS, id))
      .returning()
    return toItem(updated!, f, todayIn(f.timezone, now), mine)
  })
}

/** DELETE /api/v2/news/:id */
export async function deleteNews(db: Db, tenant: Tenant, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await loadForWrite(tx, tenant, id)
    // A campaign that announced it keeps its message (its key to the news is NO ACTION: docs/citus.md).
    await tx
      .update(campaigns)
      .set({ newsId: null })
      .where(and(eq(campaigns.franchiseId, row.franchiseId), eq(campaigns.newsId, id)))
    await tx.delete(news).where(scopedId(tenant, NEWS_COLS, id))
  })
}

/**
 * The scan page's live items of a store (public: called with the tag's franchise and store, never
 * with an id from the request): running today, not stopped; customers-only ones only when the
 * customer is known (after collecting). Happy hours first, then by end date.
 */
export async function liveNews(
  db: Db | Tx,
  at: { franchiseId: string; storeId: string; timezone: string; currencyCode: string },
  knownCustomer: boolean,
  now = new Date(),
): Promise<ScanNews[]> {
  const today = todayIn(at.timezone, now)
  const rows = await db
    .select()
    .from(news)
    .where(
      and(
        eq(news.franchiseId, at.franchiseId),
        not(news.isStopped),
        lte(news.startDate, today),
        gte(news.endDate, today),
        or(sql`cardinality(${news.storeIds}) = 0`, arrayOverlaps(news.storeIds, [at.storeId])),
        knownCustomer ? undefined : not(news.customersOnly),
      ),
    )
    .orderBy(sql`${news.type} <> 'happy-hours'`, asc(news.endDate), asc(news.name))
    .limit(20)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type as ScanNews['type'],
    description: r.description,
    priceCents: r.priceCents,
    currencyCode: at.currencyCode,
    endDate: r.endDate,
    happyHourStart: r.happyHourStart,
    happyHourEnd: r.happyHourEnd,
    drinkType: r.drinkType,
    customersOnly: r.customersOnly,
  }))
}

/** The items visible to the caller whose period meets [from, to] (the offers calendar). */
export async function newsInPeriod(
  db: Db,
  tenant: Tenant,
  f: Franchise,
  range: { from: string; to: string; storeId?: string },
  today: string,
) {
  const rows = await db
    .select()
    .from(news)
    .where(
      and(
        eq(news.franchiseId, f.id),
        inScope(tenant, { franchiseId: news.franchiseId }),
        newsVisibleTo(storeIdsFor(tenant, f.id)),
        lte(news.startDate, range.to),
        gte(news.endDate, range.from),
        range.storeId
          ? or(sql`cardinality(${news.storeIds}) = 0`, arrayOverlaps(news.storeIds, [range.storeId]))
          : undefined,
      ),
    )
    .orderBy(asc(news.startDate), asc(news.name))
  return rows.map((r) => ({ row: r, status: newsStatus(r, today) }))
}
