// The analytics calls (SPEC §7, issue 8): every figure is read from the rollups (analytics_days,
// analytics_postcodes, the client counters) or through an index (redeemed coupons, one client's
// ledger), never by scanning the ledger. Definitions live in src/domain/analytics.ts.
import { type SQL, sql } from 'drizzle-orm'
import {
  ANALYTICS_EVENTS,
  type AnalyticsEvent,
  type AverageBasket,
  addDays,
  addMonths,
  type ClientsCount,
  type ConversionRate,
  type CouponsRedeemed,
  DEFAULT_PERIOD_DAYS,
  daysBetween,
  type Frequency,
  type HistoryDays,
  type HistoryPoint,
  type HistoryYears,
  LOYALTY_GRAPH_MONTHS,
  type LoyaltyGraph,
  MAX_PERIOD_DAYS,
  monthsBetween,
  type OffersRedeemed,
  RETURN_WINDOWS,
  type Returns,
  type Roi,
  type TopPostcodes,
} from '../../domain/analytics'
import { todayIn } from '../../domain/today'
import { type Db, rowsOf } from '../db/client'
import { badRequest, notFound } from '../errors'
import { countByType, countForStore } from './client-counts'
import { assertStore, type Scope, scopedFranchise, storeIdsFor } from './scope'

/** A uuid[] parameter (an empty list matches nothing). */
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/** What a call reads: one franchise, and which rollup rows stand for the caller's view of it. */
export type Target = {
  franchiseId: string
  tz: string
  currencyCode: string
  /** One store; a store owner's stores; or null: the franchise-wide rows. */
  storeIds: string[] | null
}

/** The franchise of a path id, and the stores the caller sees (a store filter must be one of them). */
export async function franchiseTarget(
  db: Db,
  scope: Scope,
  franchiseId: string,
  storeId?: string,
): Promise<Target> {
  const f = await scopedFranchise(db, scope, franchiseId)
  if (storeId) await assertStore(db, scope, storeId, franchiseId)
  // A demo franchise is read whole, whoever reads it (storeIdsFor: null).
  const visible = storeIdsFor(scope, franchiseId)
  const ownStores = visible
    ? rowsOf<{ id: string }>(
        await db.execute(
          sql`select id from stores where franchise_id = ${franchiseId} and id = any(${uuids(visible)})`,
        ),
      )
    : null
  return {
    franchiseId,
    tz: f.timezone,
    currencyCode: f.currencyCode,
    storeIds: storeId ? [storeId] : ownStores ? ownStores.map((r) => r.id) : null,
  }
}

/** A store of a path id (another tenant's or another store owner's: 404). */
export async function storeTarget(db: Db, scope: Scope, storeId: string): Promise<Target> {
  const store = await assertStore(db, scope, storeId)
  return franchiseTarget(db, scope, store.franchiseId, storeId)
}

/** The period asked for, by default the last 30 days to today; bad or reversed dates are a 400. */
export function period(
  t: Target,
  q: { startDate?: string | undefined; endDate?: string | undefined },
  days = DEFAULT_PERIOD_DAYS,
  now = new Date(),
) {
  const endDate = q.endDate ?? todayIn(t.tz, now)
  const startDate = q.startDate ?? addDays(endDate, 1 - days)
  if (startDate > endDate)
    throw badRequest('VALIDATION_FAILED', 'startDate is after endDate', { field: 'startDate' })
  if (daysBetween(startDate, endDate) >= MAX_PERIOD_DAYS)
    throw badRequest('VALIDATION_FAILED', `The period may not exceed ${MAX_PERIOD_DAYS} days`, {
      field: 'startDate',
    })
  return { startDate, endDate }
}

/** The rollup rows of the target (one store, the caller's stores, or franchise-wide). */
const rowsOfTarget = (t: Target): SQL =>
  t.storeIds === null
    ? sql`franchise_id = ${t.franchiseId} and store_id is null`
    : sql`franchise_id = ${t.franchiseId} and store_id = any(${uuids(t.storeIds)})`

