// Test databases: every server test file shares one database per kind. PGlite runs in memory;
// PostgreSQL (when DATABASE_URL is set) gets a throwaway database created for the file and dropped after.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, type DbOptions, openPglite, openPostgres } from '../../src/server/db/client'

export type DbKind = 'pglite' | 'postgres'

/** The database kinds the server tests run on here. */
export function databaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export type TestDatabase = Database & { url: string | undefined; drop(): Promise<void> }

/** `migrate` false: an empty database, for tests of the migrations themselves. */
export async function openTestDatabase(
  kind: DbKind,
  options: DbOptions & { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const { migrate = true, ...dbOptions } = options
  if (kind === 'pglite') {
    const database = await openPglite('', dbOptions)
    if (migrate) await database.migrate()
    return { ...database, url: undefined, drop: () => database.close() }
  }
  const base = new URL(process.env.DATABASE_URL!)
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base.toString() })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(base.toString())
  url.pathname = `/${name}`
  const database = await openPostgres(url.toString(), 5, dbOptions)
  if (migrate) await database.migrate()
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
