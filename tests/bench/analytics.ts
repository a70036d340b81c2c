// `npm run bench -- analytics`: the analytics calls on the clients benchmark's data (1,000,000
// clients, ~10M ledger rows in Maison Dupont, PostgreSQL). Each call is the real route called
// in-process (`inject`), reading the rollups; next to it, the same answer computed from the raw
// ledger in the same run (the rollup job's own SELECT over the call's period, or a plain count /
// group-by over the clients), and the two answers are checked to be equal.
// A dry run on whatever data the database has (e.g. the 2,300 seeded demo clients), without loading
// the million clients nor writing BENCHMARKS.md:
//   BENCH_ANALYTICS_DRY=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/some_scratch_db npm run bench -- analytics

import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { addDays, addMonths } from '../../src/domain/analytics'
import { todayIn } from '../../src/domain/today'
import { buildApp } from '../../src/server/app'
import { testConfig } from '../../src/server/config'
import type { Database } from '../../src/server/db/client'
import * as analytics from '../../src/server/services/analytics'
import { rollupSelect, runRollup } from '../../src/server/services/analytics-rollups'
import { benchFranchise, ensureClientsData } from './clients-data'
import { log, machine, ms, openBenchDatabase, type Stats, time, today, writeSection } from './support'

const DRY = !!process.env.BENCH_ANALYTICS_DRY
const ITERATIONS = DRY ? 20 : 200
const RAW_RUNS = DRY ? 2 : 3

type Raw = () => Promise<unknown>
/** The franchise-wide target and one store's, as the routes resolve them for the owner. */
type Targets = { franchise: analytics.Target; store: analytics.Target }
type Case = {
  name: string
  url: string
  /** The service call behind the route, on targets resolved once: the rollup path alone. */
  query: (db: Database['db'], t: Targets) => Promise<unknown>
  raw: Raw | null
  check?: (answer: unknown, raw: unknown) => boolean
}

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows
const days = (start: string, end: string) => {
  const out: string[] = []
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d)
  return out
}

/** The job's figures of a period straight from the ledger, summed (franchise-wide or one store). */
function rawTotals(
  database: Database,
  franchiseId: string,
  tz: string,
  storeId: string | null,
  start: string,
  end: string,
) {
  const from = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000)
  const to = new Date(Date.parse(`${end}T00:00:00Z`) + 2 * 86_400_000)
  const inner: SQL = rollupSelect(storeId !== null, franchiseId, tz, days(start, end), from, to)
  return async () =>
    rowsOf(
      await database.db.execute(sql`select coalesce(sum(visits), 0)::bigint as visits, coalesce(sum(visitors), 0)::bigint as visitors,
          coalesce(sum(new_clients), 0)::bigint as new_clients, coalesce(sum(sales_count), 0)::bigint as sales_count,
          coalesce(sum(sales_cents), 0)::bigint as sales_cents, coalesce(sum(points_earned), 0)::bigint as points_earned,
          coalesce(sum(offers_redeemed), 0)::bigint as offers_redeemed
        from (${inner}) x ${storeId ? sql`where store_id = ${storeId}` : sql``}`),
    )[0]!
}

