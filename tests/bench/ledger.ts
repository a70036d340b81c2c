// `npm run bench -- ledger`: points credits, debits and offer redemptions per second over HTTP, 32
// concurrent callers, on the production server process (`src/server/main.ts`) and PostgreSQL with
// durable commits; next to pgbench's built-in tpcb-like script on the same server in the same run.
import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../src/server/fleet/fleet'
import { ensureClientsData } from './clients-data'
import { type CpuSplit, cpuPerUnit, formatSplit, sampleCpu } from './cpu'
import { runNodeLoad } from './ledger-node-load'
import { hasWrk, runWrk } from './ledger-wrk'
import {
  asOwner,
  checkpointAs,
  log,
  machine,
  ms,
  openBenchDatabase,
  setOpeningBalances,
  stats,
  today,
  writeSection,
} from './support'

const CALLERS = 32
/** Seconds of load for each system in all, in ROUNDS alternating slices (see `ledgerBench`). */
const SECONDS = 40
// Even: the reference without row-level security runs first in half the rounds, second in the other
// half; the second HTTP slice of a round ran up to 48% faster than the first whichever it was.
const ROUNDS = 4
const SLICE = SECONDS / ROUNDS
const WARMUP_SECONDS = 3
const CLIENTS = 20_000
const HOT_CLIENTS = 10
/** Share of requests on the hot clients (the regulars at the counter all day). */
const HOT_SHARE = 0.1
const START_BALANCE = 250
const run = promisify(execFile)

async function startServer(url: string) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: 'off',
      SEED: 'off',
      LOG_LEVEL: 'warn',
      // The production server's settings (issue 37 refuses to start without them): on purpose, the
      // bench sends nothing and sells nothing.
      COOKIE_SECRET: randomUUID(),
      PUBLIC_URL: 'https://bench.example',
      PAYMENTS: 'local',
      MAIL: 'local',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { base, pid: child.pid, stop: () => child.kill('SIGTERM') }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill('SIGKILL')
  throw new Error('the server did not start')
}

type Db = Awaited<ReturnType<typeof openBenchDatabase>>['database']

/**
 * The CPU split per transaction of `dbName` while `work` runs: sampled from its 2nd second to 1 s
 * before its end (so that every process involved is still alive), against the transactions the
 * database counted meanwhile (committed or rolled back: a refused move is a rollback).
 */
async function cpuWhile<T>(
  work: Promise<T>,
  database: Db,
  dbName: string,
  opts: { serverPid?: number; named: string[] },
): Promise<{ result: T; split: CpuSplit | null }> {
  const transactions = async () =>
    Number(
      (
        await database.raw(
          'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
          [dbName],
        )
      ).rows[0]?.n,
    )
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
  await pause(2_000)
  const a = sampleCpu()
  const t0 = await transactions()
  await pause((SLICE - 3) * 1000)
  const b = sampleCpu()
  const t1 = await transactions()
  const result = await work
  return { result, split: cpuPerUnit(a, b, t1 - t0, opts) }
}

/** Splits of several slices, weighted by their transactions. */
function meanSplit(splits: { split: CpuSplit | null; weight: number }[]): CpuSplit | null {
  const known = splits.filter((s) => s.split)
  const total = known.reduce((n, s) => n + s.weight, 0)
  if (!known.length || !total) return null
  const mean: Record<string, number> = {}
  for (const { split, weight } of known)
    for (const [k, v] of Object.entries(split!)) mean[k] = (mean[k] ?? 0) + (v * weight) / total
  return mean as CpuSplit
}

function pgbenchArgs(url: string) {
  const target = new URL(url)
  return {
    args: [
      '-h',
      target.hostname,
      '-p',
      target.port || '5432',
      '-U',
      decodeURIComponent(target.username || 'postgres'),
    ],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(target.password) },
  }
}

const PGBENCH_DB = 'loyalty_pgbench'