const COLUMN: Record<AnalyticsEvent, string> = {
  visits: 'visits',
  visitors: 'visitors',
  newClients: 'new_clients',
  returningClients: 'returning_clients',
  pointsEarned: 'points_earned',
  pointsSpent: 'points_spent',
  salesCount: 'sales_count',
  salesCents: 'sales_cents',
  offersRedeemed: 'offers_redeemed',
}
const sums = (events: readonly AnalyticsEvent[]) =>
  sql.raw(events.map((e) => `coalesce(sum(${COLUMN[e]}), 0)::bigint as "${e}"`).join(', '))

type Totals = Record<AnalyticsEvent, number> & { returningSalesCents: number }

/** Sums of every figure over a period. */
export async function totals(db: Db, t: Target, startDate: string, endDate: string): Promise<Totals> {
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select ${sums(ANALYTICS_EVENTS)}, coalesce(sum(returning_sales_cents), 0)::bigint as "returningSalesCents"
      from analytics_days where ${rowsOfTarget(t)} and day between ${startDate} and ${endDate}`),
  )
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as Totals
}

const toPoint = (events: readonly AnalyticsEvent[], row: Record<string, unknown> | undefined) =>
  Object.fromEntries(events.map((e) => [e, Number(row?.[e] ?? 0)])) as Partial<Record<AnalyticsEvent, number>>

export async function historyDays(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string; events: string[] },
): Promise<HistoryDays> {
  const { startDate, endDate } = period(t, q)
  const events = [...new Set(q.events)] as AnalyticsEvent[]
  const res = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select day::text as day, ${sums(events)} from analytics_days
      where ${rowsOfTarget(t)} and day between ${startDate} and ${endDate} group by day`),
  )
  const byDay = new Map(res.map((r) => [String(r.day), r]))
  const days: HistoryPoint[] = []
  for (let d = startDate; d <= endDate; d = addDays(d, 1))
    days.push({ day: d, ...toPoint(events, byDay.get(d)) })
  return { startDate, endDate, events, days }
}

