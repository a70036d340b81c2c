// The benchmark data set: 1,000,000 clients with ~10 ledger rows each (≥ 10M) in the demo franchise
// Maison Dupont (3 stores), generated in the database in chunks. Every client's balance and
// aggregates are computed from its own generated ledger rows, so the data obeys the ledger's rules.
import type { Database } from '../../src/server/db/client'
import { FR_FIRST, FR_LAST } from '../../src/server/db/seed/names'
import { log, maintain } from './support'

/** 1,000,000; BENCH_CLIENTS=100000 (for instance) for a quicker run while iterating. */
export const BENCH_CLIENTS = Number(process.env.BENCH_CLIENTS || 1_000_000)
const CHUNK = 25_000
/**
 * Where each chunk ends: a ramp (1,000, 3,000, 7,000, 15,000) then every 25,000. A 25,000-client first
 * chunk on the seeded database took 696–1,074 s: inside one statement the triggers keep the plans
 * they made for the seed's few rows while their tables grow tenfold. Small chunks first, with fresh
 * statistics after each (ANALYZE also drops those cached plans), keep every chunk on index plans.
 */
export function chunkEnds(total: number): number[] {
  const ends: number[] = []
  for (const end of [1_000, 3_000, 7_000, 15_000]) if (end < total) ends.push(end)
  for (let end = CHUNK; end < total; end += CHUNK) ends.push(end)
  ends.push(total)
  return ends
}
/** The tables whose statistics the load refreshes as it grows (the triggers' plans read them). */
const STATS_TABLES = [
  'clients',
  'client_balances',
  'client_stores',
  'client_visit_days',
  'points_transactions',
]
/** Bench clients' e-mails end with this domain, so a rerun can count (or remove) what is there. */
const MARK = '@bench.example'

export type BenchFranchise = { franchiseId: string; storeIds: string[]; ownerEmail: string }

export async function benchFranchise(database: Database): Promise<BenchFranchise> {
  const { rows } = await database.raw(
    `select f.id, array_agg(s.id order by s.created_at) as stores from franchises f
       join users u on u.id = f.user_id join stores s on s.franchise_id = f.id
      where u.email = 'owner@demo.test' group by f.id`,
  )
  const row = rows[0]
  if (!row) throw new Error('The demo franchise is missing: run the seed')
  return { franchiseId: String(row.id), storeIds: row.stores as string[], ownerEmail: 'owner@demo.test' }
}

// One chunk: clients, their ledger rows, their store links and aggregates, in one statement.
// A client's activity runs from its creation to a random end (40% still active today), so the
// three client types and a long tail of lost clients all appear. Gender, birth date (1945 to 2013) and
// a synthetic postcode (one of 100, 75000–75099: the campaigns bench places them on a grid) are drawn
// here, in the insert: filling them afterwards updated every row through the postcode counters' row
// trigger.
const CHUNK_SQL = `
with g as (
  select n, gen_random_uuid() as id,
         now() - make_interval(days => 30 + (random() * 720)::int, secs => random() * 86400) as created,
         case when random() < 0.4 then 1.0 else random() end as active,
         4 + (random() * 13)::int as k,
         (n % 3) + 1 as home,
         abs(hashtext(n::text)::bigint) as h
    from generate_series($2::int, $3::int) n
),
tx as (
  select g.id as client_id, i,
         g.created + (least(now(), g.created + (now() - g.created) * g.active) - g.created) * ((i - 1 + random()) / g.k) as at,
         case when random() < 0.8 then ($4::uuid[])[g.home] else ($4::uuid[])[1 + (random() * 2)::int] end as store_id,
         case when i % 6 = 0 then 'redeem' when i % 7 = 3 then 'credit' else 'tag' end as type,
         case when i % 6 = 0 then -50 when i % 7 = 3 then 5 else 10 end as points,
         case when i % 6 <> 0 and i % 7 <> 3 then 300 + (random() * 5700)::int end as amount
    from g cross join lateral generate_series(1, g.k) i
),
agg as (
  select client_id,
         sum(points)::int as points,
         (sum(points) filter (where points > 0))::int as collected,
         count(*) filter (where type = 'redeem') as redeemed,
         count(*) filter (where type = 'tag') as visits,
         min(at) filter (where type = 'tag') as first_visit,
         max(at) filter (where type = 'tag') as last_visit,
         count(amount) as sales,
         coalesce(sum(amount), 0) as spent
    from tx group by client_id
),
ins_clients as (
  insert into clients (id, franchise_id, first_name, last_name, email, phone, acquired_from,
                       gender, birth_date, postcode, app_last_used_at,
                       visit_count, first_visit_at, last_visit_at, sales_count, total_spent_cents,
                       created_at, updated_at)
  select g.id, $1, f.name, l.name,
         lower(translate(f.name || '.' || l.name, 'éèëêàâäïîôöüûç ', 'eeeeaaaiioouuc-')) || '.' || g.n || '${MARK}',
         '+3397' || lpad(g.n::text, 7, '0'),
         (array['STORE', 'STORE', 'STORE', 'MIGRATION', 'EMARKETING'])[1 + g.n % 5],
         case when g.h % 2 = 0 then 'female' else 'male' end,
         to_char(date '1945-01-01' + (g.h / 2 % 25000)::int, 'YYYY-MM-DD'),
         (75000 + g.h / 7 % 100)::text,
         case when g.n % 4 = 0 then a.last_visit end,
         a.visits, a.first_visit, a.last_visit, a.sales, a.spent,
         g.created, coalesce(a.last_visit, g.created)
    from g join agg a on a.client_id = g.id
    cross join lateral (select ($5::text[])[1 + (g.n::bigint * 7919) % array_length($5::text[], 1)] as name) f
    cross join lateral (select ($6::text[])[1 + (g.n::bigint * 104729 / 7) % array_length($6::text[], 1)] as name) l
  returning 1
),
-- The balance rows with their values (the clients' insert trigger then finds them there).
ins_balances as (
  insert into client_balances (client_id, franchise_id, points, total_collected_points, redeemed_offers_count)
  select a.client_id, $1, a.points, a.collected, a.redeemed from agg a
  returning 1
),
ins_tx as (
  insert into points_transactions (franchise_id, client_id, store_id, type, points, amount_cents,
                                   currency_code, created_at)
  select $1, client_id, store_id, type, points, amount, case when amount is not null then 'EUR' end, at
    from tx
  returning 1
),
ins_stores as (
  insert into client_stores (franchise_id, client_id, store_id, first_visit_at, last_visit_at)
  select $1, client_id, store_id, min(at), max(at) from tx where type = 'tag' group by client_id, store_id
  returning 1
)
select (select count(*) from ins_clients)::int as clients, (select count(*) from ins_tx)::int as transactions`

