// `npm run bench -- automations` and `automations-fleet` (issue 20): the daily run's selection of each
// automation type on the 1M-client franchise of the clients benchmark (p95 per franchise per type, over 30 run days; target
// 200 ms), and the whole daily run (selection, sends, campaign and recipients written, no dispatch) of
// a fleet of 1,000 franchises of 1,000 clients each, made here once and kept for reruns.
import { eq, inArray, sql } from 'drizzle-orm'
import { AUTOMATION_TYPES, type AutomationType, addDays } from '../../src/domain/automations'
import { localClock, localInstant } from '../../src/domain/campaigns'
import type { Database } from '../../src/server/db/client'
import { automatedMarketings, franchises, users } from '../../src/server/db/schema'
import {
  runFranchiseAutomations,
  runWindow,
  selectionSql,
} from '../../src/server/services/automation-selection'
import { BENCH_CLIENTS, ensureClientsData } from './clients-data'
import {
  log,
  machine,
  maintain,
  ms,
  openBenchDatabase,
  type Stats,
  stats,
  today,
  writeSection,
} from './support'

const DAY_MS = 86_400_000
const TZ = 'Europe/Paris'
/** The fleet: BENCH_FLEET franchises of BENCH_FLEET_CLIENTS clients (1,000 × 1,000 by default). */
const FLEET = Number(process.env.BENCH_FLEET || 1_000)
const FLEET_CLIENTS = Number(process.env.BENCH_FLEET_CLIENTS || 1_000)
const FLEET_MARK = '@fleet.bench.example'
const SELECTION_DAYS = 30

type Automation = typeof automatedMarketings.$inferSelect

/** One automation of each type on `franchiseId`, active, by SMS, no filters (replacing any there). */
async function automationsOf(database: Database, franchiseIds: string[], userIds: string[]) {
  const db = database.db
  await db.delete(automatedMarketings).where(inArray(automatedMarketings.franchiseId, franchiseIds))
  const rows = franchiseIds.flatMap((franchiseId, i) =>
    AUTOMATION_TYPES.map((type) => ({
      franchiseId,
      userId: userIds[i]!,
      type,
      title: type,
      name: type,
      message: `${type}: a gift awaits you`,
      channel: 'SMS',
      isActive: true,
    })),
  )
  for (let i = 0; i < rows.length; i += 3_000)
    await db.insert(automatedMarketings).values(rows.slice(i, i + 3_000))
  return db.select().from(automatedMarketings).where(inArray(automatedMarketings.franchiseId, franchiseIds))
}

/** The selection of `a` on one run day (10:00 local, the previous day run), every row fetched. */
async function selectOnce(database: Database, a: Automation, f: typeof franchises.$inferSelect, day: string) {
  const now = localInstant(day, 10, TZ)
  const w = runWindow(
    { lastRunDay: addDays(day, -1), coveredUntil: new Date(now.getTime() - DAY_MS) },
    TZ,
    now,
  )
  const query = selectionSql(a, f, w)
  if (!query) return 0
  const res = (await database.db.execute(query)) as unknown as { rows?: unknown[] }
  return res.rows?.length ?? 0
}

async function selectionBench(database: Database) {
  const { franchiseId, ownerEmail } = await ensureClientsData(database)
  const db = database.db
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail))
  const [f] = await db.select().from(franchises).where(eq(franchises.id, franchiseId))
  const list = await automationsOf(database, [franchiseId], [owner!.id])
  const day0 = localClock(new Date(), TZ).day
  const out: { type: AutomationType; s: Stats; rows: number }[] = []
  for (const type of AUTOMATION_TYPES) {
    const a = list.find((x) => x.type === type)!
    await selectOnce(database, a, f!, addDays(day0, -SELECTION_DAYS - 1)) // warm-up
    const samples: number[] = []
    let rows = 0
    for (let i = 0; i < SELECTION_DAYS; i++) {
      const t = process.hrtime.bigint()
      rows += await selectOnce(database, a, f!, addDays(day0, -i))
      samples.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
    out.push({ type, s: stats(samples), rows: Math.round(rows / SELECTION_DAYS) })
    log(
      `selection ${type}: p95 ${ms(stats(samples).p95)} ms, ${Math.round(rows / SELECTION_DAYS)} clients a day`,
    )
  }
  // The bench franchise keeps no automations (other benchmarks read its campaigns).
  await db.delete(automatedMarketings).where(eq(automatedMarketings.franchiseId, franchiseId))
  return out
}

