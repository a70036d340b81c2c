// Issue 23's proof that an import survives its worker's death (PostgreSQL): a 5,000-record file with
// bad and duplicate records, its worker killed with SIGKILL at random moments mid-import and started
// again each time (and then two workers at once); afterwards each client exists exactly once, each
// opening balance is one `migration` ledger row, and the counters add up to the file.
import type { ChildProcess } from 'node:child_process'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientBalances,
  clientImportRows,
  clientImports,
  clients,
  pointsTransactions,
} from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { startImport, uploadImport } from '../../src/server/services/imports'
import type { Tenant } from '../../src/server/services/scope'
import { franchiseNamed } from '../support/campaign-fixtures'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { clientsCsv, IMPORT_MAPPING, type ImportFile } from '../support/import-fixtures'
import { spawnWorker } from '../support/worker-bundle'

const ROWS = 5_000
const KILLS = Number(process.env.CRASH_KILLS ?? 6)

describe.runIf(!!process.env.DATABASE_URL)('client import under SIGKILL (postgres)', () => {
  let database: TestDatabase
  let tenant: Tenant
  let fid: string
  let seed0 = 11
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    await seed(database, () => {}, ['categories', 'accounts'])
    const f = await franchiseNamed(database.db, 'Maison Dupont')
    fid = f.id
    tenant = {
      franchiseIds: [fid],
      storeIds: null,
      userId: f.userId!,
      role: 'FRANCHISE_OWNER',
      kind: 'member',
      actingAs: null,
    }
  }, 180_000)
  afterAll(() => database?.drop())

  const worker = (importId: string): ChildProcess =>
    spawnWorker('tests/support/import-worker.ts', {
      env: { ...process.env, DATABASE_URL: database.url!, IMPORT_ID: importId, BATCH_SIZE: '50' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
  const exited = (p: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      p.exitCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code)),
    )
  const cursorOf = async (id: string) =>
    (
      await database.db
        .select({ c: clientImports.cursor })
        .from(clientImports)
        .where(eq(clientImports.id, id))
    )[0]!.c

  async function importThroughCrashes(file: ImportFile, workers: number) {
    const up = await uploadImport(database.db, tenant, fid, {
      fileName: 'crash.csv',
      bytes: Buffer.from(file.csv),
    })
    await startImport(database.db, tenant, up.id, IMPORT_MAPPING, undefined)
    let state = seed0++
    const random = () => {
      state = (state * 48271) % 2147483647
      return state / 2147483647
    }
    let running = Array.from({ length: workers }, () => worker(up.id))
    let kills = 0
    for (let k = 0; k < KILLS; k++) {
      // Kill once a few more batches have committed: always mid-import, never before it starts.
      const target = Math.min(ROWS - 100, (await cursorOf(up.id)) + 50 + Math.floor(random() * 300))
      const deadline = Date.now() + 30_000
      while (
        (await cursorOf(up.id)) < target &&
        Date.now() < deadline &&
        running.some((p) => p.exitCode === null)
      )
        await new Promise((r) => setTimeout(r, 5 + random() * 20))
      if (running.every((p) => p.exitCode !== null)) break
      const victim = running[Math.floor(random() * running.length)]!
      victim.kill('SIGKILL')
      await exited(victim)
      kills++
      running = running.map((p) => (p === victim ? worker(up.id) : p))
    }
    const codes = await Promise.all(running.map(exited))
    expect(codes.every((code) => code === 0)).toBe(true)
    return { id: up.id, kills }
  }

  async function expectExactlyOnce(file: ImportFile, importId: string, phoneBase: number) {
    const [imp] = await database.db.select().from(clientImports).where(eq(clientImports.id, importId))
    expect(imp).toMatchObject({
      status: 'DONE',
      cursor: ROWS,
      created: file.valid,
      updated: 0,
      skipped: file.bad + file.duplicates,
    })
    const made = await database.db
      .select({ id: clients.id, phone: clients.phone, points: clientBalances.points })
      .from(clients)
      .innerJoin(clientBalances, eq(clientBalances.clientId, clients.id))
      .where(
        and(
          eq(clients.franchiseId, fid),
          like(clients.email, `client${String(phoneBase).slice(0, 3)}%@import.test`),
        ),
      )
    expect(made).toHaveLength(file.valid)
    expect(new Set(made.map((c) => c.phone)).size).toBe(file.valid)
    const moves = await database.db
      .select({
        reference: pointsTransactions.reference,
        points: pointsTransactions.points,
        clientId: pointsTransactions.clientId,
      })
      .from(pointsTransactions)
      .where(like(pointsTransactions.reference, `import:${importId}:%`))
    expect(new Set(moves.map((m) => m.reference)).size).toBe(moves.length)
    expect(new Set(moves.map((m) => m.clientId)).size).toBe(moves.length)
    expect(moves.reduce((s, m) => s + m.points, 0)).toBe(file.points)
    // Each balance is its one opening move.
    expect(made.reduce((s, c) => s + c.points, 0)).toBe(file.points)
    const outcomes = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clientImportRows)
      .where(eq(clientImportRows.importId, importId))
    expect(outcomes[0]!.n).toBe(ROWS)
  }

  it(`imports ${ROWS} records, each exactly once, through ${KILLS} SIGKILLs`, async () => {
    const file = clientsCsv({ rows: ROWS, bad: 40, duplicates: 60, phoneBase: 20_000_000 })
    const { id, kills } = await importThroughCrashes(file, 1)
    expect(kills).toBeGreaterThan(KILLS / 2)
    await expectExactlyOnce(file, id, 20_000_000)
  }, 600_000)

  it('and with two workers at once, killed in turn', async () => {
    const file = clientsCsv({ rows: ROWS, bad: 40, duplicates: 60, phoneBase: 30_000_000 })
    const { id } = await importThroughCrashes(file, 2)
    await expectExactlyOnce(file, id, 30_000_000)
  }, 600_000)
})