export async function loadedClients(database: Database, franchiseId: string): Promise<number> {
  const { rows } = await database.raw(
    `select count(*)::int as n from clients where franchise_id = $1 and email like '%${MARK}'`,
    [franchiseId],
  )
  return Number(rows[0]?.n ?? 0)
}

/** Loads the missing bench clients (a rerun reuses what is there); returns the franchise. */
export async function ensureClientsData(database: Database): Promise<BenchFranchise> {
  const franchise = await benchFranchise(database)
  const have = await loadedClients(database, franchise.franchiseId)
  if (have >= BENCH_CLIENTS) {
    log(`reusing ${have.toLocaleString('en')} bench clients already loaded`)
    return franchise
  }
  // Each chunk is one statement (all of it or none), numbered from 1: an interrupted load holds whole
  // chunks and goes on from the last one's end. Anything else is removed and loaded again.
  const ends = chunkEnds(BENCH_CLIENTS)
  const resume = ends.includes(have) ? have : 0
  if (have > 0 && !resume) {
    log(`removing a partial load of ${have.toLocaleString('en')} clients`)
    await database.raw(`delete from clients where franchise_id = $1 and email like '%${MARK}'`, [
      franchise.franchiseId,
    ])
  }
  if (resume) {
    // Statistics first: the ledger triggers' plans read the tables the earlier chunks filled.
    for (const table of STATS_TABLES) await maintain(database, `analyze ${table}`)
  }
  log(
    `loading ${(BENCH_CLIENTS - resume).toLocaleString('en')} clients and their ledger into Maison Dupont (from ${(resume + 1).toLocaleString('en')})…`,
  )
  const started = Date.now()
  let transactions = 0
  for (const to of ends.filter((end) => end > resume)) {
    const from = ends.filter((end) => end < to).at(-1) ?? 0
    const { rows } = await database.raw(CHUNK_SQL, [
      franchise.franchiseId,
      from + 1,
      to,
      franchise.storeIds,
      FR_FIRST,
      FR_LAST,
    ])
    transactions += Number(rows[0]?.transactions ?? 0)
    // Fresh statistics after each chunk up to 200,000 clients (the tables double, then grow by half…),
    // then every 200,000: the triggers' plans otherwise go on assuming small tables (a 25,000-client
    // chunk took 55 s with fresh statistics and 696 s without, on 2026-12-01).
    if (to <= 200_000 || to % 200_000 === 0)
      for (const table of STATS_TABLES) await maintain(database, `analyze ${table}`)
    const seconds = (Date.now() - started) / 1000
    log(
      `  ${to.toLocaleString('en')} clients, ${transactions.toLocaleString('en')} transactions (${seconds.toFixed(0)} s)`,
    )
  }
  log('vacuum analyze (visibility map and planner statistics)…')
  await maintain(database, 'vacuum analyze clients')
  await maintain(database, 'vacuum analyze client_stores')
  await maintain(database, 'vacuum analyze client_search')
  await maintain(database, 'vacuum analyze client_audience')
  await maintain(database, 'vacuum analyze points_transactions')
  // The list and the export sorted by points or collected points read through its indexes: without
  // statistics the planner expects a few hundred rows and sorts the whole franchise for every page.
  await maintain(database, 'vacuum analyze client_balances')
  await maintain(database, 'vacuum analyze client_visit_days')
  log(`loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return franchise
}