async function monthly(
  db: Db,
  t: Target,
  events: readonly AnalyticsEvent[],
  startDate: string,
  endDate: string,
) {
  const res = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select to_char(day, 'YYYY-MM') as month, ${sums(events)} from analytics_days
      where ${rowsOfTarget(t)} and day between ${startDate} and ${endDate} group by 1`),
  )
  const byMonth = new Map(res.map((r) => [String(r.month), r]))
  return monthsBetween(startDate, endDate).map((month) => ({ month, ...toPoint(events, byMonth.get(month)) }))
}

/** Per month from January of last year to the current month (year-over-year). */
export async function historyYears(
  db: Db,
  t: Target,
  q: { events: string[] },
  now = new Date(),
): Promise<HistoryYears> {
  const today = todayIn(t.tz, now)
  const startDate = `${Number(today.slice(0, 4)) - 1}-01-01`
  const events = [...new Set(q.events)] as AnalyticsEvent[]
  return { events, months: await monthly(db, t, events, startDate, today) }
}

export async function clientsCount(db: Db, t: Target): Promise<ClientsCount> {
  if (t.storeIds === null) return { count: await countByType(db, t.franchiseId, [], [], new Date()) }
  let count = 0
  for (const id of t.storeIds) count += await countForStore(db, t.franchiseId, id)
  return { count }
}

/**
 * Top postcodes from the counters (franchise-wide). A store's come from its visitors' rows (client_stores
 * by store, then each client by primary key): bounded by the store's clients, not the franchise's.
 */
export async function topPostcodes(db: Db, t: Target, limitRank: number): Promise<TopPostcodes> {
  const res =
    t.storeIds === null
      ? await db.execute(sql`select postcode, n as count from analytics_postcodes
          where franchise_id = ${t.franchiseId} and postcode <> '' and n > 0 order by n desc, postcode limit ${limitRank}`)
      : await db.execute(sql`select c.postcode, count(distinct c.id)::int as count from client_stores cs
          join clients c on c.id = cs.client_id
          where cs.store_id = any(${uuids(t.storeIds)})
            and cs.franchise_id = ${t.franchiseId} and coalesce(c.postcode, '') <> ''
          group by c.postcode order by count desc, c.postcode limit ${limitRank}`)
  return {
    data: rowsOf<{ postcode: string; count: number }>(res).map((r, i) => ({
      rank: i + 1,
      postcode: r.postcode,
      count: Number(r.count),
    })),
  }
}

export async function frequency(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string },
): Promise<Frequency> {
  const { startDate, endDate } = period(t, q)
  const res = rowsOf<{ dow: number; visits: string; visitors: string }>(
    await db.execute(sql`select extract(isodow from day)::int as dow, sum(visits)::bigint as visits, sum(visitors)::bigint as visitors
      from analytics_days where ${rowsOfTarget(t)} and day between ${startDate} and ${endDate} group by 1`),
  )
  const byWeekday = [0, 0, 0, 0, 0, 0, 0]
  let visits = 0
  let visitors = 0
  for (const r of res) {
    byWeekday[r.dow - 1] = Number(r.visits)
    visits += Number(r.visits)
    visitors += Number(r.visitors)
  }
  return { startDate, endDate, visits, visitors, byWeekday }
}

export async function returns(db: Db, t: Target, now = new Date()): Promise<Returns> {
  const today = todayIn(t.tz, now)
  const periods = []
  for (const days of RETURN_WINDOWS) {
    const s = await totals(db, t, addDays(today, 1 - days), today)
    periods.push({
      days,
      visitors: s.visitors,
      newClients: s.newClients,
      returningClients: s.returningClients,
      returnRate: s.visitors ? s.returningClients / s.visitors : 0,
    })
  }
  return { periods }
}

/** Coupons claimed in the period (at the target's stores when it has a store filter). */
const claimedWhere = (t: Target, startDate: string, endDate: string) => sql`c.franchise_id = ${t.franchiseId}
  and c.claimed_at >= (${startDate}::date::timestamp at time zone ${t.tz})
  and c.claimed_at < ((${endDate}::date + 1)::timestamp at time zone ${t.tz})
  ${t.storeIds === null ? sql`` : sql`and c.claimed_store_id = any(${uuids(t.storeIds)})`}`

export async function roi(db: Db, t: Target, q: { startDate?: string; endDate?: string }): Promise<Roi> {
  const { startDate, endDate } = period(t, q)
  const s = await totals(db, t, startDate, endDate)
  const [c] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from coupons c where ${claimedWhere(t, startDate, endDate)}`,
    ),
  )
  return {
    startDate,
    endDate,
    currencyCode: t.currencyCode,
    salesCents: s.salesCents,
    returningSalesCents: s.returningSalesCents,
    returningShare: s.salesCents ? s.returningSalesCents / s.salesCents : 0,
    offersRedeemed: s.offersRedeemed,
    couponsRedeemed: Number(c?.n ?? 0),
    pointsSpent: s.pointsSpent,
  }
}

/**
 * Points earned and spent per month, 12 months to the current one by default. With a client
 * (`userId`), that client's own ledger rows through its index (a few rows, not a scan).
 */
