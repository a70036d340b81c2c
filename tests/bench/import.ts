// `npm run bench -- import` (issue 23): 100,000 client records imported on PostgreSQL, target ≤ 60 s,
// with the server's RSS at most 200 MB above idle. The file is uploaded through the service (decoded,
// checked, stored) and run by the job's code in batches, in a child process (import-worker.ts).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { franchises } from '../../src/server/db/schema'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { IMPORT_BATCH } from '../../src/server/services/imports-run'
import { clientsCsv } from '../support/import-fixtures'
import { asOwner, log, machine, maintain, openBenchDatabase, today, writeSection } from './support'

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000)

export async function importBench() {
  const { database, url } = await openBenchDatabase(10)
  const db = database.db
  const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
  // Each run starts from the seeded franchise: the clients and imports of earlier runs are removed
  // (they would make every run slower than the one before, as its indexes grow).
  // Its own clients only (their e-mails are the fixture's): the demo's imported clients stay, with the
  // opinions that reference them.
  // Planner statistics first (this machine's PostgreSQL runs without autovacuum): without them the
  // ledger rows' cascade was planned as a scan of the franchise's whole ledger per client, 400 s.
  await asOwner(url, 'analyze clients, client_balances, points_transactions')
  await database.raw(
    `delete from clients where franchise_id = '${f!.id}' and acquired_from = 'MIGRATION' and email like '%@import.test'`,
  )
  await database.raw(`delete from client_imports where franchise_id = '${f!.id}'`)
  await maintain(database, 'vacuum analyze clients')
  // New phone numbers at every run, so that each run creates its clients.
  const phoneBase = 40_000_000 + (Math.floor(Date.now() / 1000) % 500) * 100_000
  const file = clientsCsv({ rows: ROWS, bad: ROWS / 100, duplicates: ROWS / 40, phoneBase })
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'))
  const csvPath = path.join(dir, 'bench.csv')
  writeFileSync(csvPath, file.csv)
  const bytes = statSync(csvPath).size

  // The server's work in a process of its own: its RSS, sampled from /proc, is the server's alone.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : []
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'tests/bench/import-worker.ts', url, csvPath],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const lines = createInterface({ input: child.stdout! })
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve)
      child.once('exit', (code) => reject(new Error(`import worker exited (${code})`)))
    })
  if ((await next()) !== 'ready') throw new Error('import worker did not start')
  const rssOf = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : 0
  }
  await new Promise((r) => setTimeout(r, 500))
  const idle = rssOf()
  let peak = idle
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf())
    } catch {}
  }, 50)
  const loadBefore = os.loadavg()
  const done = next()
  child.stdin!.write('go\n')
  const result = JSON.parse(await done) as {
    status: string
    created: number
    updated: number
    skipped: number
    upload: number
    run: number
    cpu: number
  }
  clearInterval(sampler)
  const loadAfter = os.loadavg()
  rmSync(dir, { recursive: true, force: true })
  const reference = await bareInsert(database, file.valid)
  const floor = await schemaFloor(url, f!.id, file.valid)
  const seconds = result.upload + result.run
  const aboveIdle = (peak - idle) / 2 ** 20
  const outcome = `${result.status}: ${result.created} created, ${result.updated} updated, ${result.skipped} skipped`
  log(`${outcome} in ${seconds.toFixed(1)} s`)
  log(`reference (bare inserts of ${file.valid} rows): ${reference.toFixed(1)} s`)
  log(
    `the schema's floor: ${floor.full.toFixed(1)} s into clients with its triggers, ${floor.indexesOnly.toFixed(1)} s with its indexes alone`,
  )
  log(
    `upload ${result.upload.toFixed(1)} s, run ${result.run.toFixed(1)} s (the server process's own CPU ${result.cpu.toFixed(1)} s); server RSS idle ${(idle / 2 ** 20).toFixed(0)} MB, peak ${aboveIdle.toFixed(0)} MB above idle`,
  )
  const ok = (v: boolean) => (v ? 'met' : '**missed**')
  writeSection(
    'import',
    `## Client import (\`npm run bench -- import\`, ${today()})

${await machine(database)}. Load average ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after.

${ROWS.toLocaleString('en')} CSV records (${(bytes / 2 ** 20).toFixed(1)} MB; ${file.bad} bad, ${file.duplicates} duplicates), uploaded through the service then run by the job's code in batches of ${IMPORT_BATCH} (the new clients and their opening balances as one statement of the ledger, \`ledger_open_clients\`, one INSERT of outcome rows, the cursor; one transaction per batch), in a process of its own whose RSS is sampled every 50 ms from /proc (idle: after it started and connected, before the upload). Each run starts from the seeded franchise.

| measure | result | target |
| --- | --- | --- |
| total (upload + run) | ${seconds.toFixed(1)} s (upload ${result.upload.toFixed(1)} s, run ${result.run.toFixed(1)} s) | ≤ 5 s (issue 38 §1): ${ok(seconds <= 5)} |
| reference, same run: as many rows inserted bare, 500 a statement, into a copy of \`clients\` without indexes, triggers or ledger | ${reference.toFixed(1)} s (the import takes ${(seconds / reference).toFixed(0)}×) | ≤ 25×: ${ok(seconds <= 25 * reference)} |
| the schema's floor, same run: as many clients inserted straight into \`clients\`, ${FLOOR_BATCH} a statement, with its indexes and triggers (audience, search, balances, counters), no ledger | ${floor.full.toFixed(1)} s (the import takes ${(seconds / floor.full).toFixed(1)}×) | |
| the same with the triggers off: the clients' own ${floor.indexes} indexes alone | ${floor.indexesOnly.toFixed(1)} s | |
| the server process's own CPU (parsing, checks, building the statements; the rest is the database's) | ${result.cpu.toFixed(1)} s | |
| records per second | ${Math.round(ROWS / seconds).toLocaleString('en')} | |
| server process RSS above idle (peak) | ${aboveIdle.toFixed(0)} MB (idle ${(idle / 2 ** 20).toFixed(0)} MB) | ≤ 200 MB: ${ok(aboveIdle <= 200)} |
| outcome | ${outcome} | |
`,
  )
  await database.close()
}

