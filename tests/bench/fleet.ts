// `npm run bench -- fleet` (issue 37 §5): ledger moves through HAProxy with one and with two web
// processes (a fleet of `npm run fleet`'s own Fleet), the CPU per move of each process kind, p99, next
// to pgbench's tpcb-like transactions on the same PostgreSQL in the same run; the rolling restart's
// failed requests under load; and the chaos test's figures (its short run; CHAOS=long for the long one).
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Fleet } from '../../src/server/fleet/fleet'
import { ensureHaproxy, setServerState } from '../../src/server/fleet/haproxy'
import { login, startLoad } from '../support/fleet-load'
import { type CpuSample, sampleCpu } from './cpu'
import { pgbenchInit, pgbenchSlice } from './ledger'
import {
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

const run = promisify(execFile)
const CALLERS = 32
const SECONDS = 10
const ROUNDS = 3
const CLIENTS = 2_000
const START_BALANCE = 250

type Loaded = { moves: number; refused: number; errors: number; seconds: number; latencies: number[] }

/** CALLERS keep-alive callers, each sending a move (+10 or −10, a fresh Idempotency-Key) after the last. */
async function moves(
  base: string,
  token: string,
  clientIds: string[],
  franchiseId: string,
  storeId: string,
  seconds: number,
): Promise<Loaded> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CALLERS })
  const { hostname, port } = new URL(base)
  const out: Loaded = { moves: 0, refused: 0, errors: 0, seconds, latencies: [] }
  const until = performance.now() + seconds * 1000
  const send = (body: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: hostname,
          port,
          path: '/api/v2/loyalties/points',
          method: 'PATCH',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'idempotency-key': randomUUID(),
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', () => resolve(0))
      req.end(body)
    })
  const caller = async () => {
    while (performance.now() < until) {
      const userId = clientIds[Math.floor(Math.random() * clientIds.length)]!
      const points = Math.random() < 0.5 ? 10 : -10
      const t = performance.now()
      const status = await send(JSON.stringify({ userId, merchantId: franchiseId, storeId, points }))
      if (status === 200) {
        out.moves++
        out.latencies.push(performance.now() - t)
      } else if (status === 409) out.refused++
      else out.errors++
    }
  }
  await Promise.all(Array.from({ length: CALLERS }, caller))
  agent.destroy()
  return out
}

/** CPU ms per move between two samples, by process kind: the fleet's members by pid, the rest by name. */
function cpuByKind(a: CpuSample | null, b: CpuSample | null, units: number, fleet: Fleet) {
  if (!a || !b || units <= 0) return null
  const kindOf = (pid: number, comm: string) => {
    const m = fleet.members.find((x) => x.child?.pid === pid)
    if (m) return m.role
    if (pid === process.pid) return 'load generator'
    if (comm.startsWith('haproxy')) return 'haproxy'
    if (comm.startsWith('postgres')) return 'postgres'
    return undefined
  }
  const split: Record<string, number> = { web: 0, worker: 0, haproxy: 0, postgres: 0, 'load generator': 0 }
  for (const [pid, p] of b.procs) {
    const kind = kindOf(pid, p.comm)
    const used = p.ticks - (a.procs.get(pid)?.ticks ?? 0)
    if (kind && used > 0) split[kind] = (split[kind] ?? 0) + (used * 10) / units
  }
  const d = b.stat.map((v, i) => v - (a.stat[i] ?? 0))
  split.idle = (((d[3] ?? 0) + (d[4] ?? 0)) * 10) / units
  return split
}
const formatCpu = (s: Record<string, number> | null) =>
  s
    ? Object.entries(s)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(' · ')
    : 'not measured (no /proc)'

type Measured = Loaded & { stats: ReturnType<typeof stats>; cpu: Record<string, number> | null }