export async function loyaltyGraph(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string; userId?: string },
  now = new Date(),
): Promise<LoyaltyGraph> {
  const today = todayIn(t.tz, now)
  const { startDate, endDate } = period(
    t,
    {
      startDate: q.startDate ?? (q.endDate ? undefined : addMonths(today, 1 - LOYALTY_GRAPH_MONTHS)),
      endDate: q.endDate,
    },
    LOYALTY_GRAPH_MONTHS * 31,
    now,
  )
  if (!q.userId) {
    const months = await monthly(db, t, ['pointsEarned', 'pointsSpent'], startDate, endDate)
    return {
      startDate,
      endDate,
      months: months.map((m) => ({
        month: m.month,
        pointsEarned: m.pointsEarned ?? 0,
        pointsSpent: m.pointsSpent ?? 0,
      })),
    }
  }
  const visible =
    await db.execute(sql`select 1 from clients c where c.id = ${q.userId} and c.franchise_id = ${t.franchiseId}
    ${t.storeIds === null ? sql`` : sql`and exists (select 1 from client_stores s where s.client_id = c.id and s.store_id = any(${uuids(t.storeIds)}))`}`)
  if (!rowsOf(visible).length) throw notFound('CLIENT_NOT_FOUND', 'Client not found')
  const res = rowsOf<{ month: string; earned: string; spent: string }>(
    await db.execute(sql`select to_char(created_at at time zone ${t.tz}, 'YYYY-MM') as month,
        coalesce(sum(points) filter (where points > 0), 0)::bigint as earned, coalesce(-sum(points) filter (where points < 0), 0)::bigint as spent
      from points_transactions where client_id = ${q.userId}
        and created_at >= (${startDate}::date::timestamp at time zone ${t.tz})
        and created_at < ((${endDate}::date + 1)::timestamp at time zone ${t.tz}) group by 1`),
  )
  const byMonth = new Map(res.map((r) => [r.month, r]))
  return {
    startDate,
    endDate,
    months: monthsBetween(startDate, endDate).map((month) => ({
      month,
      pointsEarned: Number(byMonth.get(month)?.earned ?? 0),
      pointsSpent: Number(byMonth.get(month)?.spent ?? 0),
    })),
  }
}

export async function offersRedeemed(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string },
): Promise<OffersRedeemed> {
  const { startDate, endDate } = period(t, q)
  const res = rowsOf<{ day: string; n: string }>(
    await db.execute(sql`select day::text as day, sum(offers_redeemed)::bigint as n from analytics_days
      where ${rowsOfTarget(t)} and day between ${startDate} and ${endDate} and offers_redeemed > 0 group by day order by day`),
  )
  const days = res.map((r) => ({ day: r.day, count: Number(r.n) }))
  return { startDate, endDate, total: days.reduce((n, d) => n + d.count, 0), days }
}

export async function couponsRedeemed(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string; page: number; size: number },
): Promise<CouponsRedeemed> {
  const { startDate, endDate } = period(t, q)
  const where = claimedWhere(t, startDate, endDate)
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from coupons c where ${where}`),
  )
  const res = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select c.id, c.header, c.type, c.value, c.currency_code, c.claimed_at, c.claimed_store_id, c.client_id,
        trim(cl.first_name || ' ' || cl.last_name) as client_name
      from coupons c join clients cl on cl.id = c.client_id where ${where}
      order by c.claimed_at desc, c.id limit ${q.size} offset ${(q.page - 1) * q.size}`),
  )
  return {
    data: res.map((r) => ({
      id: String(r.id),
      header: String(r.header),
      type: String(r.type),
      value: r.value === null ? null : Number(r.value),
      currencyCode: (r.currency_code as string | null) ?? null,
      claimedAt: new Date(r.claimed_at as string).toISOString(),
      storeId: (r.claimed_store_id as string | null) ?? null,
      clientId: String(r.client_id),
      clientName: String(r.client_name),
    })),
    metadata: { page: q.page, size: q.size, total: Number(count?.n ?? 0) },
  }
}

export async function conversionRate(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string },
): Promise<ConversionRate> {
  const { startDate, endDate } = period(t, q)
  const s = await totals(db, t, startDate, endDate)
  return {
    startDate,
    endDate,
    visitors: s.visitors,
    newClients: s.newClients,
    returningClients: s.returningClients,
    rate: s.visitors ? s.returningClients / s.visitors : 0,
  }
}

export async function averageBasket(
  db: Db,
  t: Target,
  q: { startDate?: string; endDate?: string },
): Promise<AverageBasket> {
  const { startDate, endDate } = period(t, q)
  const s = await totals(db, t, startDate, endDate)
  return {
    startDate,
    endDate,
    currencyCode: t.currencyCode,
    salesCount: s.salesCount,
    salesCents: s.salesCents,
    averageBasketCents: s.salesCount ? Math.round(s.salesCents / s.salesCount) : null,
  }
}
