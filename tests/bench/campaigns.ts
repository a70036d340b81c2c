// `npm run bench -- campaigns` (issue 18): the cost call's count (countAudience) for 10 filter sets on
// the 1M-client data of the clients benchmark, next to DuckDB computing the same audiences from the
// same data exported in the same run (answers checked equal); freezing a ~500k-recipient audience (time
// and this process's RSS above idle); dispatch throughput to the local outbox and to the fake HTTP
// provider with no rate limit.
import os from 'node:os'
import { eq, sql } from 'drizzle-orm'
import { type CampaignFilters, localClock } from '../../src/domain/campaigns'
import { periodStart } from '../../src/domain/clients'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { rowsOf } from '../../src/server/db/client'
import { campaignRecipients, campaigns, franchises } from '../../src/server/db/schema'
import { countAudience, SMS_PREFIXES } from '../../src/server/services/campaign-audience'
import { freezeAudience, runDispatch } from '../../src/server/services/campaign-dispatch'
import { startFakeProvider } from '../support/fake-provider'
import { visitWrites, visitWritesReport } from './audience-writes'
import { openDuck } from './campaigns-duck'
import { ensureClientsData, loadedClients } from './clients-data'
import {
  log,
  machine,
  maintain,
  ms,
  openBenchDatabase,
  type Stats,
  time,
  today,
  writeSection,
} from './support'

const TZ = 'Europe/Paris'
/** Visits made through the ledger to count what each writes (issue 38 §4). */
const VISITS = Number(process.env.BENCH_VISITS) || 5000
/** Synthetic places for the bench clients' postcodes: 100 codes on a grid around Paris. */
const PLACES = Array.from({ length: 100 }, (_, i) => ({
  postcode: String(75000 + i),
  lat: 48.4 + (i % 10) * 0.09,
  lng: 1.9 + Math.floor(i / 10) * 0.12,
}))

const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)
const haversine = (a: string, b: string) =>
  `2 * 6371 * asin(least(1, sqrt(pow(sin(radians(${b}.lat - ${a}.lat) / 2), 2) + cos(radians(${a}.lat)) * cos(radians(${b}.lat)) * pow(sin(radians(${b}.lng - ${a}.lng) / 2), 2))))`

