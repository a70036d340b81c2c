// Issue 37 §1: two web processes and a job worker behind HAProxy (npm run fleet's own Fleet), every web
// process restarted in turn under a steady load of ledger moves and page reads sent with the browser's
// own client (src/api/client.ts: it repeats a read or a keyed write after a reset or a 502/503/504).
// Not one request may fail, and every move must count once: each balance equals what its callers were
// told was credited, and its ledger's sum. PostgreSQL only: PGlite serves one process.
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../src/api/client'
import { stores } from '../../src/server/db/schema'
import { ACCOUNT_MODULES, seed } from '../../src/server/db/seed'
import { Fleet } from '../../src/server/fleet/fleet'
import { ensureHaproxy } from '../../src/server/fleet/haproxy'
import { addClients, franchiseNamed } from '../support/campaign-fixtures'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { failure, login, startLoad } from '../support/fleet-load'
import { serverCommand } from '../support/worker-bundle'

const CLIENTS = 12
const POINTS = 7

describe.runIf(!!process.env.DATABASE_URL)('a rolling restart behind HAProxy (postgres)', () => {
  let database: TestDatabase
  let fleet: Fleet
  let franchiseId: string
  let storeId: string
  let clientIds: string[]

  beforeAll(async () => {
    ensureHaproxy()
    database = await openTestDatabase('postgres')
    await seed(database, () => {}, ACCOUNT_MODULES)
    franchiseId = (await franchiseNamed(database.db, 'Maison Dupont')).id
    const [store] = await database.db.select().from(stores).where(eq(stores.franchiseId, franchiseId))
    storeId = store!.id
    clientIds = await addClients(database.db, franchiseId, CLIENTS)
    fleet = new Fleet({
      root: process.cwd(),
      command: await serverCommand(),
      web: 2,
      workers: 1,
      port: 0,
      databaseUrl: database.url!,
      dir: mkdtempSync(path.join(os.tmpdir(), 'fleet-')),
      env: { SEED: 'off', LOG_LEVEL: 'warn' },
    })
    await fleet.start()
  }, 300_000)

  afterAll(async () => {
    await fleet?.stop()
    await database?.drop()
  })

  it('fails no request and counts every move once', async () => {
    const auth = await login(fleet.url)
    const load = startLoad({ url: fleet.url, auth, franchiseId, storeId, clientIds, points: POINTS })
    const { credited, failures } = load
    // A write without a key is never repeated, by the client nor by HAProxy: only the drain (readiness
    // 503 before the stop) keeps it from reaching a process that is closing.
    let edits = 0
    let editing = true
    const editor = async () => {
      for (let i = 0; editing; i++) {
        const id = clientIds[i % CLIENTS]!
        await call(`${fleet.url}/api/v2/franchises/${franchiseId}/users`, {
          method: 'PUT',
          body: { id, firstName: `Client ${i}`, lastName: 'Fleet' },
          headers: auth,
        }).then(
          () => edits++,
          (e) => failures.push(failure('edit', e)),
        )
      }
    }
    const editing$ = editor()
    const startsBefore = fleet.webs().map((m) => m.starts)
    await fleet.rollingRestart()
    // A little more load once the last one is back, so requests reach the restarted processes too.
    const target = load.moves + 20
    while (load.moves < target && failures.length === 0) await new Promise((r) => setTimeout(r, 50))
    editing = false
    await Promise.all([load.stop(), editing$])

    expect(failures).toEqual([])
    expect(fleet.webs().map((m) => m.starts)).toEqual(startsBefore.map((n) => n + 1))
    expect(load.moves).toBeGreaterThan(40)
    expect(load.reads).toBeGreaterThan(40)
    expect(edits).toBeGreaterThan(20)
    // The ledger's rows of this test: with a move's debit as many as its credit, a move counted twice
    // shows in the sum of the absolute values too.
    const { rows } = await database.raw(
      `select c.id, b.points, coalesce((select sum(t.points) from points_transactions t where t.client_id = c.id), 0)::int as ledger,
         (select count(*) from points_transactions t where t.client_id = c.id)::int as rows
       from clients c join client_balances b on b.client_id = c.id where c.id = any($1::uuid[])`,
      [clientIds],
    )
    for (const r of rows) {
      expect({ id: r.id, points: r.points, ledger: r.ledger }).toEqual({
        id: r.id,
        points: credited.get(String(r.id)),
        ledger: credited.get(String(r.id)),
      })
    }
    expect(rows.reduce((n, r) => n + Number(r.rows), 0)).toBe(load.moves)
  }, 300_000)
})