const FLOOR_BATCH = 1000

/**
 * The schema's own floor under any import code: the same number of clients inserted straight into
 * \`clients\`, FLOOR_BATCH a statement, with every index and trigger that a new client pays for; then
 * again with the table's triggers off (its own indexes alone). Each pass in a transaction rolled back,
 * as the schema's owner on a connection of its own (no row-level security either: a floor).
 */
async function schemaFloor(url: string, franchiseId: string, rows: number) {
  const owner = new pg.Client({ connectionString: url })
  await owner.connect()
  const pass = async (triggers: boolean) => {
    await owner.query('begin')
    if (!triggers) await owner.query('alter table clients disable trigger user')
    const t = performance.now()
    for (let done = 0; done < rows; done += FLOOR_BATCH) {
      const n = Math.min(FLOOR_BATCH, rows - done)
      await owner.query(
        `insert into clients (id, franchise_id, first_name, last_name, email, phone, gender, birth_date, postcode, acquired_from)
         select gen_random_uuid(), $1, 'Prénom' || g, 'Nom' || g, 'floor' || g || '@floor.test',
                '+3362' || lpad(g::text, 8, '0'), case when g % 2 = 0 then 'M' else 'F' end,
                (1950 + g % 50) || '-' || lpad((g % 12 + 1)::text, 2, '0') || '-' || lpad((g % 28 + 1)::text, 2, '0'),
                (75001 + g % 20)::text, 'MIGRATION'
         from generate_series($2::int + 1, $2::int + $3::int) g`,
        [franchiseId, done, n],
      )
    }
    const seconds = (performance.now() - t) / 1000
    await owner.query('rollback')
    return seconds
  }
  try {
    const full = await pass(true)
    const indexesOnly = await pass(false)
    const { rows: counted } = await owner.query(
      `select count(*)::int as n from pg_index where indrelid = 'clients'::regclass`,
    )
    return { full, indexesOnly, indexes: Number(counted[0]!.n) }
  } finally {
    await owner.end()
  }
}

/**
 * The reference: what this machine's PostgreSQL takes to insert as many rows, 500 a statement, into a
 * copy of `clients` with no index, trigger or ledger: the floor under the import's time.
 */
async function bareInsert(database: Awaited<ReturnType<typeof openBenchDatabase>>['database'], rows: number) {
  // As the schema's owner: the app's role may not create tables.
  return runAs(OWNER, async () => {
    await database.raw('drop table if exists bench_import_reference')
    await database.raw('create unlogged table bench_import_reference as select * from clients with no data')
    const t = performance.now()
    for (let done = 0; done < rows; done += 500) {
      const n = Math.min(500, rows - done)
      await database.raw(
        `insert into bench_import_reference (id, franchise_id, first_name, last_name, phone, email, acquired_from)
         select gen_random_uuid(), f.id, 'Jean' || g, 'Dupont' || g, '+3361' || lpad((${done} + g)::text, 7, '0'),
                'c' || (${done} + g) || '@bench.test', 'MIGRATION'
         from generate_series(1, ${n}) g, (select id from franchises limit 1) f`,
      )
    }
    const seconds = (performance.now() - t) / 1000
    await database.raw('drop table bench_import_reference')
    return seconds
  })
}