export async function pgbenchInit(url: string, _database: Db) {
  const exists = await asOwner(url, 'select 1 from pg_database where datname = $1', [PGBENCH_DB])
  if (!exists.rowCount) await asOwner(url, `create database ${PGBENCH_DB}`)
  const { args, env } = pgbenchArgs(url)
  log('pgbench: initialising (scale 10)…')
  await run('pgbench', [...args, '-i', '-q', '-s', '10', PGBENCH_DB], { env })
}

/**
 * One slice of pgbench's tpcb-like script: transactions, seconds, average latency and, from its
 * per-transaction log, its own p99 latency.
 */
export async function pgbenchSlice(url: string, database: Db) {
  const { args, env } = pgbenchArgs(url)
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'ledger-pgbench-'))
  const { result, split } = await cpuWhile(
    run(
      'pgbench',
      [
        ...args,
        ...['-b', 'tpcb-like', '-c', String(CALLERS), '-j', '2', '-T', String(SLICE), '-r'],
        ...['-l', `--log-prefix=${path.join(logDir, 'log')}`, PGBENCH_DB],
      ],
      { env, maxBuffer: 1 << 24 },
    ),
    database,
    PGBENCH_DB,
    { named: ['pgbench'] },
  )
  // Each line: client, transaction, latency (µs), script, epoch s, µs.
  const latencies = readdirSync(logDir).flatMap((f) =>
    readFileSync(path.join(logDir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[2]) / 1000),
  )
  rmSync(logDir, { recursive: true, force: true })
  const p99 = stats(latencies).p99
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(result.stdout)?.[1])
  const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1])
  const latency = Number(/latency average = ([\d.]+) ms/.exec(result.stdout)?.[1])
  return { transactions, seconds: transactions / tps, latency, p99, split }
}

