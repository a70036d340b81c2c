// The database's functions and triggers come from src/server/db/sql/ (src/server/db/functions.ts):
// applied after the migrations, again only on change, and the same whether the database is new or was
// made by the migrations that used to define them.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder, openPostgres } from '../../src/server/db/client'
import { sqlFolder, sqlSources } from '../../src/server/db/functions'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

// The last commit whose migrations still wrote the functions and triggers out themselves.
const BEFORE_SQL_SOURCES = 'cb3eee5cd6d3bafc869a08e1c29184226243fad1'

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
const hasHistory = (() => {
  try {
    git('cat-file', '-e', `${BEFORE_SQL_SOURCES}^{commit}`)
    return true
  } catch {
    return false
  }
})()

/** The migrations as they were at BEFORE_SQL_SOURCES, up to and including `last`. */
function oldMigrations(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'old-migrations-'))
  const rel = path.relative(process.cwd(), migrationsFolder)
  const journal = JSON.parse(git('show', `${BEFORE_SQL_SOURCES}:${rel}/meta/_journal.json`))
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith(`${last}_`))
  journal.entries = journal.entries.slice(0, upTo + 1)
  mkdirSync(path.join(dir, 'meta'))
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const { tag } of journal.entries)
    writeFileSync(path.join(dir, `${tag}.sql`), git('show', `${BEFORE_SQL_SOURCES}:${rel}/${tag}.sql`))
  return dir
}

/** Functions (not the extensions'), triggers and column defaults, as PostgreSQL prints them. */
async function definitions(database: TestDatabase) {
  const functions = await database.raw(`
    select p.proname as name, pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 1, 2`)
  const triggers = await database.raw(
    `select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1`,
  )
  const defaults = await database.raw(`
    select table_name || '.' || column_name as name, column_default as def from information_schema.columns
     where table_schema = 'public' and column_default is not null order by 1`)
  return { functions: functions.rows, triggers: triggers.rows, defaults: defaults.rows }
}

const procVersion = async (database: TestDatabase, name: string) =>
  (await database.raw(`select xmin::text as v from pg_proc where proname = $1`, [name])).rows[0]?.v

it('applies every file of sql/, each listed once', () => {
  const files = readdirSync(sqlFolder).map((f) => f.replace(/\.sql$/, ''))
  expect([...sqlSources].sort()).toEqual(files.sort())
  expect(new Set(sqlSources).size).toBe(sqlSources.length)
})

// A function a migration wrote would be replaced by its file at the end of the same start, or be a
// second source for it: a migration only drops them.
it('leaves every function and trigger to sql/', () => {
  const migrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'))
  const creating = migrations.filter((f) =>
    /^\s*create\s+(or\s+replace\s+)?(function|trigger|procedure)\b/im.test(
      readFileSync(path.join(migrationsFolder, f), 'utf8'),
    ),
  )
  expect(creating).toEqual([])
})

describe.each(databaseKinds())('on %s', (kind) => {
  let fresh: TestDatabase
  beforeAll(async () => {
    fresh = await openTestDatabase(kind)
  })
  afterAll(() => fresh.drop())

  it('defines every function and trigger of sql/', async () => {
    const { functions, triggers } = await definitions(fresh)
    const names = functions.map((f) => f.name)
    // Each file's functions (a file of triggers defines several, none named like the file).
    for (const source of sqlSources) {
      const text = readFileSync(path.join(sqlFolder, `${source}.sql`), 'utf8')
      const defined = [...text.matchAll(/create or replace function (\w+)/gi)].map((m) => m[1]!.toLowerCase())
      expect(defined.length, source).toBeGreaterThan(0)
      for (const name of defined) expect(names).toContain(name)
    }
    expect(triggers.length).toBeGreaterThanOrEqual(15)
  })

  it('applies nothing again when no file changed, and a changed file alone', async () => {
    const before = await definitions(fresh)
    const ledger = await procVersion(fresh, 'ledger_move')
    const search = await procVersion(fresh, 'client_search_text')
    await fresh.migrate()
    expect(await procVersion(fresh, 'ledger_move')).toBe(ledger)
    expect(await definitions(fresh)).toEqual(before)

    // The migrations' own table is the schema owner's (db/tenant-context.ts).
    await runAs(OWNER, () =>
      fresh.raw(`update drizzle.__sql_sources set hash = 'older' where name = 'ledger_move'`),
    )
    await fresh.migrate()
    expect(await procVersion(fresh, 'ledger_move')).not.toBe(ledger)
    expect(await procVersion(fresh, 'client_search_text')).toBe(search)
    expect(await definitions(fresh)).toEqual(before)
  })

  it.skipIf(kind !== 'postgres')(
    'migrates an empty database once when two servers start at once',
    async () => {
      const empty = await openTestDatabase(kind, { migrate: false })
      const other = await openPostgres(empty.url!, 2)
      try {
        await Promise.all([empty.migrate(), other.migrate()])
        expect(await definitions(empty)).toEqual(await definitions(fresh))
      } finally {
        await other.close()
        await empty.drop()
      }
    },
  )

  // Upgraded: made by the former migrations (the last of them, or only up to 0015, before the balance
  // triggers changed), then migrated by this version.
  for (const last of ['0019', '0015'])
    it.skipIf(!hasHistory)(
      `ends the same on a database made by the former migrations up to ${last}`,
      // As the schema's owner, as a deployment migrates: the former migrations know no app role.
      () =>
        runAs(OWNER, async () => {
          const folder = oldMigrations(last)
          const upgraded = await openTestDatabase(kind, { migrate: false })
          try {
            if (kind === 'pglite') await migratePglite(upgraded.db as never, { migrationsFolder: folder })
            else await migratePg(upgraded.db as never, { migrationsFolder: folder })
            await upgraded.migrate()
            expect(await definitions(upgraded)).toEqual(await definitions(fresh))
          } finally {
            await upgraded.drop()
            rmSync(folder, { recursive: true })
          }
        }),
    )
})
