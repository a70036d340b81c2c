// Issue 23's proof that the nightly expiry never expires twice (PostgreSQL): 3,000 clients with an
// earning batch due, the run's process killed with SIGKILL at 8 random moments (CRASH_KILLS) and started again each
// time, then a last run to the end and one more on the same day. Afterwards every client has exactly one
// expiry row of that day, of exactly what was due, and its balance is what FIFO leaves.
import type { ChildProcess } from 'node:child_process'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localInstant } from '../../src/domain/campaigns'
import { franchises } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { addClients, franchiseNamed } from '../support/campaign-fixtures'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { setExpiry } from '../support/expiry-fixtures'
import { spawnWorker } from '../support/worker-bundle'

const CLIENTS = 3_000
const KILLS = Number(process.env.CRASH_KILLS ?? 8)
const TZ = 'Europe/Paris'
const RUN_AT = localInstant('2028-03-01', 2, TZ, 30)

describe.runIf(!!process.env.DATABASE_URL)('points expiry under SIGKILL (postgres)', () => {
  let database: TestDatabase
  let fid: string
  let ids: string[]
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    await seed(database, () => {}, ['categories', 'accounts'])
    fid = (await franchiseNamed(database.db, 'Maison Dupont')).id
    await database.db
      .update(franchises)
      .set({ timezone: TZ, tagScanInterval: 0 })
      .where(eq(franchises.id, fid))
    ids = await addClients(database.db, fid, CLIENTS)
    // Through the ledger: 100 earned in January 2027 (a batch due by 1 March 2028, after 12 months),
    // 30 spent in June (from January's batch, FIFO), 50 earned in 2028 (not due).
    const moves = (type: string, points: number, at: string) =>
      database.db.execute(sql`
        select ledger_move(jsonb_build_object('franchise_id', ${fid}::text, 'client_id', c::text,
          'store_id', null, 'type', ${type}::text, 'points', ${points}::int, 'is_visit', false, 'now', ${at}::text))
        from unnest(${`{${ids.join(',')}}`}::uuid[]) c`)
    await moves('credit', 100, '2027-01-10T12:00:00Z')
    await moves('redeem', -30, '2027-06-10T12:00:00Z')
    await moves('credit', 50, '2028-01-10T12:00:00Z')
    await setExpiry(database.db, fid, 'BATCH', 12)
  }, 300_000)
  afterAll(() => database?.drop())

  const worker = (): ChildProcess =>
    spawnWorker('tests/support/expiry-worker.ts', {
      env: { ...process.env, DATABASE_URL: database.url!, FRANCHISE_ID: fid, RUN_AT: RUN_AT.toISOString() },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
  const exited = (p: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      p.exitCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code)),
    )
  const expiredCount = async () =>
    Number(
      (
        (await database.raw(`select count(*)::int as n from points_transactions where type = 'expiry'`)) as {
          rows: { n: number }[]
        }
      ).rows[0]!.n,
    )

  it(`expires each of ${CLIENTS} clients exactly once through ${KILLS} SIGKILLs`, async () => {
    let state = 11
    const random = () => {
      state = (state * 48271) % 2147483647
      return state / 2147483647
    }
    let kills = 0
    while (kills < KILLS) {
      const p = worker()
      // Kill once a few more clients are done: mid-run, between or inside a batch's statement.
      const target = (await expiredCount()) + 1 + Math.floor(random() * 150)
      const deadline = Date.now() + 60_000
      while ((await expiredCount()) < target && Date.now() < deadline && p.exitCode === null)
        await new Promise((r) => setTimeout(r, 2 + random() * 10))
      if (p.exitCode !== null) break
      p.kill('SIGKILL')
      await exited(p)
      kills++
    }
    expect(kills).toBeGreaterThan(3)
    for (let i = 0; i < 2; i++) {
      const last = worker()
      expect(await exited(last)).toBe(0)
    }
    const rows = (
      (await database.raw(`
        select client_id, count(*)::int as n, sum(points)::int as points, min(reference) as reference
          from points_transactions where type = 'expiry' group by client_id`)) as {
        rows: { client_id: string; n: number; points: number; reference: string }[]
      }
    ).rows
    expect(rows).toHaveLength(CLIENTS)
    expect(rows.filter((r) => r.n !== 1 || r.points !== -70)).toEqual([])
    expect(new Set(rows.map((r) => r.reference)).size).toBe(CLIENTS)
    expect(rows.every((r) => r.reference === `expiry:${r.client_id}:2028-03-01`)).toBe(true)
    const balances = (
      (await database.raw(
        `select points, count(*)::int as n from client_balances where franchise_id = $1 group by points`,
        [fid],
      )) as { rows: { points: number; n: number }[] }
    ).rows
    expect(balances).toEqual([{ points: 50, n: CLIENTS }])
  }, 600_000)
})
