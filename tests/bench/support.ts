// Shared pieces of the benchmarks: the PostgreSQL database they run on, timing, percentiles and
// the BENCHMARKS.md report (one section per benchmark, replaced on each run).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import pg from 'pg'
import { type Database, openPostgres } from '../../src/server/db/client'
import { seed } from '../../src/server/db/seed'
import { OWNER, runAs } from '../../src/server/db/tenant-context'

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/loyalty_bench'

export const log = (m: string) => console.log(`[bench] ${m}`)

/** DATABASE_URL (or `url`), else a `loyalty_bench` database on the local server (created when missing). */
export async function openBenchDatabase(
  poolSize = 40,
  url = process.env.DATABASE_URL || DEFAULT_BENCH_URL,
): Promise<{ database: Database; url: string }> {
  if (!url.startsWith('postgres')) throw new Error('The benchmarks run on PostgreSQL: set DATABASE_URL')
  const target = new URL(url)
  const name = target.pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const { rowCount } = await asOwner(admin.toString(), 'select 1 from pg_database where datname = $1', [name])
  if (!rowCount) {
    log(`creating database ${name}`)
    await asOwner(admin.toString(), `create database "${name.replace(/"/g, '')}"`)
  }
  const database = await openPostgres(url, poolSize)
  await database.migrate()
  const { rows } = await database.raw('select count(*)::int as n from users')
  if (Number(rows[0]?.n) === 0) await seed(database, (m) => log(m))
  return { database, url }
}

/**
 * Runs statements as the URL's own user, on a connection of its own: the app's pool acts as its
 * tenant role (loyalty_app), which may neither create a database, CHECKPOINT nor alter a table.
 */
export async function asOwner<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<pg.QueryResult<T>> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    return await admin.query<T>(text, values)
  } finally {
    await admin.end()
  }
}

/**
 * VACUUM or ANALYZE as the tables' owner: the app's pool acts as its role (loyalty_app), which may run
 * neither — PostgreSQL then skips the table with a warning and nothing happens.
 */
export const maintain = (database: Database, statement: string) => runAs(OWNER, () => database.raw(statement))

/** A CHECKPOINT as the URL's owner, so a measure starts from the same state; skipped where refused. */
export const checkpointAs = (url: string) =>
  asOwner(url, 'checkpoint').then(
    () => undefined,
    () => log('(no CHECKPOINT: this role may not run one)'),
  )

export type Stats = { n: number; p50: number; p95: number; p99: number; mean: number; max: number }

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0
  const sum = s.reduce((a, b) => a + b, 0)
  return {
    n: s.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sum / (s.length || 1),
    max: s.at(-1) ?? 0,
  }
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times; milliseconds per call. */
export async function time(fn: () => Promise<unknown>, iterations: number, warmup = 2): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < iterations; i++) {
    const t = process.hrtime.bigint()
    await fn()
    samples.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  return stats(samples)
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2))

export async function machine(database: Database): Promise<string> {
  const { rows } = await database.raw('show server_version')
  const settings = await database.raw(
    "select name, setting, unit from pg_settings where name in ('shared_buffers', 'synchronous_commit', 'fsync', 'max_parallel_workers_per_gather') order by name",
  )
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  const pgSettings = settings.rows
    .map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`)
    .join(', ')
  return [
    `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`,
    `Node ${process.version}, PostgreSQL ${rows[0]?.server_version} on the same machine (${pgSettings})`,
  ].join('; ')
}

const REPORT = 'BENCHMARKS.md'
const HEADER = `# Benchmarks

Produced by \`npm run bench -- <name>\` (see README). Each section is replaced when its benchmark runs
again; figures are from the machine and date written in the section.
`

/** Replaces (or appends) the `name` section of BENCHMARKS.md. */
export function writeSection(name: string, body: string): void {
  const start = `<!-- bench:${name} -->`
  const end = `<!-- /bench:${name} -->`
  let text = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : HEADER
  const section = `${start}\n${body.trim()}\n${end}`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`
  writeFileSync(REPORT, text)
  log(`results written to ${REPORT} (section "${name}")`)
}

export const today = () => new Date().toISOString().slice(0, 10)

/**
 * Every one of `clientIds` at `balance` points, through the ledger (one adjustment row each where it
 * differs): a moves benchmark's mix then keeps refusals rare.
 */
export async function setOpeningBalances(database: Database, clientIds: string[], balance: number) {
  await database.raw(
    `with adj as (
       insert into points_transactions (franchise_id, client_id, type, points, created_at)
       select franchise_id, client_id, case when points < $2 then 'credit' else 'debit' end, $2 - points, now()
         from client_balances where client_id = any($1::uuid[]) and points <> $2
       returning client_id, points)
     update client_balances b set points = b.points + adj.points,
            total_collected_points = b.total_collected_points + greatest(adj.points, 0)
       from adj where b.client_id = adj.client_id`,
    [clientIds, balance],
  )
}