function cases(database: Database, f: { franchiseId: string; storeIds: string[] }, tz: string): Case[] {
  const fid = f.franchiseId
  const store = f.storeIds[0]!
  const end = todayIn(tz)
  const start30 = addDays(end, -29)
  const year = addDays(end, -364)
  const graphStart = addMonths(end, -11)
  const period = `startDate=${start30}&endDate=${end}`
  const a = `/api/v2/analytics/franchises/${fid}`
  const raw30 = rawTotals(database, fid, tz, null, start30, end)
  const same =
    (pick: (x: Record<string, number>) => number, key: string) => (answer: unknown, raw: unknown) =>
      pick(answer as Record<string, number>) === Number((raw as Record<string, unknown>)[key])
  const sumOf = (field: string) => (x: Record<string, unknown>) =>
    ((x.days ?? x.months) as Record<string, number>[]).reduce((n, d) => n + (d[field] ?? 0), 0)
  return [
    {
      name: 'history/days (30 days, visits + new clients)',
      url: `${a}/history/days?${period}&events=visits,newClients`,
      query: (db, t) =>
        analytics.historyDays(db, t.franchise, {
          startDate: start30,
          endDate: end,
          events: ['visits', 'newClients'],
        }),
      raw: raw30,
      check: same(sumOf('visits') as never, 'visits'),
    },
    {
      name: 'history/years (Jan last year → now, visits)',
      url: `${a}/history/years?events=visits`,
      query: (db, t) => analytics.historyYears(db, t.franchise, { events: ['visits'] }),
      raw: rawTotals(database, fid, tz, null, `${Number(end.slice(0, 4)) - 1}-01-01`, end),
      check: same(sumOf('visits') as never, 'visits'),
    },
    {
      name: 'clients/count',
      url: `${a}/clients/count`,
      query: (db, t) => analytics.clientsCount(db, t.franchise),
      raw: async () =>
        rowsOf(
          await database.db.execute(sql`select count(*)::int as n from clients where franchise_id = ${fid}`),
        )[0],
      check: same((x) => x.count!, 'n'),
    },
    {
      name: 'topPostCode (top 5)',
      url: `/api/Analytics/topPostCode?franchiseId=${fid}&limitRank=5`,
      query: (db, t) => analytics.topPostcodes(db, t.franchise, 5),
      raw: async () =>
        rowsOf(
          await database.db.execute(sql`select postcode, count(*)::int as n from clients where franchise_id = ${fid}
            and coalesce(postcode, '') <> '' group by postcode order by n desc, postcode limit 5`),
        ),
      check: (answer, raw) =>
        JSON.stringify(
          (answer as { data: { postcode: string; count: number }[] }).data.map((r) => [r.postcode, r.count]),
        ) ===
        JSON.stringify((raw as { postcode: string; n: number }[]).map((r) => [r.postcode, Number(r.n)])),
    },
    {
      name: 'store frequency (30 days)',
      url: `/api/v2/stores/${store}/analytics/frequency?${period}`,
      query: (db, t) => analytics.frequency(db, t.store, { startDate: start30, endDate: end }),
      raw: rawTotals(database, fid, tz, store, start30, end),
      check: same((x) => x.visits!, 'visits'),
    },
    {
      name: 'store returns (30/90/365 days)',
      url: `/api/v2/stores/${store}/analytics/returns`,
      query: (db, t) => analytics.returns(db, t.store),
      raw: rawTotals(database, fid, tz, store, year, end),
      check: (answer, raw) =>
        (answer as { periods: { visitors: number }[] }).periods[2]!.visitors ===
        Number((raw as Record<string, unknown>).visitors),
    },
    {
      name: 'roi (30 days)',
      url: `/api/v2/franchises/${fid}/roi?${period}`,
      query: (db, t) => analytics.roi(db, t.franchise, { startDate: start30, endDate: end }),
      raw: raw30,
      check: same((x) => x.salesCents!, 'sales_cents'),
    },
    {
      name: 'loyalty-graph (12 months)',
      url: `/api/v2/franchises/${fid}/analytics/loyalty-graph`,
      query: (db, t) => analytics.loyaltyGraph(db, t.franchise, {}),
      raw: rawTotals(database, fid, tz, null, `${graphStart.slice(0, 8)}01`, end),
      check: (answer, raw) =>
        (answer as { months: { pointsEarned: number }[] }).months.reduce((n, m) => n + m.pointsEarned, 0) ===
        Number((raw as Record<string, unknown>).points_earned),
    },
    {
      name: 'loyalty-offers/redeemed (30 days)',
      url: `${a}/loyalty-offers/redeemed?${period}`,
      query: (db, t) => analytics.offersRedeemed(db, t.franchise, { startDate: start30, endDate: end }),
      raw: raw30,
      check: same((x) => x.total!, 'offers_redeemed'),
    },
    // An index range on the claimed coupons either way: no rollup, no raw alternative.
    {
      name: 'coupons/redeemed (30 days, page 1)',
      url: `${a}/coupons/redeemed?${period}&page=1&size=10`,
      query: (db, t) =>
        analytics.couponsRedeemed(db, t.franchise, { startDate: start30, endDate: end, page: 1, size: 10 }),
      raw: null,
    },
    {
      name: 'users/conversion-rate (30 days)',
      url: `${a}/users/conversion-rate?${period}`,
      query: (db, t) => analytics.conversionRate(db, t.franchise, { startDate: start30, endDate: end }),
      raw: raw30,
      check: same((x) => x.newClients!, 'new_clients'),
    },
    {
      name: 'average-basket (30 days)',
      url: `${a}/average-basket?${period}`,
      query: (db, t) => analytics.averageBasket(db, t.franchise, { startDate: start30, endDate: end }),
      raw: raw30,
      check: same((x) => x.salesCount!, 'sales_count'),
    },
  ]
}