export async function campaignsBench() {
  const { database, url } = await openBenchDatabase(8)
  const db = database.db
  const { franchiseId, storeIds } = await ensureClientsData(database)
  // The sizes the figures were taken on (BENCH_CLIENTS may have asked for a smaller load).
  const loaded = await loadedClients(database, franchiseId)
  const { rows: ledgerCount } = await database.raw(
    'select count(*)::bigint as n from points_transactions where franchise_id = $1',
    [franchiseId],
  )
  const ledgerRows = Number(ledgerCount[0]?.n ?? 0)
  // Gender, birth date and postcode come with the generated clients (clients-data.ts).
  const { rows: missing } = await database.raw(
    `select count(*)::int as n from clients where franchise_id = $1 and gender is null and email like '%@bench.example'`,
    [franchiseId],
  )
  if (Number(missing[0]?.n) > 0)
    throw new Error(
      'The bench clients predate their gender, birth date and postcode: drop the bench database',
    )
  // The audience rows' visibility map (index-only counts) after a migration's backfill; a plain vacuum,
  // as autovacuum runs it on a live database, never `vacuum full` (issue 38 §4: the counts are taken on
  // the table as the load and the visits left it).
  await maintain(database, 'vacuum analyze client_audience')
  await maintain(database, 'vacuum analyze client_visit_days')
  const sizes = await tableSizes(database, ['client_audience', 'client_visit_days', 'clients'])
  for (const p of PLACES)
    await database.raw(
      `insert into postcode_locations (country, postcode, lat, lng) values ('FRA', $1, $2, $3) on conflict do nothing`,
      [p.postcode, p.lat, p.lng],
    )

  const now = new Date()
  const clock = { today: localClock(now, TZ).day, now }
  const [f] = await db.select().from(franchises).where(eq(franchises.id, franchiseId))
  const typeStart = periodStart(f!.customersQualification.lostCustomers.timeSinceLastVisit, now).getTime()
  const from = daysBefore(clock.today, 90)
  const zips = PLACES.slice(40, 50).map((p) => p.postcode)
  const age = (lo: number, hi: number) =>
    `c.birth_date is not null and date_sub('year', c.birth_date, date '${clock.today}') between ${lo} and ${hi}`
  const sales = `select client_id from ledger where amount_cents > 0 group by client_id having`
  const sets: { name: string; filters: CampaignFilters; duck: string }[] = [
    { name: 'one filter: ≥ 50 loyalty points', filters: { minLoyaltyPoints: 50 }, duck: 'c.points >= 50' },
    {
      name: 'several: women 25–60, from a store, ≥ 20 points',
      filters: {
        gender: 'women',
        minAge: 25,
        maxAge: 60,
        clientsAcquiredFrom: ['STORE'],
        minLoyaltyPoints: 20,
      },
      duck: `c.gender = 'female' and ${age(25, 60)} and c.acquired_from = 'STORE' and c.points >= 20`,
    },
    {
      name: 'visits: 2 to 5 in the last 90 days',
      filters: {
        startPassageDate: from,
        endPassageDate: clock.today,
        minNbPassageTransactions: 2,
        maxNbPassageTransactions: 5,
      },
      duck: `c.id in (select client_id from ledger where type in ('tag', 'sync') and day between '${from}' and '${clock.today}'
        group by client_id having count(*) between 2 and 5)`,
    },
    {
      name: '10 postcodes + 15 km around a postcode',
      filters: { zipOrPostcodes: zips, radius: { km: 15, center: { postcode: '75044' } } },
      duck: `c.postcode in (${zips.map((z) => `'${z}'`).join(', ')}) and c.postcode in (select p.postcode from places p,
        (select lat, lng from places where postcode = '75044') k where ${haversine('k', 'p')} <= 15)`,
    },
    {
      name: 'age + gender: men 30–45',
      filters: { gender: 'men', minAge: 30, maxAge: 45 },
      duck: `c.gender = 'male' and ${age(30, 45)}`,
    },
    {
      name: 'a store with client types: lost customers',
      filters: { storeIds: [storeIds[0]!], clientsTypes: ['LOST_CUSTOMER'] },
      duck: `c.id in (select client_id from client_stores where store_id = '${storeIds[0]}')
        and coalesce(c.last_visit_ms, c.created_ms) < ${typeStart}`,
    },
    {
      name: 'average basket 20–40 EUR',
      filters: { minAverageBasket: 20, maxAverageBasket: 40 },
      duck: `c.id in (${sales} sum(amount_cents) // count(*) between 2000 and 4000)`,
    },
    {
      name: 'weekly average basket ≥ 60 EUR',
      filters: { minWeeklyAverageBasket: 60 },
      duck: `c.id in (${sales} sum(amount_cents) // count(distinct date_trunc('week', day)) >= 6000)`,
    },
    {
      name: 'collected points 50–100',
      filters: { minCollectedPoints: 50, maxCollectedPoints: 100 },
      duck: 'c.collected between 50 and 100',
    },
    {
      name: 'acquired from migration or e-marketing, women',
      filters: { clientsAcquiredFrom: ['MIGRATION', 'EMARKETING'], gender: 'women' },
      duck: `c.acquired_from in ('MIGRATION', 'EMARKETING') and c.gender = 'female'`,
    },
  ]
  const smsRule = `c.phone is not null and (${SMS_PREFIXES.map((p) => `c.phone like '${p}%'`).join(' or ')})
    and c.phone not in (select phone from optouts)`

  const loadBefore = os.loadavg()
  const duck = await openDuck(url, franchiseId, TZ)
  const results: { name: string; n: number; pg: Stats; duck: Stats }[] = []
  for (const s of sets) {
    const n = await countAudience(db, franchiseId, 'SMS', s.filters, clock)
    const expected = await duck.count(`${smsRule} and ${s.duck}`)
    if (n !== expected) throw new Error(`${s.name}: PostgreSQL counts ${n}, DuckDB ${expected}`)
    const pg = await time(() => countAudience(db, franchiseId, 'SMS', s.filters, clock), 20, 2)
    const dk = await time(() => duck.count(`${smsRule} and ${s.duck}`), 20, 2)
    results.push({ name: s.name, n, pg, duck: dk })
    log(
      `${s.name.padEnd(50)} ${String(n).padStart(8)}  p50 ${ms(pg.p50)} ms  p95 ${ms(pg.p95)} ms  DuckDB p95 ${ms(dk.p95)} ms`,
    )
  }
  duck.close()
  // After the counts, which read the table as the load left it.
  const writes = await visitWrites(database, franchiseId, storeIds, VISITS)
  log(
    `visits: ${writes.visits} made, audience writes per visit ${(writes.perTable.client_audience.updates / writes.visits).toFixed(2)}`,
  )

  // Freezing: an audience of about half the clients (average basket up to the median).
  const [median] = rowsOf<{ v: number }>(
    await db.execute(sql`select percentile_disc(0.5) within group (order by average_basket_key)::int as v
      from clients where franchise_id = ${franchiseId}`),
  )
  const addCampaign = async (filters: CampaignFilters) =>
    (
      await db
        .insert(campaigns)
        .values({
          franchiseId,
          name: 'bench',
          type: 'MANUAL_CAMPAIGN',
          content: 'NEWS',
          channel: 'SMS',
          state: 'VALID',
          dispatch: 'SENDING',
          message: 'Soldes -20% ce week-end',
          filters,
        })
        .returning()
    )[0]!
  const big = await addCampaign({ maxAverageBasket: median!.v / 100 })
  globalThis.gc?.()
  const idle = process.memoryUsage().rss
  let peak = idle
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  const t0 = process.hrtime.bigint()
  const frozen = await freezeAudience(db, big.id, now)
  const freezeMs = Number(process.hrtime.bigint() - t0) / 1e6
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  const rssMb = (peak - idle) / 2 ** 20
  log(`froze ${frozen} recipients in ${ms(freezeMs)} ms, RSS +${rssMb.toFixed(1)} MB`)
  await db.delete(campaigns).where(eq(campaigns.id, big.id))

  // Dispatch throughput: N recipients, no rate limit, inside the sending window (a Tuesday 10:00).
  const tuesday = new Date('2026-11-24T09:00:00Z')
  const provider = await startFakeProvider()
  const dispatch = async (label: string, sms: ReturnType<typeof createSms>, n: number) => {
    const c = await addCampaign({ zipOrPostcodes: ['75044'] })
    await freezeAudience(db, c.id, tuesday)
    await db.execute(sql`delete from campaign_recipients where campaign_id = ${c.id} and client_id not in
      (select client_id from campaign_recipients where campaign_id = ${c.id} limit ${n})`)
    const t = process.hrtime.bigint()
    const step = await runDispatch(
      { db, channels: { SMS: sms, PUSH: createPush({}) }, now: () => tuesday, options: { ratePerSecond: 0 } },
      c.id,
    )
    const seconds = Number(process.hrtime.bigint() - t) / 1e9
    const [sent] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${campaignRecipients} where campaign_id = ${c.id} and status = 'SENT'`,
      ),
    )
    await db.delete(campaigns).where(eq(campaigns.id, c.id))
    const rate = sent!.n / seconds
    log(`${label}: ${sent!.n} sent (${step.kind}) in ${seconds.toFixed(1)} s, ${rate.toFixed(0)} messages/s`)
    return { label, sent: sent!.n, seconds, rate }
  }
  const outbox = await dispatch('local outbox', createSms({}), 3000)
  const http = await dispatch('fake HTTP provider', createSms({ url: provider.url }), 2000)
  await provider.close()

  const worst = results.reduce((a, b) => (b.pg.p95 > a.pg.p95 ? b : a))
  const worstRatio = results.reduce((a, b) => Math.max(a, b.pg.p95 / b.duck.p95), 0)
  writeSection(
    'campaigns',
    `## Campaigns: audience count, freezing, dispatch

${today()} · ${await machine(database)}

Load average (1, 5, 15 min) on this shared 2-core machine: ${loadBefore.map((l) => l.toFixed(1)).join(', ')} at the start,
${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ')} at the end: every figure below is inflated by the other work running then.

\`npm run bench -- campaigns\`: the cost call's count (\`countAudience\`, SMS channel: reachable numbers,
opt-outs out) on the clients benchmark's ${loaded.toLocaleString('en')} clients (${ledgerRows.toLocaleString('en')} ledger
rows; gender, birth date and a synthetic postcode added), 20 runs after 2 warm-ups. Reference: DuckDB (in memory, same process) over the
same clients, store links and raw ledger rows exported in the same run; every count checked equal.

| Filter set | Clients | PostgreSQL p50 ms | p95 ms | DuckDB p50 ms | p95 ms | p95 ratio |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${results
  .map(
    (r) =>
      `| ${r.name} | ${r.n} | ${ms(r.pg.p50)} | ${ms(r.pg.p95)} | ${ms(r.duck.p50)} | ${ms(r.duck.p95)} | ${(r.pg.p95 / r.duck.p95).toFixed(1)}× |`,
  )
  .join('\n')}

Target p95 ≤ 50 ms: ${worst.pg.p95 <= 50 ? 'met' : 'not met'} (worst: ${worst.name}, ${ms(worst.pg.p95)} ms).
Target p95 ≤ DuckDB's on every set (issue 38 §5): ${worstRatio <= 1 ? 'met' : 'not met'} (worst p95 ratio ${worstRatio.toFixed(1)}×).

The tables the counts read, as the load left them after a plain \`vacuum analyze\` (no \`vacuum full\`):

| table | live rows | dead rows | heap MB | indexes MB |
| --- | ---: | ---: | ---: | ---: |
${sizes.map((t) => `| ${t.name} | ${t.live.toLocaleString('en')} | ${t.dead.toLocaleString('en')} | ${t.heapMb} | ${t.indexMb} |`).join('\n')}

${visitWritesReport(writes)}

Freezing ${frozen.toLocaleString('en')} recipients (one INSERT … SELECT): ${ms(freezeMs)} ms, this process's RSS
+${rssMb.toFixed(1)} MB above idle (target ≤ 5 s and ≤ 150 MB: ${freezeMs <= 5000 && rssMb <= 150 ? 'met' : 'not met'}).

Dispatch, one worker, ratePerSecond 0, consent re-checked per message:
${[outbox, http].map((d) => `- ${d.label}: ${d.sent} messages in ${d.seconds.toFixed(1)} s, ${d.rate.toFixed(0)} messages/s`).join('\n')}
`,
  )
  await database.close()
}

/** Rows and sizes of these tables (its statistics' live and dead rows; heap and indexes in MB). */
async function tableSizes(
  database: Awaited<ReturnType<typeof openBenchDatabase>>['database'],
  names: string[],
) {
  const { rows } = await database.raw(
    `select relname as name, n_live_tup::bigint as live, n_dead_tup::bigint as dead,
            round(pg_relation_size(relid) / 1048576.0) as heap, round(pg_indexes_size(relid) / 1048576.0) as idx
       from pg_stat_user_tables where relname = any($1) order by array_position($1, relname::text)`,
    [names],
  )
  return rows.map((r) => ({
    name: String(r.name),
    live: Number(r.live),
    dead: Number(r.dead),
    heapMb: Number(r.heap),
    indexMb: Number(r.idx),
  }))
}
