// One database handle for the app, on PGlite (embedded, the default) or a PostgreSQL server. The same
// Drizzle API and the same SQL run on both; `raw` runs plain SQL for the job queue and admin tasks.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import type { Logger } from 'drizzle-orm/logger'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrateWithSources } from './functions'
import { postgresListener } from './listener'
import { schema } from './schema'
import {
  actorKey,
  currentActor,
  type DbActor,
  OWNER,
  runAs,
  SETTINGS_SQL,
  settingsOf,
} from './tenant-context'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/**
 * `read` in a transaction without parallel workers: for a short read the planner would share among
 * workers whose start costs more than the read (15–50 ms each on the 1M bench).
 */
export const withoutParallelWorkers = <T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
    return read(tx)
  })

export type RawResult = { rows: Record<string, unknown>[]; rowCount?: number | null }

export type Database = {
  kind: 'pglite' | 'postgres'
  db: Db
  /** Plain SQL; several statements are allowed when there are no parameters. */
  raw(text: string, values?: unknown[]): Promise<RawResult>
  /** drizzle's migrations, then the functions and triggers of sql/ (see functions.ts). */
  migrate(): Promise<void>
  close(): Promise<void>
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated copy). */
  dump?(): Promise<Blob>
  /**
   * Calls `onNotify` at each NOTIFY on `channel` (sent at commit), and `onState` as the channel opens
   * (true) or drops (false: notifications may be missed until it opens again). Returns `stop`.
   */
  listen(
    channel: string,
    onNotify: () => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

// Arbitrary constant: serialises migrations when several servers start on one PostgreSQL database.
const MIGRATION_LOCK = 72_410_001

// pg_trgm backs the client search index; a PostgreSQL server ships it in its contrib package.
const extensions = { pg_trgm }

/** Options of the Drizzle handle: tests record the statements the app sends (tenant-boundary test). */
export type DbOptions = { logger?: Logger }

/**
 * `dataDir` empty: an in-memory PGlite (tests). Started from `from` (a `dump()`) when given, in memory
 * or in a new directory: loading a migrated copy takes a second where creating and migrating one takes
 * several.
 */
export async function openPglite(dataDir: string, options: DbOptions = {}, from?: Blob): Promise<Database> {
  return pgliteDatabase(await newPglite(dataDir, from), options)
}

/** Where PGlite keeps its database (PostgreSQL's data directory) inside a server's `dataDir`. */
export const pgliteDataDir = (dataDir: string) => path.join(dataDir, 'pglite')

/**
 * A PGlite with the app's extensions, in memory (`dataDir` empty) or in a directory, from `from`;
 * `settings` ("name=value") are added to PGlite's own start settings.
 */
export async function newPglite(dataDir: string, from?: Blob, settings: string[] = []): Promise<PGlite> {
  const load = {
    ...(from ? { loadDataDir: from } : {}),
    ...(settings.length
      ? { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])] }
      : {}),
  }
  if (!dataDir) return PGlite.create({ extensions, ...load })
  mkdirSync(dataDir, { recursive: true })
  return PGlite.create(pgliteDataDir(dataDir), { extensions, ...load })
}

/**
 * The app's handle on a PGlite. `release` ends it (by default the PGlite closes): after `close()` the
 * handle refuses every statement and its listeners are gone, so a test that hands the same PGlite to
 * the next file (tests/support/database.ts) leaves nothing of its own behind.
 */
export function pgliteDatabase(
  client: PGlite,
  options: DbOptions = {},
  release: (client: PGlite) => Promise<void> = (c) => c.close(),
): Database {
  const handle = { closed: false }
  const acting = asActorPglite(client, handle)
  const db = drizzlePglite(acting, { schema, ...options }) as unknown as Db
  const raw: Database['raw'] = async (text, values) => {
    if (values && values.length > 0) return acting.query(text, values) as Promise<RawResult>
    const results = await acting.exec(text)
    const last = results[results.length - 1]
    return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 }
  }
  const listening = new Set<() => Promise<void>>()
  return {
    kind: 'pglite',
    db,
    raw,
    // One process owns a PGlite directory, so there is nobody to race with here.
    migrate: () =>
      runAs(OWNER, () => migrateWithSources(raw, () => migratePglite(db as never, { migrationsFolder }))),
    async close() {
      if (handle.closed) return
      for (const stop of [...listening]) await stop()
      handle.closed = true
      await release(client)
    },
    dump: () => client.dumpDataDir('none'),
    async listen(channel, onNotify, onState) {
      const unsubscribe = await client.listen(channel, () => onNotify())
      onState(true)
      const stop = async () => {
        if (!listening.delete(stop)) return
        onState(false)
        if (!client.closed) await unsubscribe()
      }
      listening.add(stop)
      return stop
    },
  }
}