export async function ledgerBench() {
  const { database, url } = await openBenchDatabase()
  const franchise = await ensureClientsData(database)
  const { rows: picked } = await database.raw(
    `select id from clients where franchise_id = $1 and email like '%@bench.example' order by id limit ${CLIENTS}`,
    [franchise.franchiseId],
  )
  const clientIds = picked.map((r) => String(r.id))
  // Every chosen client starts at the same balance, through the ledger (an adjustment row), so the
  // mix below (on average as many points in as out) keeps refusals rare.
  await setOpeningBalances(database, clientIds, START_BALANCE)
  const { rows: offers } = await database.raw(
    `select id from loyalty_offers where franchise_id = $1 and status = 'ACTIVE' and redeem_point_amount = 50`,
    [franchise.franchiseId],
  )
  const offerId = String(offers[0]?.id)
  const [storeId] = franchise.storeIds

  const server = await startServer(url)
  try {
    const login = await fetch(`${server.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: franchise.ownerEmail, password: 'demo-password' }),
    }).then((r) => r.json() as Promise<{ id: string }>)

    const load = {
      base: server.base,
      token: login.id,
      clientIds,
      hotClients: HOT_CLIENTS,
      hotShare: HOT_SHARE,
      offerId,
      storeId: storeId!,
      franchiseId: franchise.franchiseId,
      connections: CALLERS,
      threads: 2,
    }
    // wrk (C, like pgbench's client) when installed; the Node generator otherwise.
    const useWrk = process.env.BENCH_LOADGEN !== 'node' && (await hasWrk())
    const generate = useWrk ? runWrk : runNodeLoad
    const generator = useWrk ? 'wrk (2 threads, a Lua script)' : 'a Node http client'
    log(
      `${CALLERS} callers through ${generator} (${WARMUP_SECONDS} s warm-up), then pgbench, in ${ROUNDS} alternating rounds of ${SLICE} s each…`,
    )
    await pgbenchInit(url, database)
    await generate({ ...load, seconds: WARMUP_SECONDS, runId: `warm-${randomUUID()}` })
    const { rows: clock } = await database.raw('select now() as t')
    const measuredFrom = clock[0]!.t as Date
    const dbName = new URL(url).pathname.slice(1)
    // Both systems start each slice from the same state, right after a checkpoint (the first change
    // of a page after one writes the whole page to the WAL); where the role may not, they start as they are.
    const checkpoint = () => checkpointAs(url)
    const httpSlices: { result: Awaited<ReturnType<typeof generate>>; split: CpuSplit | null }[] = []
    const pgSlices: Awaited<ReturnType<typeof pgbenchSlice>>[] = []
    // Issue 36 §1's cost: the same moves with row-level security switched off on every tenant table
    // (the reference, what the moves cost before it), in the same rounds, first or second in turn.
    const rlsTables = (
      await database.raw(`select c.oid::regclass::text as t from pg_class c
        join pg_namespace n on n.oid = c.relnamespace where c.relrowsecurity and n.nspname = 'public'`)
    ).rows.map((r) => String(r.t))
    const setRls = (on: boolean) =>
      asOwner(
        url,
        rlsTables.map((t) => `alter table ${t} ${on ? 'enable' : 'disable'} row level security`).join('; '),
      )
    const withoutRls: number[] = []
    const httpSlice = async () => {
      await checkpoint()
      const slice = await cpuWhile(
        generate({ ...load, seconds: SLICE, runId: randomUUID() }),
        database,
        dbName,
        { serverPid: server.pid, named: ['wrk'] },
      )
      // The requests still in flight when the generator stopped finish before the next slice.
      await new Promise((r) => setTimeout(r, 1000))
      return slice
    }
    const referenceSlice = async () => {
      await setRls(false)
      try {
        const { result } = await httpSlice()
        withoutRls.push((result.statuses['200'] ?? 0) / result.seconds)
      } finally {
        await setRls(true)
      }
    }
    for (let round = 1; round <= ROUNDS; round++) {
      if (round % 2 === 0) await referenceSlice()
      const slice = await httpSlice()
      httpSlices.push(slice)
      if (round % 2 === 1) await referenceSlice()
      await checkpoint()
      const pgSlice = await pgbenchSlice(url, database)
      pgSlices.push(pgSlice)
      log(
        `round ${round}: HTTP ${((slice.result.statuses['200'] ?? 0) / slice.result.seconds).toFixed(0)} moves/s (p99 ${ms(slice.result.p99)} ms) · without RLS ${withoutRls.at(-1)!.toFixed(0)} moves/s · pgbench ${(pgSlice.transactions / pgSlice.seconds).toFixed(0)} tps`,
      )
    }
    server.stop()
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
    const statuses: Record<string, number> = {}
    for (const { result } of httpSlices)
      for (const [k, n] of Object.entries(result.statuses)) statuses[k] = (statuses[k] ?? 0) + n
    const result = {
      statuses,
      requests: sum(httpSlices.map((h) => h.result.requests)),
      errors: sum(httpSlices.map((h) => h.result.errors)),
      seconds: sum(httpSlices.map((h) => h.result.seconds)),
      // Percentiles do not add up across slices: the worst slice's.
      p50: Math.max(...httpSlices.map((h) => h.result.p50)),
      p90: Math.max(...httpSlices.map((h) => h.result.p90)),
      p99: Math.max(...httpSlices.map((h) => h.result.p99)),
    }
    const httpSplit = meanSplit(
      httpSlices.map((h) => ({ split: h.split, weight: h.result.requests / h.result.seconds })),
    )
    const moved = statuses['200'] ?? 0
    const httpTps = moved / result.seconds
    log(
      `HTTP: ${httpTps.toFixed(0)} moves/s (${result.requests} answers, statuses ${JSON.stringify(statuses)}), p99 ${ms(result.p99)} ms`,
    )
    // What moved, read back from the ledger (wrk cannot tell which request a response answers).
    const { rows: moves } = await database.raw(
      `select type, count(*)::int as n from points_transactions
        where client_id = any($1::uuid[]) and created_at >= $2 group by type order by type`,
      [clientIds, measuredFrom],
    )

    // The ledger must still balance for every client touched.
    const { rows: off } = await database.raw(
      `select count(*)::int as n from client_balances b
         where b.client_id = any($1::uuid[])
           and b.points <> (select coalesce(sum(points), 0) from points_transactions t where t.client_id = b.client_id)`,
      [clientIds],
    )
    const unbalanced = Number(off[0]?.n)
    const pgTransactions = sum(pgSlices.map((p) => p.transactions))
    const pg = {
      tps: pgTransactions / sum(pgSlices.map((p) => p.seconds)),
      latency: sum(pgSlices.map((p) => p.latency * p.transactions)) / pgTransactions,
      p99: Math.max(...pgSlices.map((p) => p.p99)),
      split: meanSplit(pgSlices.map((p) => ({ split: p.split, weight: p.transactions / p.seconds }))),
    }
    log(
      `pgbench tpcb-like: ${pg.tps.toFixed(0)} tps, average latency ${ms(pg.latency)} ms, p99 ${ms(pg.p99)} ms`,
    )
    const ratio = httpTps / pg.tps
    const referenceTps = withoutRls.reduce((a, b) => a + b, 0) / withoutRls.length
    const rlsCost = 1 - httpTps / referenceTps
    const rounds = httpSlices
      .map(
        (h, i) =>
          `${i + 1}: ${((h.result.statuses['200'] ?? 0) / h.result.seconds).toFixed(0)} moves/s (p99 ${ms(h.result.p99)} ms) / ${(pgSlices[i]!.transactions / pgSlices[i]!.seconds).toFixed(0)} tps`,
      )
      .join('; ')
    const body = `## Points ledger over HTTP — \`npm run bench -- ledger\`

${today()} · ${await machine(database)}

${CALLERS} concurrent HTTP callers (keep-alive) against the production server process
(\`src/server/main.ts\`, one Node process) after a ${WARMUP_SECONDS} s warm-up; the load generator, ${generator},
runs on the same machine. Each request carries a fresh \`Idempotency-Key\`. Mix: 50% credits (+30),
25% debits (−10), 25% offer redemptions (50 points), over ${CLIENTS.toLocaleString('en')} clients, ${(HOT_SHARE * 100).toFixed(0)}% of requests on
${HOT_CLIENTS} hot clients; every client started at ${START_BALANCE} points (franchise cap 500).
The two systems take turns: ${ROUNDS} rounds of ${SLICE} s of HTTP moves then ${SLICE} s of pgbench, each slice
starting right after a CHECKPOINT — this machine's speed drifts by ±15% from one half-minute to
the next (a shared host), and one 30 s run of each, one after the other, measured that drift as much
as the two systems. Per round (moves/s / pgbench tps): ${rounds}.

| | per second | latency |
| --- | ---: | --- |
| HTTP ledger moves (200) | ${httpTps.toFixed(0)} | p50 ${ms(result.p50)} ms · ${useWrk ? 'p90' : 'p95'} ${ms(result.p90)} ms · p99 ${ms(result.p99)} ms (worst round) |
| pgbench tpcb-like (${CALLERS} clients, 2 threads, scale 10) | ${pg.tps.toFixed(0)} | average ${ms(pg.latency)} ms · p99 ${ms(pg.p99)} ms (worst round) |

Row-level security (issue 36 §1): the same moves with it switched off on the ${rlsTables.length} tenant tables, in
the same rounds (its slice first or second in turn), ran ${referenceTps.toFixed(0)} moves/s
(per round: ${withoutRls.map((r) => r.toFixed(0)).join(', ')}); with it, ${httpTps.toFixed(0)}: a cost of ${(rlsCost * 100).toFixed(1)}% (target within 5%: ${rlsCost <= 0.05 ? 'met' : 'not met'}).

Ratio HTTP / pgbench: ${(ratio * 100).toFixed(1)}% (target ≥ 50%: ${ratio >= 0.5 ? 'met' : 'not met'}); p99 ${ms(result.p99)} ms (target ≤ 20 ms: ${result.p99 <= 20 ? 'met' : 'not met'}).
Answers: ${Object.entries(result.statuses)
      .map(([s, n]) => `${n.toLocaleString('en')} × ${s}`)
      .join(', ')} (409 = refused by the ledger: not enough points or the cap);
${result.errors ? `${result.errors} transport errors; ` : ''}ledger rows written: ${moves.map((m) => `${Number(m.n).toLocaleString('en')} ${m.type}`).join(', ')}. Clients whose balance differs from their ledger sum afterwards: ${unbalanced}.

CPU per transaction, measured from /proc during each slice (ms; \`idle\` is what the machine left
unused, \`steal\` what its hypervisor took — a figure above a few hundredths means another tenant
was busy and the run is noisy):
- HTTP move: ${formatSplit(httpSplit)}
- pgbench tpcb-like transaction: ${formatSplit(pg.split)}

A move is one round trip to PostgreSQL: the token and its scope come from the server's cache (kept
exact by the database's \`auth_changed\` notification, src/server/db/sql/auth_changed_notify.sql), then one prepared statement,
the database function \`ledger_move\`, which checks the Idempotency-Key, reads the offer of a
redemption, locks the client's balance row while reading the client, the franchise's rules and the
store in one statement, applies the rules, appends the ledger row, updates the balance and stores
the answer with the key. A credit, a debit or a redemption never touches the client row (migration
0018: the balance lives in \`client_balances\` alone); a visit or a sale also updates it. A pgbench
transaction is five plain statements on rows without secondary indexes; a move also keeps the
balance's sort keys (3 index entries), the ledger's 3 indexes and the Idempotency-Key's row.
What moved this figure (same data): 12 round trips → 1 function (214 → 496 moves/s); the search
text out of the client row (migration 0012; 562); the balance's sort keys in a narrow row of their
own (migration 0015); the Idempotency-Key written once with its answer (migration 0016) — 31% of
pgbench on an earlier machine. Then: a ledger refusal no longer costs a new database connection
(pg-pool closed every connection whose statement failed); the token cache; the redemption's offer
read inside \`ledger_move\` — 42%. Then (migration 0018 and the server): the balance as the only row
a credit, debit or redemption writes (PostgreSQL CPU per move with the function alone, same data:
1.53 → 1.22 ms), its ledger rows' foreign key on that row, the Idempotency-Keys' purge index as a
block-range index, the move as a named statement (parsed and planned once per connection), the
security headers computed once instead of per request, and promise-free auth hooks (server CPU per
move 0.80 → 0.52 ms). Compact stored answers, dropping the ledger's foreign key, batching moves,
a larger connection pool and a second form of the lock statement for store owners were each
measured and changed nothing beyond the noise.
Row-level security (issue 36 §1) first cost every statement of a move and of its triggers their
policy checks: 22.9% here (845 moves/s against 1,096 without it, consecutive runs, same data on
2026-11-30). \`ledger_move\` now runs as the tables' owner and applies the policies' rule itself to the
one franchise it writes in (src/server/db/sql/ledger_move.sql; tenant-rls.test.ts): 1,059 moves/s.
The p99 target cannot be met by 32 callers that each wait for their answer while the throughput is
below 1,600/s: their mean latency is 32 / throughput (Little's law), 20 ms at 1,600 moves/s —
pgbench's own transactions average ${ms(pg.latency)} ms here with a p99 of ${ms(pg.p99)} ms, so p99 ≤ 20 ms for HTTP
moves would need them to run faster than the database's own benchmark transactions.`
    writeSection('ledger', body)
  } finally {
    server.stop()
    await database.close()
  }
}
