// Test databases: every server test file shares one database per kind. PGlite runs in memory, handed
// from one file to the next of the same worker once emptied back to the template (`givePglite`);
// PostgreSQL (when DATABASE_URL is set) gets a throwaway database created for the file and dropped after
// (database-postgres.ts).
// Both start from a migrated template made once per schema (migrations + sql/ + PGlite's version): a
// PGlite tarball in the temp folder, a PostgreSQL template database. Creating and migrating a database
// for each of the ~60 test files took 4–6 s each on this machine; copying a template takes about one.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { PGlite } from '@electric-sql/pglite'
import {
  type Database,
  type DbOptions,
  newPglite,
  openPglite,
  pgliteDatabase,
  pgliteDataDir,
} from '../../src/server/db/client'
import { seed } from '../../src/server/db/seed'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { QUEUE_SCHEMA } from '../../src/server/jobs/queue'
import { openPostgresTest, preparePostgresDemo } from './database-postgres'
import { demoKey, isStaleDemo, schemaKey, TEMPLATE_SETTINGS } from './template-key'

export type DbKind = 'pglite' | 'postgres'

/**
 * PGlite runs PostgreSQL's timers (the statistics' idle flush, timeouts) on setTimeout, their deadlines
 * read from Date.now(). A test that runs the clock weeks ahead (vi.setSystemTime) leaves one due then;
 * back on the real clock, each alarm finds it not yet due and asks again for weeks, past setTimeout's
 * range, which Node fires after 1 ms: a server test worker spun on it for the rest of the run (67,000
 * warnings over 279 s in one full run, issue 36 §6). Kept within the range, the alarm waits instead.
 */
const MAX_TIMEOUT_MS = 2 ** 31 - 1
const clamped = Symbol.for('tests.setTimeoutClamped')
if (!(globalThis as Record<symbol, unknown>)[clamped]) {
  const real = globalThis.setTimeout
  const within = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    real(
      fn,
      typeof ms === 'number' && ms > MAX_TIMEOUT_MS ? MAX_TIMEOUT_MS : ms,
      ...args,
    )) as typeof setTimeout
  globalThis.setTimeout = Object.assign(within, real)
  ;(globalThis as Record<symbol, unknown>)[clamped] = true
}

/** The database kinds the server tests run on here. */
export function databaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export type TestDatabase = Database & { url: string | undefined; drop(): Promise<void> }

/**
 * `migrate` false: an empty database, for tests of the migrations themselves. `demo`: with the whole
 * demo data too, copied from a template seeded once (the attack suite's world: seeding took ~10 s a
 * file and database). `server`: another PostgreSQL than DATABASE_URL's (a URL of its `postgres`
 * database), e.g. one a test starts itself.
 */
export async function openTestDatabase(
  kind: DbKind,
  options: DbOptions & { migrate?: boolean; demo?: boolean; server?: string } = {},
): Promise<TestDatabase> {
  const { migrate = true, demo = false, server, ...dbOptions } = options
  if (kind === 'pglite') {
    const database =
      migrate && !demo
        ? pgliteDatabase(await takePglite(), dbOptions, givePglite)
        : await openPglite('', dbOptions, demo ? await pgliteDemoTemplate() : undefined)
    return { ...database, url: undefined, drop: () => database.close() }
  }
  return openPostgresTest({ migrate, demo, server }, dbOptions)
}

/**
 * The migrated in-memory PGlites of this worker that no file holds, reset to the template. Loading the
 * template costs 0.6–1.5 s of CPU (its 45 MB into PGlite's file system, the server's start); emptying
 * a used one costs a few hundredths (issue 36 §6). A worker runs one file at a time, so one is enough.
 */
const idlePglites: PGlite[] = []
let pristine: Promise<{ fingerprint: string; tables: string }> | undefined

async function takePglite(): Promise<PGlite> {
  const reused = idlePglites.pop()
  if (reused) return reused
  const client = await newPglite('', await pgliteTemplate())
  pristine ??= Promise.all([schemaFingerprint(client), client.query<{ list: string }>(TABLES_SQL)]).then(
    ([fingerprint, { rows }]) => ({ fingerprint, tables: rows[0]?.list ?? '' }),
  )
  await pristine
  return client
}

/**
 * A file's PGlite back to the template's state, then kept for the next file, else closed: its session
 * discarded (settings, role, advisory locks, LISTENs), the job queue's schema dropped (the next app
 * makes it again, as it does on the template), every table emptied, the statistics (counters and the
 * planner's) reset. It is closed
 * instead when its schema is no longer the template's (a test that created or changed a function, a
 * table, a policy, a role…), or when it is busy or broken.
 */
async function givePglite(client: PGlite): Promise<void> {
  const { fingerprint, tables } = await pristine!
  try {
    if (!client.closed && !client.isInTransaction() && idlePglites.length === 0) {
      // DISCARD ALL refuses to run in a string of several statements.
      await client.exec('discard all')
      // The planner's column statistics too (TRUNCATE keeps them): an ANALYZE of the last file's rows
      // would plan the next file's queries otherwise.
      await client.exec(`drop schema if exists ${QUEUE_SCHEMA} cascade;
        truncate ${tables} restart identity cascade; select pg_stat_reset();
        delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace);
        delete from pg_statistic_ext_data where stxoid in (select oid from pg_statistic_ext where stxnamespace = 'public'::regnamespace)`)
      if ((await schemaFingerprint(client)) === fingerprint) {
        idlePglites.push(client)
        return
      }
    }
  } catch {
    // Closed below: the next file loads the template.
  }
  if (!client.closed) await client.close()
}

