// Totals of the client list. The big, common totals (a franchise, an acquisition source, a client
// type, one store, a store's client type) come from counters the database keeps exact by trigger (src/server/db/sql/
// clients_counts_trigger.sql and its neighbours) plus an index count of one boundary day, so a total
// never counts a million rows. Searches and combined store filters are counted through their indexes.
import { and, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ClientType } from '../../domain/clients'
import { type Db, rowsOf, type Tx, withoutParallelWorkers } from '../db/client'
import { clientDayCounts, clientStores, clients, storeClientCounts, storeDayCounts } from '../db/schema'

const DAY_MS = 86_400_000

const utcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS)
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * Clients of a franchise with these sources and types (empty lists: all), where a client is lost
 * when last seen before `start`, new when first seen since `start`, regular otherwise.
 */
export function countByType(
  db: Db,
  franchiseId: string,
  acquiredFrom: string[],
  types: ClientType[],
  start: Date,
): Promise<number> {
  const sources = (column: AnyPgColumn) =>
    acquiredFrom.length ? sql`and ${column} in ${acquiredFrom}` : sql``
  return countTypes(db, types, start, {
    counted: (kind, range) =>
      sql`(select coalesce(sum(${clientDayCounts.n}), 0)::int from ${clientDayCounts}
         where ${clientDayCounts.franchiseId} = ${franchiseId} and ${clientDayCounts.kind} = ${kind}
         ${sources(clientDayCounts.acquiredFrom)} ${range(clientDayCounts.day)})`,
    // Every client once: the 'T' total rows (sql/clients_counts_trigger.sql), at most one per source.
    total: sql`(select coalesce(sum(${clientDayCounts.n}), 0)::int from ${clientDayCounts}
         where ${clientDayCounts.franchiseId} = ${franchiseId} and ${clientDayCounts.kind} = 'T'
         ${sources(clientDayCounts.acquiredFrom)})`,
    clients: sql`${clients.franchiseId} = ${franchiseId} ${sources(clients.acquiredFrom)}`,
  })
}

/**
 * Clients of one store (those who visited it) of these types, from the store's day counters
 * (store_day_counts, sql/client_stores_counts_trigger.sql) and its client count, as countByType.
 */
export function countStoreByType(
  db: Db,
  franchiseId: string,
  storeId: string,
  types: ClientType[],
  start: Date,
): Promise<number> {
  return countTypes(db, types, start, {
    counted: (kind, range) =>
      sql`(select coalesce(sum(${storeDayCounts.n}), 0)::int from ${storeDayCounts}
         where ${storeDayCounts.franchiseId} = ${franchiseId} and ${storeDayCounts.storeId} = ${storeId}
         and ${storeDayCounts.kind} = ${kind} ${range(storeDayCounts.day)})`,
    total: sql`(select coalesce(sum(${storeClientCounts.n}), 0)::int from ${storeClientCounts}
         where ${storeClientCounts.storeId} = ${storeId} and ${storeClientCounts.franchiseId} = ${franchiseId})`,
    clients: inStore(franchiseId, storeId),
  })
}

const inStore = (franchiseId: string, storeId: string) =>
  sql`${clients.franchiseId} = ${franchiseId}
      and exists (select 1 from ${clientStores} where ${clientStores.clientId} = ${clients.id} and ${clientStores.storeId} = ${storeId} and ${clientStores.franchiseId} = ${franchiseId})`

type Counters = {
  /** The sum of the counters of one kind ('L' last sighting, 'F' first) over a range of days. */
  counted: (kind: 'L' | 'F', range: (day: AnyPgColumn) => SQL) => SQL
  /** Every counted client once. */
  total: SQL
  /** The counted clients, as a condition on `clients`. */
  clients: SQL
}