/** Rounds added up: moves and seconds summed, latencies pooled, CPU per move weighted by moves. */
function merged(rounds: Measured[]): Measured {
  const moves = rounds.reduce((n, r) => n + r.moves, 0)
  const latencies = rounds.flatMap((r) => r.latencies)
  const cpu: Record<string, number> = {}
  for (const r of rounds)
    for (const [k, v] of Object.entries(r.cpu ?? {})) cpu[k] = (cpu[k] ?? 0) + (v * r.moves) / moves
  return {
    moves,
    refused: rounds.reduce((n, r) => n + r.refused, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    seconds: rounds.reduce((n, r) => n + r.seconds, 0),
    latencies,
    stats: stats(latencies),
    cpu: rounds.every((r) => r.cpu) ? cpu : null,
  }
}

export async function fleetBench() {
  ensureHaproxy()
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/loyalty_fleet_bench'
  const { database } = await openBenchDatabase(10, url)
  const { rows: f } = await database.raw(
    `select f.id, (select s.id from stores s where s.franchise_id = f.id order by s.id limit 1) as store
       from franchises f where f.name = 'Maison Dupont'`,
  )
  const franchiseId = String(f[0]!.id)
  const storeId = String(f[0]!.store)
  const { rows: picked } = await database.raw(
    'select id from clients where franchise_id = $1 order by id limit $2',
    [franchiseId, CLIENTS],
  )
  const clientIds = picked.map((r) => String(r.id))
  // Every chosen client starts at the same balance, through the ledger (see the ledger bench).
  await setOpeningBalances(database, clientIds, START_BALANCE)
  const fleet = new Fleet({
    root: process.cwd(),
    web: 2,
    workers: 1,
    port: 0,
    databaseUrl: url,
    dir: mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-')),
    env: {
      SEED: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COOKIE_SECRET: randomUUID(),
      PUBLIC_URL: 'https://bench.example',
      // On purpose: the bench sends nothing and sells nothing.
      PAYMENTS: 'local',
      MAIL: 'local',
    },
  })
  log('starting 2 web processes, 1 worker and HAProxy…')
  await fleet.start()
  try {
    const auth = await login(fleet.url)
    const token = auth.authorization.slice('Bearer '.length)
    await pgbenchInit(url, database)
    const checkpoint = () => checkpointAs(url)
    const measure = async (label: string): Promise<Measured> => {
      await checkpoint()
      const a = sampleCpu()
      const r = await moves(fleet.url, token, clientIds, franchiseId, storeId, SECONDS)
      const b = sampleCpu()
      const s = stats(r.latencies)
      log(`${label}: ${(r.moves / r.seconds).toFixed(0)} moves/s, p99 ${ms(s.p99)} ms, ${r.errors} errors`)
      return { ...r, stats: s, cpu: cpuByKind(a, b, r.moves + r.refused, fleet) }
    }
    await moves(fleet.url, token, clientIds, franchiseId, storeId, 3) // warm-up
    // The three take turns, ROUNDS times: this shared host's speed drifts from one half-minute to the next.
    const ones: Awaited<ReturnType<typeof measure>>[] = []
    const twos: typeof ones = []
    const pgbs: Awaited<ReturnType<typeof pgbenchSlice>>[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      await setServerState(fleet.socket, 'web2', 'maint')
      ones.push(await measure(`round ${round}, 1 web process`))
      await setServerState(fleet.socket, 'web2', 'ready')
      await new Promise((r) => setTimeout(r, 1500))
      twos.push(await measure(`round ${round}, 2 web processes`))
      await checkpoint()
      const pgb = await pgbenchSlice(url, database)
      log(`round ${round}, pgbench tpcb-like: ${(pgb.transactions / pgb.seconds).toFixed(0)} tps`)
      pgbs.push(pgb)
    }
    const one = merged(ones)
    const two = merged(twos)
    const pgb = {
      transactions: pgbs.reduce((n, p) => n + p.transactions, 0),
      seconds: pgbs.reduce((n, p) => n + p.seconds, 0),
      p99: Math.max(...pgbs.map((p) => p.p99)),
    }
    const pgTps = pgb.transactions / pgb.seconds
    log(`pgbench tpcb-like: ${pgTps.toFixed(0)} tps, p99 ${ms(pgb.p99)} ms`)

    // The rolling restart under the browser client's own load (its retries), as tests/server/fleet.test.ts.
    const load = startLoad({
      url: fleet.url,
      auth,
      franchiseId,
      storeId,
      clientIds: clientIds.slice(0, 12),
      points: 7,
    })
    const restartFrom = performance.now()
    await fleet.rollingRestart()
    const restartSeconds = (performance.now() - restartFrom) / 1000
    await load.stop()
    log(`rolling restart: ${load.failures.length} failed calls of ${load.moves + load.reads}`)
    await fleet.stop()

    // The chaos test's own run, in a process of its own (vitest), its figures handed over in a file.
    const figuresFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'chaos-figures-')), 'figures.json')
    log(`chaos test (${process.env.CHAOS === 'long' ? 'long' : 'short'} run)…`)
    const chaosFrom = performance.now()
    const chaos = await run('npx', ['vitest', 'run', '--project', 'server', 'tests/server/chaos.test.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        CHAOS_FIGURES: figuresFile,
        NO_COLOR: '1',
      },
      maxBuffer: 1 << 26,
    }).then(
      () => JSON.parse(readFileSync(figuresFile, 'utf8')) as Record<string, unknown> & { kills: string[] },
      (e: { stdout?: string; stderr?: string }) => ({
        failed: `${e.stdout ?? ''}${e.stderr ?? ''}`.slice(-3000),
        kills: [] as string[],
      }),
    )
    const chaosSeconds = (performance.now() - chaosFrom) / 1000
    rmSync(path.dirname(figuresFile), { recursive: true, force: true })

    const row = (label: string, r: typeof one) =>
      `| ${label} | ${(r.moves / r.seconds).toFixed(0)} | ${ms(r.stats.p50)} | ${ms(r.stats.p99)} | ${r.errors} |`
    const body = `## Several processes — \`npm run bench -- fleet\`

${today()} · ${await machine(database)}

Ledger moves (+10 or −10 points, a fresh \`Idempotency-Key\` each, over ${CLIENTS.toLocaleString('en')} clients)
from ${CALLERS} keep-alive callers in this process, through HAProxy (Debian's package) to the web processes
(\`PROCESS_ROLE=web\`, \`NODE_ENV=production\`) of one fleet with a job worker, ${SECONDS} s each, after a
CHECKPOINT; then pgbench's tpcb-like script with ${CALLERS} clients on the same PostgreSQL for ${SECONDS} s; the
three take turns, ${ROUNDS} rounds (this shared host's speed drifts by ±15% from one half-minute to the next).
For one web process, the second is put in maintenance in HAProxy (its stats socket). Per round (moves/s
with 1 and 2 web processes / pgbench tps): ${ones
      .map(
        (o, i) =>
          `${(o.moves / o.seconds).toFixed(0)} · ${(twos[i]!.moves / twos[i]!.seconds).toFixed(0)} / ${(pgbs[i]!.transactions / pgbs[i]!.seconds).toFixed(0)}`,
      )
      .join('; ')}.

| | moves or transactions / s | p50 ms | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: |
${row('1 web process', one)}
${row('2 web processes', two)}
| pgbench tpcb-like | ${pgTps.toFixed(0)} | — | ${ms(pgb.p99)} | — |

Two web processes / one: ${((two.moves / two.seconds / (one.moves / one.seconds)) * 100).toFixed(0)}%;
two web processes / pgbench: ${((two.moves / two.seconds / pgTps) * 100).toFixed(0)}%. On this 2-core machine the web
processes, PostgreSQL and the load generator share two cores and PostgreSQL takes most of the CPU per move:
a second web process adds no core, only more concurrent database connections (each process has its
pool), which raise PostgreSQL's CPU per move. A second web process pays where its cores are its own —
another machine, or a host with spare cores — and for restarts without downtime (below).

CPU ms per move, from /proc (the fleet's processes by pid):
- 1 web process: ${formatCpu(one.cpu)}
- 2 web processes: ${formatCpu(two.cpu)}

Rolling restart (every web process in turn, SIGTERM then started again and back in HAProxy, ${restartSeconds.toFixed(0)} s)
under ledger moves and page reads sent with the browser's client: ${load.failures.length} failed calls
(goal 0) of ${(load.moves + load.reads).toLocaleString('en')} answered.

Chaos (\`tests/server/chaos.test.ts\`, ${chaosSeconds.toFixed(0)} s in all): ${
      'failed' in chaos
        ? `FAILED — ${chaos.failed}`
        : `${chaos.seconds} s of kills, ${chaos.kills.length} SIGKILLs and one \`pg_ctl restart -m fast\` (${(Number(chaos.restartMs) / 1000).toFixed(1)} s) under
${chaos.moves} moves and ${chaos.reads} reads (none failed), ${Number(chaos.recipients).toLocaleString('en')} SMS each sent once,
${Number(chaos.importRows).toLocaleString('en')} records imported once, ${chaos.events} webhook events each delivered; everything
settled ${(Number(chaos.settledMs) / 1000).toFixed(1)} s after the last kill; every balance equals its ledger; no job failed.`
    }`
    writeSection('fleet', body)
  } finally {
    await fleet.stop().catch(() => {})
    await database.close()
  }
}
