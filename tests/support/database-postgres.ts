// PostgreSQL test databases (when DATABASE_URL is set): each a throwaway copy of a template database
// (migrated, or migrated and seeded with the demo) made once per schema under an advisory lock, and
// dropped by its holder when done.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, type DbOptions, openPostgres } from '../../src/server/db/client'
import { seed } from '../../src/server/db/seed'
import { demoKey, isStaleDemo, schemaKey } from './template-key'

export type PostgresCopy = { url: string; drop(): Promise<void> }

/** A client of `base`'s server (DATABASE_URL's by default) for `work`, closed after it. */
async function withAdmin<T>(
  work: (admin: pg.Client, base: URL) => Promise<T>,
  base = new URL(process.env.DATABASE_URL!),
): Promise<T> {
  const admin = new pg.Client({ connectionString: base.toString() })
  await admin.connect()
  try {
    return await work(admin, base)
  } finally {
    await admin.end()
  }
}

/**
 * A new database on `base`'s server, copied from the template `template` names (made there if
 * needed), else empty: its URL, and its drop, for once nothing holds it open any more.
 */
async function copyDatabase(
  base: URL,
  template: ((admin: pg.Client, base: URL) => Promise<string>) | null,
): Promise<PostgresCopy> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await withAdmin(async (admin) => {
    const from = template ? ` template ${await template(admin, base)}` : ''
    await admin.query(`create database ${name}${from}`)
  }, base)
  const url = new URL(base.toString())
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`)
      }, base),
  }
}

/**
 * A database for one test file on `server` (a URL of its `postgres` database; DATABASE_URL's server by
 * default): migrated unless `migrate` is false, with the demo data when `demo`.
 */
export async function openPostgresTest(
  options: { migrate: boolean; demo: boolean; server?: string },
  dbOptions: DbOptions,
): Promise<Database & PostgresCopy> {
  const base = new URL(options.server ?? process.env.DATABASE_URL!)
  const copy = await copyDatabase(
    base,
    options.demo ? postgresDemoTemplate : options.migrate ? postgresTemplate : null,
  )
  const database = await openPostgres(copy.url, 5, dbOptions)
  return {
    ...database,
    url: copy.url,
    async drop() {
      await database.close()
      await copy.drop()
    },
  }
}

/**
 * A PostgreSQL database (on DATABASE_URL's server) copied from the demo template, for a server process
 * of its own to open: its URL, and how to drop it once that process has stopped.
 */
export function demoPostgres(): Promise<PostgresCopy> {
  return copyDatabase(new URL(process.env.DATABASE_URL!), postgresDemoTemplate)
}

/** Starts making (or finding) the demo template on DATABASE_URL's server. */
export function preparePostgresDemo(): Promise<string> {
  return withAdmin(postgresDemoTemplate)
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

/** The seeded template database, copied from the migrated one; stale ones are dropped. */
async function postgresDemoTemplate(admin: pg.Client, base: URL): Promise<string> {
  const migrated = await postgresTemplate(admin, base)
  const name = await lockedTemplate(admin, base, `test_demo_${demoKey()}`, 7_410_002, migrated, (d) =>
    seed(d, () => {}),
  )
  // Dropped when nobody is copying them (else left to a later run's).
  const { rows } = await admin.query("select datname from pg_database where datname like 'test\\_demo\\_%'")
  for (const { datname } of rows)
    if (isStaleDemo(datname) && !datname.startsWith(name))
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined)
  return name
}