async function countTypes(db: Db, types: ClientType[], start: Date, c: Counters): Promise<number> {
  const all = types.length === 0 || new Set(types).size === 3
  const day = utcDay(start)
  const nextDay = new Date(day.getTime() + DAY_MS)
  // Last seen before `start`: whole days from the counters, the start's own day from the index.
  const lost = sql`${c.counted('L', (d) => sql`and ${d} < ${isoDay(day)}`)}
    + (select count(*)::int from ${clients} where ${c.clients}
        and ((${clients.lastVisitKey} >= ${day} and ${clients.lastVisitKey} < ${start})
          or (${clients.lastVisitAt} is null and ${clients.createdAt} >= ${day} and ${clients.createdAt} < ${start})))`
  const fresh = sql`${c.counted('F', (d) => sql`and ${d} >= ${isoDay(nextDay)}`)}
    + (select count(*)::int from ${clients} where ${c.clients}
        and ${clients.firstSeenAt} >= ${start} and ${clients.firstSeenAt} < ${nextDay})`
  // The counters count every client row; erased ones (GDPR) are no longer clients: taken off here.
  const gone = erased(c.clients)
  const read = async (q: Db | Tx) => {
    const result = await q.execute(
      all
        ? sql`select ${c.total} as total`
        : sql`select ${c.total} as total, ${lost} as lost, ${fresh} as fresh`,
    )
    const [erasedRows] = await q
      .select({
        total: gone.total,
        lost: sql<number>`count(*) filter (where coalesce(${clients.lastVisitAt}, ${clients.createdAt}) < ${start})::int`,
        fresh: sql<number>`count(*) filter (where ${clients.firstSeenAt} >= ${start})::int`,
      })
      .from(clients)
      .where(gone.where)
    return [rowsOf<{ total: number; lost?: number; fresh?: number }>(result)[0], erasedRows] as const
  }
  // A total alone reads two counters; the types also count one boundary day through the index, a few
  // thousand entries, where a parallel worker's start (15 ms on the 1M bench) cost more than the count
  // it shared and made a store's lost customers take 33 ms: that read runs with workers off.
  const [row, off] = all ? await read(db) : await withoutParallelWorkers(db, read)
  const counts = {
    total: Number(row?.total ?? 0) - (off?.total ?? 0),
    lost: Number(row?.lost ?? 0) - (off?.lost ?? 0),
    fresh: Number(row?.fresh ?? 0) - (off?.fresh ?? 0),
  }
  if (all) return counts.total
  const byType: Record<ClientType, number> = {
    LOST_CUSTOMER: counts.lost,
    NEW_CUSTOMER: counts.fresh,
    REGULAR_CUSTOMER: counts.total - counts.lost - counts.fresh,
  }
  return [...new Set(types)].reduce((n, t) => n + byType[t], 0)
}

/**
 * Erased clients (GDPR) matching `where`, read through their partial index (clients_erased_idx): a
 * franchise has few, so the counters' totals less these are the clients that are still clients.
 */
const erased = (where: SQL) => ({
  where: and(where, isNotNull(clients.erasedAt)),
  total: sql<number>`count(*)::int`,
})

/** Clients who visited one store (the counter the database keeps), less those erased. */
export const countForStore = (db: Db, franchiseId: string, storeId: string): Promise<number> =>
  countStoreByType(db, franchiseId, storeId, [], new Date())

/**
 * Counts the rows matching `where` through the indexes (searches, combined store filters), up to
 * `limit` when given.
 */
export async function countMatching(db: Db, where: SQL | undefined, limit?: number): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(clients).where(and(where))
  const rows = limit ? matching.limit(limit).as('m') : matching.as('m')
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rows)
  return row?.n ?? 0
}

/**
 * Folds each store day counter key's appended +n/−n rows (sql/client_stores_counts_trigger.sql) into
 * one row, drops those that sum to zero and those of deleted stores (the table has no key to stores:
 * tables-clients.ts), for the hourly housekeeping: a store's count reads its days' rows, which every
 * visit that moves a client to a new day appends to. Rows appended meanwhile are not in this
 * statement's snapshot and stay as they are; the sums do not change. Returns the rows folded or dropped.
 */
export async function compactStoreDayCounts(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with keys as (
      select franchise_id, store_id, kind, day from store_day_counts
       group by 1, 2, 3, 4 having count(*) > 1 or sum(n) = 0),
    gone as (
      delete from store_day_counts t using keys k
       where (t.franchise_id, t.store_id, t.kind, t.day) = (k.franchise_id, k.store_id, k.kind, k.day)
      returning t.*),
    folded as (
      insert into store_day_counts (franchise_id, store_id, kind, day, n)
      select g.franchise_id, g.store_id, g.kind, g.day, sum(g.n)::int from gone g
       where exists (select 1 from stores s where s.id = g.store_id and s.franchise_id = g.franchise_id)
       group by 1, 2, 3, 4 having sum(g.n) <> 0),
    orphans as (
      delete from store_day_counts t
       where not exists (select 1 from stores s where s.id = t.store_id and s.franchise_id = t.franchise_id)
         and not exists (select 1 from keys k where (t.franchise_id, t.store_id, t.kind, t.day)
                                                  = (k.franchise_id, k.store_id, k.kind, k.day))
      returning 1)
    select (select count(*) from gone)::int + (select count(*) from orphans)::int as n`)
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
}