/**
 * PGlite has one connection: each statement (or transaction) first gives it the caller's actor
 * (tenant-context.ts) when another's is set, the two run back to back under a lock of ours. PGlite
 * already runs one statement or transaction at a time, so the lock costs no concurrency.
 */
function asActorPglite(client: PGlite, handle: { closed: boolean }): PGlite {
  let current = ''
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(actor: DbActor, fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      if (handle.closed) throw new Error('PGlite is closed')
      const key = actorKey(actor)
      if (key !== current) {
        current = ''
        await client.query(SETTINGS_SQL, settingsOf(actor))
        current = key
      }
      return fn()
    })
    queue = run.catch(() => {})
    return run
  }
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query' || prop === 'exec' || prop === 'transaction') {
        const method = (target[prop] as (...a: unknown[]) => Promise<unknown>).bind(target)
        return (...args: unknown[]) => exclusive(currentActor(), () => method(...args))
      }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** An error PostgreSQL answered for one statement: the connection itself is sound. */
const isStatementError = (err: unknown) =>
  err instanceof pg.DatabaseError && err.severity !== 'FATAL' && err.severity !== 'PANIC'

/**
 * pg-pool closes a connection whose query failed, even when PostgreSQL only refused the statement —
 * and every refusal of the ledger (not enough points, the cap, a reused key) is an exception raised by
 * `ledger_move`: each one cost a new backend (a fork, its catalogs, the function compiled again), which
 * under load took more CPU than the moves themselves. After an error PostgreSQL answered, the
 * connection goes back to the pool; any other failure (a dropped connection, a FATAL) still closes it.
 */
class Pool extends pg.Pool {
  // pg-pool listens for a connection's errors only while it is idle: a FATAL arriving while a
  // transaction holds it between statements (a restart, a failover) was an unhandled 'error' event that
  // ended the process. Its next statement fails instead, and the pool drops it on release (it is no
  // longer queryable). An idle one's error still reaches the pool's own listener (openPostgres).
  constructor(config?: pg.PoolConfig) {
    super(config)
    this.on('connect', (client) => client.on('error', () => {}))
  }

  /**
   * Every connection the pool hands out (to a query, a transaction, drizzle) first gets the caller's
   * actor (tenant-context.ts): one round trip, only when it had another's.
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's connect() overloads, callback or promise
  override connect(callback?: any): any {
    const actor = currentActor()
    const ready = (super.connect() as Promise<pg.PoolClient & { actorKey?: string }>).then(async (client) => {
      const key = actorKey(actor)
      if (client.actorKey === key) return client
      try {
        client.actorKey = undefined
        await client.query(SETTINGS_SQL, settingsOf(actor))
        client.actorKey = key
        return client
      } catch (err) {
        client.release(err as Error)
        throw err
      }
    })
    if (!callback) return ready
    ready.then(
      (client) => callback(undefined, client, client.release),
      (err) => callback(err),
    )
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() overloads, passed through as they are
  override query(...args: any[]): any {
    if (args.some((a) => typeof a === 'function'))
      return (super.query as (...a: unknown[]) => unknown).apply(this, args)
    return this.keepingConnection(args[0], args[1])
  }

  private async keepingConnection(config: unknown, values: unknown) {
    const client = await this.connect()
    let failed: unknown = null
    const onError = (err: Error) => {
      failed = err
    }
    client.once('error', onError)
    try {
      return await client.query(config as pg.QueryConfig, values as unknown[])
    } catch (err) {
      if (!isStatementError(err)) failed = err
      throw err
    } finally {
      client.removeListener('error', onError)
      client.release(failed ? (failed as Error) : undefined)
    }
  }
}

export async function openPostgres(url: string, max = 10, options: DbOptions = {}): Promise<Database> {
  const pool = new Pool({ connectionString: url, max, application_name: 'loyalty-backoffice' })
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('database pool error:', err.message)
  })
  const db = drizzlePg(pool, { schema, ...options }) as unknown as Db
  const listener = postgresListener(url)
  return {
    kind: 'postgres',
    db,
    raw: (text, values) => pool.query(text, values as unknown[]) as Promise<RawResult>,
    // As the schema's owner: the migrations make tables, and tenant_policies.sql the role itself.
    migrate: () =>
      runAs(OWNER, async () => {
        const conn = await pool.connect()
        try {
          await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
          await migrateWithSources(
            (text, values) => conn.query(text, values),
            () => migratePg(drizzlePg(conn, { schema }), { migrationsFolder }),
          )
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
          conn.release()
        }
      }),
    close: () => pool.end(),
    listen: listener.listen,
  }
}

export function openDatabase(opts: {
  databaseUrl: string | undefined
  dataDir: string
  databasePoolSize?: number
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.databasePoolSize) : openPglite(opts.dataDir)
}

/** The rows of `db.execute(sql…)`, the same on PGlite and node-postgres. */
export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows
