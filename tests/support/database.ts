// Test databases: every server test file shares one database per kind. PGlite runs in memory;
// PostgreSQL (when DATABASE_URL is set) gets a throwaway database created for the file and dropped after.
// Both start from a migrated template made once per schema (migrations + sql/ + PGlite's version): a
// PGlite tarball in the temp folder, a PostgreSQL template database. Creating and migrating a database
// for each of the ~60 test files took 4–6 s each on this machine; copying a template takes about one.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {
  type Database,
  type DbOptions,
  migrationsFolder,
  openPglite,
  openPostgres,
} from '../../src/server/db/client'
import { sqlFolder } from '../../src/server/db/functions'
import { seed } from '../../src/server/db/seed'

export type DbKind = 'pglite' | 'postgres'

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
    const template = demo ? await pgliteDemoTemplate() : migrate ? await pgliteTemplate() : undefined
    const database = await openPglite('', dbOptions, template)
    return { ...database, url: undefined, drop: () => database.close() }
  }
  const base = new URL(server ?? process.env.DATABASE_URL!)
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base.toString() })
  await admin.connect()
  try {
    const template = demo
      ? await postgresDemoTemplate(admin, base)
      : migrate
        ? await postgresTemplate(admin, base)
        : null
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(base.toString())
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString(), 5, dbOptions)
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close()
      const c = new pg.Client({ connectionString: base.toString() })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** Every file the migrated schema comes from, the code that applies them, and the PGlite that runs it. */
function schemaKey(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry)
      if (statSync(file).isDirectory()) walk(file)
      else hash.update(entry).update(readFileSync(file))
    }
  }
  walk(migrationsFolder)
  walk(sqlFolder)
  // How they are applied too: the list and order of sql/ files, and the migration steps.
  for (const code of ['functions.ts', 'migrate.ts'])
    hash.update(readFileSync(path.join(path.dirname(sqlFolder), code)))
  hash.update(readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json')))
  return hash.digest('hex').slice(0, 16)
}

let pgliteDump: Promise<Blob> | undefined
/** The migrated PGlite tarball: made by the first test process that needs it, then read from disk. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= pgliteTarball(`pglite-template-${schemaKey()}.tar`, async () => {
    const database = await openPglite('')
    await database.migrate()
    return database
  })
  return pgliteDump
}

/**
 * Tarball `name` in the temp folder, read if there, else made from the database `make` opens and
 * written aside then renamed (a process reading the file never sees half of it).
 */
async function pgliteTarball(name: string, make: () => Promise<Database>): Promise<Blob> {
  const file = path.join(os.tmpdir(), name)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const database = await make()
  const dump = await database.dump!()
  await database.close()
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
  return dump
}

/**
 * The migrated template database's name, made under an advisory lock by the first process that
 * needs it (the others wait, then copy it). Nobody stays connected to it, so it can be copied.
 */
function postgresTemplate(admin: pg.Client, base: URL): Promise<string> {
  return lockedTemplate(admin, base, `test_template_${schemaKey()}`, 7_410_001, null, (d) => d.migrate())
}

/**
 * Makes template database `name` once, under advisory lock `lock`: created (from `from`, else empty),
 * filled by `fill`, then renamed, so that a half-made template is never copied.
 */
async function lockedTemplate(
  admin: pg.Client,
  base: URL,
  name: string,
  lock: number,
  from: string | null,
  fill: (database: Database) => Promise<void>,
): Promise<string> {
  await admin.query('select pg_advisory_lock($1)', [lock])
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount) return name
    const building = `${name}_building`
    await admin.query(`drop database if exists ${building} with (force)`)
    await admin.query(`create database ${building}${from ? ` template ${from}` : ''}`)
    const url = new URL(base.toString())
    url.pathname = `/${building}`
    const database = await openPostgres(url.toString(), 1)
    await fill(database)
    await database.close()
    await admin.query(`alter database ${building} rename to ${name}`)
    return name
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [lock])
  }
}

/**
 * The demo template's key: the schema's, the seed's code, and the hour. The demo data is laid out
 * around the day it is seeded (visits in the past weeks, today's birthdays): a copy stays within the hour
 * of a fresh seed, as a file's own seed would be.
 */
function demoKey(): string {
  const hash = createHash('sha256').update(schemaKey())
  const seedFolder = path.join(path.dirname(sqlFolder), 'seed')
  for (const entry of readdirSync(seedFolder).sort())
    hash.update(entry).update(readFileSync(path.join(seedFolder, entry)))
  const hour = new Date().toISOString().slice(0, 13).replace(/\D/g, '')
  return `${hash.digest('hex').slice(0, 12)}_${hour}`
}

/**
 * A PGlite directory holding the migrated and seeded demo database (what a server would seed in its
 * first minute): the e2e servers start from it. The template is this process's first (the e2e setup
 * asks for it when the run starts, see `prepareDemoPglite`), even if the hour has turned since.
 */
export async function writeDemoPglite(dataDir: string): Promise<void> {
  const database = await openPglite(dataDir, {}, await pgliteDemoTemplate())
  await database.close()
}

/** Starts making (or reading) the demo template now, so that `writeDemoPglite` finds it ready. */
export function prepareDemoPglite(): void {
  pgliteDemoTemplate().catch(() => undefined)
}

let pgliteDemoDump: Promise<Blob> | undefined
/** The migrated and seeded PGlite tarball; older hours' tarballs are removed when a new one is made. */
function pgliteDemoTemplate(): Promise<Blob> {
  const prefix = 'pglite-demo-template-'
  const name = `${prefix}${demoKey()}.tar`
  pgliteDemoDump ??= pgliteTarball(name, async () => {
    const database = await openPglite('', {}, await pgliteTemplate())
    await seed(database, () => {})
    for (const old of readdirSync(os.tmpdir()))
      if (old.startsWith(prefix) && old.endsWith('.tar') && old !== name)
        rmSync(path.join(os.tmpdir(), old), { force: true })
    return database
  })
  return pgliteDemoDump
}

/** The seeded template database, copied from the migrated one; older hours' are dropped. */
async function postgresDemoTemplate(admin: pg.Client, base: URL): Promise<string> {
  const migrated = await postgresTemplate(admin, base)
  const name = await lockedTemplate(admin, base, `test_demo_${demoKey()}`, 7_410_002, migrated, (d) =>
    seed(d, () => {}),
  )
  // Dropped when nobody is copying them (else left to the next hour's first file).
  const { rows } = await admin.query(
    "select datname from pg_database where datname like 'test\\_demo\\_%' and datname not like $1",
    [`${name}%`],
  )
  for (const { datname } of rows)
    await admin.query(`drop database if exists ${datname}`).catch(() => undefined)
  return name
}
