// Demo data, one module per area, run in order. `seedIfEmpty` runs at start on an empty database;
// `resetDatabase` empties every table first (`npm run seed -- --reset`).

import { sql } from 'drizzle-orm'
import type { Database } from '../client'
import { users } from '../schema'
import { OWNER, runAs } from '../tenant-context'
import { accountsSeed } from './accounts'
import { categoriesSeed } from './categories'
import { clientsSeed } from './clients'
import { demoSeed } from './demo'
import { newsSeed } from './news'
import { opinionsSeed } from './opinions'
import { posSeed } from './pos'
import { tagsSeed } from './tags'
import type { SeedModule } from './types'

export const seedModules: SeedModule[] = [
  categoriesSeed,
  accountsSeed,
  clientsSeed,
  // The demo franchise of /pages/demo/* (after clients: it reuses their generators).
  demoSeed,
  opinionsSeed,
  tagsSeed,
  posSeed,
  newsSeed,
]

export async function isEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users)
  return (row?.n ?? 0) === 0
}

export async function resetDatabase(database: Database): Promise<void> {
  const { rows } = await database.raw(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  )
  const tables = rows.map((r) => `"public"."${String(r.tablename)}"`)
  // Truncation passes over row-level security: only the schema's owner may (db/tenant-context.ts).
  if (tables.length) await runAs(OWNER, () => database.raw(`truncate ${tables.join(', ')} cascade`))
}

/** The modules a test needs for accounts only (the demo clients take a few seconds more). */
export const ACCOUNT_MODULES = ['categories', 'accounts']

export async function seed(
  database: Database,
  log: (m: string) => void = console.log,
  only?: string[],
): Promise<void> {
  const started = Date.now()
  for (const module of seedModules.filter((m) => !only || only.includes(m.name))) {
    const t = Date.now()
    await module.run({ db: database.db, log: (m) => log(`seed ${module.name}: ${m}`) })
    log(`seed ${module.name}: done in ${Date.now() - t} ms`)
  }
  log(`seed: all done in ${Date.now() - started} ms`)
}

export async function seedIfEmpty(database: Database, log?: (m: string) => void): Promise<boolean> {
  if (!(await isEmpty(database))) return false
  await seed(database, log)
  return true
}