const TABLES_SQL = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as list
  from pg_tables where schemaname = 'public'`

/**
 * What a file could change in the schema besides rows, by name and definition (oids change when a
 * test drops what it created, names do not): relations, columns and defaults, functions, triggers,
 * policies, constraints, indexes, grants, roles and their settings, extensions, the migrations' books.
 */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ f: string }>(`select md5(string_agg(x, '|' order by x)) as f from (
    select concat_ws(' ', 'r', n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity,
        c.relacl, c.reloptions) as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    union all select concat_ws(' ', 'a', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
        a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attnum > 0 and n.nspname in ('public', 'drizzle')
    union all select concat_ws(' ', 'f', p.oid::regprocedure, md5(p.prosrc), p.prosecdef, p.provolatile,
        p.proconfig, p.proacl)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'drizzle')
    union all select concat_ws(' ', 't', pg_get_triggerdef(oid), tgenabled) from pg_trigger where not tgisinternal
    union all select concat_ws(' ', 'p', polrelid::regclass, polname, polcmd, polpermissive, polroles,
        pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid))
      from pg_policy
    union all select concat_ws(' ', 'c', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select concat_ws(' ', 'i', pg_get_indexdef(indexrelid))
      from pg_index i join pg_class c on c.oid = i.indrelid where c.relnamespace = 'public'::regnamespace
    union all select concat_ws(' ', 'o', rolname, rolsuper, rolbypassrls, rolinherit, rolcanlogin) from pg_roles
    union all select concat_ws(' ', 'm', roleid::regrole, member::regrole) from pg_auth_members
    union all select concat_ws(' ', 's', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all select concat_ws(' ', 'e', extname, extversion) from pg_extension
    union all select concat_ws(' ', 'q', schemaname, sequencename, last_value)
      from pg_sequences where schemaname = 'public'
    union all select concat_ws(' ', 'd', count(*)) from drizzle.__drizzle_migrations
    union all select concat_ws(' ', 'd', md5(string_agg(t::text, ',' order by t::text))) from drizzle.__sql_sources t
  ) s`)
  return rows[0]!.f
}

const templatePglite = async (from?: Blob) => pgliteDatabase(await newPglite('', from, TEMPLATE_SETTINGS))

let pgliteDump: Promise<Blob> | undefined
/** The migrated PGlite tarball: made by the first test process that needs it, then read from disk. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= pgliteTarball(`pglite-template-${schemaKey()}.tar`, async () => {
    const database = await templatePglite()
    await database.migrate()
    return database
  })
  return pgliteDump
}

/**
 * Tarball `name` in the temp folder, read if there, else made from the database `make` opens and
 * written aside then renamed (a process reading the file never sees half of it). One process makes it,
 * holding a lock file; the others wait for it: the e2e setup and both server workers each migrated
 * their own at the run's start, three PGlites on two cores (issue 36 §6).
 */
async function pgliteTarball(name: string, make: () => Promise<Database>): Promise<Blob> {
  const file = path.join(os.tmpdir(), name)
  const lock = `${file}.lock`
  while (!existsSync(file) && !takeLock(lock)) await sleep(100)
  try {
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const database = await make()
    // The segments before the checkpoint's are deleted (wal_recycle off), not kept for reuse.
    await runAs(OWNER, () => database.raw('checkpoint'))
    const dump = await database.dump!()
    await database.close()
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
    return dump
  } finally {
    if (readLock(lock) === process.pid) rmSync(lock, { force: true })
  }
}

/** Lock file `lock` made for this process; a lock whose process is gone (a killed run) is removed. */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const holder = readLock(lock)
  if (holder && !alive(holder)) rmSync(lock, { force: true })
  return false
}

/** The lock's process id; 0 while its holder has not written it yet, or once it is gone. */
function readLock(lock: string): number {
  try {
    return Number(readFileSync(lock, 'utf8')) || 0
  } catch {
    return 0
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * A PGlite directory holding the migrated and seeded demo database (what a server would seed in its
 * first minute): the e2e servers start from it. The template is this process's first (the e2e setup
 * asks for it when the run starts, see `prepareDemo`).
 */
export async function writeDemoPglite(dataDir: string): Promise<void> {
  await unpackPglite(await pgliteDemoTemplate(), dataDir)
}

/**
 * A PGlite directory holding the migrated database without data: a server started on it seeds the demo
 * on its own clock (the automations journey's, a week ahead) without migrating first.
 */
export async function writeMigratedPglite(dataDir: string): Promise<void> {
  await unpackPglite(await pgliteTemplate(), dataDir)
}

/**
 * A tarball of PGlite's (`dump()`: its data directory, paths from its root) unpacked where a server
 * given `dataDir` opens its database. Opening a PGlite from the tarball there and closing it wrote the
 * same files, and cost each e2e server's start 2 s of CPU in the test process.
 */
async function unpackPglite(dump: Blob, dataDir: string) {
  const into = pgliteDataDir(dataDir)
  mkdirSync(into, { recursive: true })
  // GNU tar takes the members' leading "/" off (and says so on stderr).
  const input = Buffer.from(await dump.arrayBuffer())
  const result = spawnSync('tar', ['-x', '-f', '-', '-C', into], { input })
  if (result.status !== 0) throw new Error(`tar could not unpack the PGlite template: ${result.stderr}`)
}

/**
 * Starts making (or reading) the demo templates now, so that `writeDemoPglite` and `demoPostgres` find
 * them ready: PGlite's always (the automations journey's server and the server tests use it), and
 * PostgreSQL's when DATABASE_URL is set.
 */
export function prepareDemo(): void {
  pgliteDemoTemplate().catch(() => undefined)
  if (process.env.DATABASE_URL) preparePostgresDemo().catch(() => undefined)
}

let pgliteDemoDump: Promise<Blob> | undefined
/** The migrated and seeded PGlite tarball; stale ones (`isStaleDemo`) are removed when a new one is made. */
function pgliteDemoTemplate(): Promise<Blob> {
  const prefix = 'pglite-demo-template-'
  // The key (the schema's and the seed's files hashed) once per process, with the tarball it names.
  pgliteDemoDump ??= pgliteTarball(`${prefix}${demoKey()}.tar`, async () => {
    const database = await templatePglite(await pgliteTemplate())
    await seed(database, () => {})
    for (const old of readdirSync(os.tmpdir()))
      if (old.startsWith(prefix) && old.endsWith('.tar') && isStaleDemo(old))
        rmSync(path.join(os.tmpdir(), old), { force: true })
    return database
  })
  return pgliteDemoDump
}