async function login(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: 'demo-password' },
  })
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`)
  return res.json().id as string
}

export async function analyticsBench() {
  const { database } = await openBenchDatabase()
  const franchise = DRY ? await benchFranchise(database) : await ensureClientsData(database)
  const { rows: tzRows } = await database.raw('select timezone from franchises where id = $1', [
    franchise.franchiseId,
  ])
  const tz = String(tzRows[0]?.timezone ?? 'UTC')

  // The backfill (first run) or a catch-up, then a run with nothing new: the job's per-minute cost.
  log('rollup: backfill or catch-up…')
  let started = Date.now()
  const first = await runRollup(database.db)
  const firstMs = Date.now() - started
  log(
    `  ${first.backfill ? 'backfill' : 'catch-up'}: ${first.buckets} day buckets in ${(firstMs / 1000).toFixed(1)} s`,
  )
  started = Date.now()
  const idle = await runRollup(database.db)
  const idleMs = Date.now() - started
  log(`  next run: ${idle.buckets} buckets in ${idleMs} ms`)

  const app = await buildApp(testConfig({ logLevel: 'warn', databaseUrl: process.env.DATABASE_URL }), {
    database,
  })
  await app.ready()
  const headers = { authorization: `Bearer ${await login(app, franchise.ownerEmail)}` }
  const scope = { franchiseIds: [franchise.franchiseId], storeIds: null }
  const targets: Targets = {
    franchise: await analytics.franchiseTarget(database.db, scope, franchise.franchiseId),
    store: await analytics.storeTarget(database.db, scope, franchise.storeIds[0]!),
  }
  const results: { name: string; ours: Stats; query: Stats; raw: Stats | null; equal: boolean | null }[] = []
  for (const c of cases(database, franchise, tz)) {
    let answer: unknown
    const ours = await time(
      async () => {
        const res = await app.inject({ method: 'GET', url: c.url, headers })
        if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body}`)
        answer = res.json()
      },
      ITERATIONS,
      5,
    )
    const query = await time(() => c.query(database.db, targets), ITERATIONS, 5)
    let raw: Stats | null = null
    let equal: boolean | null = null
    if (c.raw) {
      let rawAnswer: unknown
      // A raw path slower than 5 s is timed once: the full ledger is long to read several times.
      const once = await time(async () => (rawAnswer = await c.raw!()), 1, 0)
      raw = once.p50 > 5000 ? once : await time(async () => (rawAnswer = await c.raw!()), RAW_RUNS, 0)
      equal = c.check ? c.check(answer, rawAnswer) : null
    }
    results.push({ name: c.name, ours, query, raw, equal })
    log(
      `${c.name.padEnd(48)} p95 ${ms(ours.p95).padStart(6)} ms  query p95 ${ms(query.p95).padStart(6)} ms  raw ${raw ? `${ms(raw.p50).padStart(8)} ms` : '       —'}${equal === false ? '  ANSWERS DIFFER' : ''}`,
    )
  }
  await app.close()

  const { rows } = await database.raw(
    `select (select count(*) from clients where franchise_id = $1)::int as clients,
            (select count(*) from points_transactions where franchise_id = $1)::int as transactions`,
    [franchise.franchiseId],
  )
  const worst = results.reduce((a, b) => (b.ours.p95 > a.ours.p95 ? b : a))
  const compared = results.filter((r) => r.raw)
  const gain = (r: (typeof results)[number]) => r.raw!.p50 / r.query.p95
  const slowestGain = compared.reduce((a, b) => (gain(b) < gain(a) ? b : a))
  const body = `## Analytics — \`npm run bench -- analytics\`

${today()} · ${await machine(database)}

Data: ${Number(rows[0]?.clients).toLocaleString('en')} clients and ${Number(rows[0]?.transactions).toLocaleString('en')} ledger rows in one franchise (3 stores).
Rollup job: ${first.backfill ? 'backfill' : 'catch-up'} of ${first.buckets.toLocaleString('en')} day buckets in ${(firstMs / 1000).toFixed(1)} s; a run with nothing new in ${idleMs} ms.
Each call: the route in-process (\`app.inject\`: auth, validation, queries, JSON) as the franchise owner,
${ITERATIONS} calls after 5 warm-up calls. Query: the service call behind the route (the rollup path alone,
on the franchise and store resolved once), timed the same way. Raw: the same figures from the ledger (the
rollup job's own SELECT over the call's period, or a count / group-by over the clients), best of ${RAW_RUNS}
(one run when over 5 s); "same" says both answers agree. The speed-up compares the two paths like for like:
raw against the rollup query's p95 (the whole route's p95 is in its own column, with its share of token
lookup, validation and JSON that neither path has).

| call | route p50 ms | route p95 ms | query p95 ms | raw ms | raw / query p95 | raw / route p95 | same |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: |
${results
  .map(
    (r) =>
      `| ${r.name} | ${ms(r.ours.p50)} | ${ms(r.ours.p95)} | ${ms(r.query.p95)} | ${r.raw ? ms(r.raw.p50) : '—'} | ${r.raw ? `${gain(r).toFixed(0)}×` : '—'} | ${r.raw ? `${(r.raw.p50 / r.ours.p95).toFixed(0)}×` : '—'} | ${r.equal === null ? '—' : r.equal ? 'yes' : 'NO'} |`,
  )
  .join('\n')}

Target p95 ≤ 50 ms for every call (whole route): ${worst.ours.p95 <= 50 ? 'met' : 'not met'} (worst: ${worst.name}, ${ms(worst.ours.p95)} ms).
Target ≥ 100× the raw path (rollup query against raw query): ${gain(slowestGain) >= 100 ? 'met' : 'not met'} (lowest: ${slowestGain.name}, ${gain(slowestGain).toFixed(0)}×).

How: a pg-boss job (every minute) recomputes the (franchise, store, local day) rows of \`analytics_days\`
that ledger rows created since its watermark touch (less a 5-minute overlap for late commits), so
a call sums at most a few hundred rollup rows; the ledger's write path (\`ledger_move\`) is unchanged.
Client totals come from the client-list counters (one total row per acquisition source, kept by src/server/db/sql/clients_counts_trigger.sql), top postcodes from counters kept by triggers on
\`clients\`, redeemed coupons from an index on their claim date.`
  if (DRY) {
    log('dry run: BENCHMARKS.md left as it is. The section would read:')
    console.log(body)
  } else writeSection('analytics', body)
  await database.close()
}