/** The fleet's owners, franchises and clients (birthdays over the year, visits over two years). */
async function ensureFleet(database: Database) {
  // Complete or made again: an interrupted fill leaves fewer clients than the fleet has.
  const have = await database.raw(
    `select count(*)::int as n from clients c join franchises f on f.id = c.franchise_id
       join users u on u.id = f.user_id where u.email like $1`,
    [`%${FLEET_MARK}`],
  )
  if (Number(have.rows[0]?.n) !== FLEET * FLEET_CLIENTS) {
    log(`creating the fleet: ${FLEET} franchises of ${FLEET_CLIENTS} clients…`)
    await database.raw(`delete from franchises where user_id in (select id from users where email like $1)`, [
      `%${FLEET_MARK}`,
    ])
    await database.raw(`delete from users where email like $1`, [`%${FLEET_MARK}`])
    await database.raw(
      `with u as (
         insert into users (email, password_hash, role)
         select 'owner' || n || $2, 'not-a-hash', 'FRANCHISE_OWNER' from generate_series(1, $1::int) n
         returning id, email)
       insert into franchises (name, code_alpha3, timezone, currency_code, user_id, sender_id)
       select 'Fleet ' || u.email, 'FRA', $3, 'EUR', u.id, 'FLEET' from u`,
      [FLEET, FLEET_MARK, TZ],
    )
    const started = Date.now()
    const ids = await fleetIds(database)
    for (let i = 0; i < ids.franchiseIds.length; i += 50) {
      await database.raw(
        `insert into clients (franchise_id, first_name, phone, birth_date, visit_count, first_visit_at,
                              last_visit_at, created_at)
         select f.id, 'C' || n, '+3361' || lpad((k * 1000 + n)::text, 7, '0'),
                to_char(date '1950-01-01' + ((k * 7919 + n * 104729) % 20000)::int, 'YYYY-MM-DD'),
                1 + n % 9, now() - age * interval '1 day', now() - (age - (n * 13 + k) % (age + 1)) * interval '1 day',
                now() - (age + 1) * interval '1 day'
           from unnest($1::uuid[]) with ordinality f(id, k)
           cross join generate_series(1, $2::int) n
           cross join lateral (select ((n * 37 + k) % 730)::int as age) a`,
        [ids.franchiseIds.slice(i, i + 50), FLEET_CLIENTS],
      )
      log(
        `fleet clients: ${Math.min(i + 50, ids.franchiseIds.length) * FLEET_CLIENTS} in ${Math.round((Date.now() - started) / 1000)} s`,
      )
    }
    await maintain(database, 'analyze clients')
  }
  return fleetIds(database)
}

async function fleetIds(database: Database) {
  const { rows } = await database.raw(
    `select f.id, f.user_id from franchises f join users u on u.id = f.user_id where u.email like $1 order by f.id`,
    [`%${FLEET_MARK}`],
  )
  return { franchiseIds: rows.map((r) => String(r.id)), userIds: rows.map((r) => String(r.user_id)) }
}

async function fleetBench(database: Database) {
  const { franchiseIds, userIds } = await ensureFleet(database)
  const list = await automationsOf(database, franchiseIds, userIds)
  const db = database.db
  // A rerun starts from a clean day: no earlier sends or campaigns of the fleet's automations.
  await database.raw(
    `delete from campaigns where automation_id in (select id from automated_marketings where franchise_id = any($1::uuid[]))`,
    [franchiseIds],
  )
  const now = localInstant(localClock(new Date(), TZ).day, 10, TZ)
  await db
    .update(automatedMarketings)
    .set({ lastRunDay: addDays(localClock(now, TZ).day, -1), coveredUntil: new Date(now.getTime() - DAY_MS) })
    .where(inArray(automatedMarketings.franchiseId, franchiseIds))
  log(`daily run of ${franchiseIds.length} franchises (${list.length} automations)…`)
  const samples: number[] = []
  let recipients = 0
  const started = process.hrtime.bigint()
  for (const id of franchiseIds) {
    const t = process.hrtime.bigint()
    recipients += (await runFranchiseAutomations(db, id, now)).recipients
    samples.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6
  const [sends] = (
    (await db.execute(
      sql`select count(*)::int as n from automation_sends where franchise_id = any(${`{${franchiseIds.join(',')}}`}::uuid[])`,
    )) as unknown as { rows: { n: number }[] }
  ).rows
  log(`fleet run: ${ms(totalMs / 1000)} s, ${recipients} recipients`)
  return { totalMs, per: stats(samples), recipients, sends: sends?.n ?? 0 }
}

/** `npm run bench -- automations`: the selection of each type on the 1M-client franchise. */
export async function automationsBench() {
  const { database } = await openBenchDatabase(8)
  const selection = await selectionBench(database)
  const rows = selection
    .map(
      (r) =>
        `| ${r.type} | ${r.rows} | ${ms(r.s.p50)} | ${ms(r.s.p95)} | ${ms(r.s.max)} | ${r.s.p95 <= 200 ? 'yes' : 'no'} |`,
    )
    .join('\n')
  writeSection(
    'automations',
    `## Automated marketing: the daily selection (issue 20, \`npm run bench -- automations\`)

${today()} · ${await machine(database)}

Daily selection of each type on the ${BENCH_CLIENTS.toLocaleString('en')}-client franchise (the clients benchmark's data), one run day
at 10:00 Paris for each of the last ${SELECTION_DAYS} days, every selected row fetched (birthday index,
last-visit and first-seen ranges, joined to the audience rows):

| Type | Clients a day (mean) | p50 ms | p95 ms | max ms | p95 ≤ 200 ms |
| --- | ---: | ---: | ---: | ---: | --- |
${rows}`,
  )
  await database.close()
}

/** `npm run bench -- automations-fleet`: the whole daily run of 1,000 franchises × 1,000 clients. */
export async function automationsFleetBench() {
  const { database } = await openBenchDatabase(8)
  const fleet = await fleetBench(database)
  writeSection(
    'automations-fleet',
    `## Automated marketing: the whole daily run (issue 20, \`npm run bench -- automations-fleet\`)

${today()} · ${await machine(database)}

Whole daily run of ${FLEET.toLocaleString('en')} franchises × ${FLEET_CLIENTS.toLocaleString('en')} clients
(3 active SMS automations each; selection, exactly-once sends, one campaign and its recipients per
automation written; the dispatch engine's sending not included): **${ms(fleet.totalMs / 1000)} s** in one
worker, per franchise p50 ${ms(fleet.per.p50)} ms, p95 ${ms(fleet.per.p95)} ms, max ${ms(fleet.per.max)} ms;
${fleet.recipients.toLocaleString('en')} recipients (${fleet.sends.toLocaleString('en')} sends recorded).`,
  )
  await database.close()
}
