// A real PostgreSQL primary and a streaming replica of it (issue 37 §2, and the chaos test's database
// restarts), started from Debian's PostgreSQL 15 binaries in a temp folder on free ports of 127.0.0.1.
// PostgreSQL refuses to run as root: when we are root, every binary runs as the `postgres` OS user.
// `startCluster()` answers null with the reason when the binaries (or that user) are absent, so that a
// test can skip with one line.

import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePorts } from '../../src/server/fleet/fleet'

const run = promisify(execFile)
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export type Node = 'primary' | 'replica'

export type PgCluster = {
  primaryUrl: string
  replicaUrl: string
  /** `pg_ctl stop -m fast`: the node's connections are closed and new ones refused. */
  stop(node: Node): Promise<void>
  start(node: Node): Promise<void>
  /** `pg_ctl restart -m fast`, as an operator (or the chaos test) would. */
  restart(node?: Node): Promise<void>
  /** The replica stops / starts replaying the WAL it receives (its reads stay at that point). */
  pauseReplay(): Promise<void>
  resumeReplay(): Promise<void>
  /** Waits (a bounded time) until the replica has replayed everything the primary has written. */
  caughtUp(ms?: number): Promise<void>
  /** Plain SQL on one node, as the superuser. */
  query(node: Node, text: string, values?: unknown[]): Promise<Record<string, unknown>[]>
  close(): Promise<void>
}

/** Why a cluster cannot be started here, or null when it can. */
export function clusterUnavailable(): string | null {
  for (const bin of ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'])
    if (!existsSync(path.join(PG_BIN, bin))) return `no ${path.join(PG_BIN, bin)} (Debian's postgresql-15)`
  if (isRoot() && !osUser()) return 'running as root and there is no `postgres` OS user to run PostgreSQL'
  return null
}

const isRoot = () => process.getuid?.() === 0

function osUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    return null
  }
}

/** Runs one of PostgreSQL's binaries, as `postgres` when we are root. */
function pgCommand(bin: string, args: string[]) {
  const file = path.join(PG_BIN, bin)
  return isRoot()
    ? run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: '/' })
    : run(file, args, { cwd: '/' })
}

const settings = (port: number, dir: string, maxConnections = 60) =>
  [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    // Tests only: nothing here must survive a power cut, and fsync costs seconds on a busy disk.
    'fsync = off',
    `max_connections = ${maxConnections}`,
    'shared_buffers = 32MB',
    '',
  ].join('\n')

/** `replica: false`: the primary alone (the chaos test restarts it; nothing reads a replica). */
export async function startCluster(
  options: { replica?: boolean; maxConnections?: number } = {},
): Promise<PgCluster | null> {
  const withReplica = options.replica ?? true
  if (clusterUnavailable()) return null
  const root = mkdtempSync(path.join(os.tmpdir(), 'pg-cluster-'))
  const user = isRoot() ? osUser() : null
  if (user) chownSync(root, user.uid, user.gid)
  const dirs = { primary: path.join(root, 'primary'), replica: path.join(root, 'replica') }
  const [primary, replica] = await freePorts(2)
  const ports = { primary: primary!, replica: replica! }
  const url = (node: Node) => `postgres://postgres@127.0.0.1:${ports[node]}/postgres`
  const log = (node: Node) => path.join(root, `${node}.log`)
  const ctl = (node: Node, ...args: string[]) =>
    pgCommand('pg_ctl', ['-D', dirs[node], '-l', log(node), '-w', '-t', '60', ...args])
  const started = new Set<Node>()
  const stopAll = () => {
    for (const node of started)
      try {
        execFileSync(isRoot() ? 'runuser' : path.join(PG_BIN, 'pg_ctl'), [
          ...(isRoot() ? ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl')] : []),
          ...['-D', dirs[node], '-m', 'immediate', 'stop'],
        ])
      } catch {}
    started.clear()
    rmSync(root, { recursive: true, force: true })
  }
  // A test process that dies without closing must not leave two servers behind.
  process.once('exit', stopAll)

  const query: PgCluster['query'] = async (node, text, values) => {
    const client = new pg.Client({ connectionString: url(node) })
    await client.connect()
    try {
      return (await client.query(text, values as unknown[])).rows
    } finally {
      await client.end()
    }
  }
  const start = async (node: Node) => {
    await ctl(node, 'start')
    started.add(node)
  }
  const stop = async (node: Node) => {
    await ctl(node, '-m', 'fast', 'stop')
    started.delete(node)
  }

  try {
    await pgCommand('initdb', [
      '-D',
      dirs.primary,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ])
    const primaryAuto = path.join(dirs.primary, 'postgresql.auto.conf')
    writeFileSync(primaryAuto, settings(ports.primary, root, options.maxConnections))
    if (user) chownSync(primaryAuto, user.uid, user.gid)
    await start('primary')
    if (withReplica) await startReplica()
  } catch (err) {
    stopAll()
    throw err
  }

  async function startReplica() {
    // -R writes standby.signal and the primary's address; -X stream copies the WAL made meanwhile.
    await pgCommand('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres'],
      ...['-D', dirs.replica, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ])
    // The copy's auto.conf has the primary's port and -R's primary_conninfo: keep the latter.
    const auto = path.join(dirs.replica, 'postgresql.auto.conf')
    const conninfo = `primary_conninfo = 'host=127.0.0.1 port=${ports.primary} user=postgres application_name=replica'`
    writeFileSync(auto, `${settings(ports.replica, root, options.maxConnections)}${conninfo}\n`)
    if (user) chownSync(auto, user.uid, user.gid)
    await start('replica')
  }

  const lsnGap = async () => {
    const [p] = await query('primary', 'select pg_current_wal_lsn()::text as lsn')
    const [r] = await query('replica', 'select (pg_last_wal_replay_lsn() - $1::pg_lsn)::float8 as gap', [
      p!.lsn,
    ])
    return Number(r!.gap)
  }

  return {
    primaryUrl: url('primary'),
    replicaUrl: url('replica'),
    stop,
    start,
    async restart(node = 'primary') {
      await ctl(node, '-m', 'fast', 'restart')
      started.add(node)
    },
    pauseReplay: async () => void (await query('replica', 'select pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query('replica', 'select pg_wal_replay_resume()')),
    async caughtUp(ms = 20_000) {
      // performance.now(): a test may hold Date still.
      const until = performance.now() + ms
      while ((await lsnGap()) < 0) {
        if (performance.now() > until) throw new Error(`the replica has not caught up in ${ms} ms`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    query,
    async close() {
      process.removeListener('exit', stopAll)
      for (const node of ['replica', 'primary'] as const)
        if (started.has(node)) await stop(node).catch(() => {})
      stopAll()
    },
  }
}
