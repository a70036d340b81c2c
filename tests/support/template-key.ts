// The keys naming the test databases' templates (PGlite tarballs, PostgreSQL template databases): a
// template is made again when what it is made from changes, and a stale demo template is removed.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { migrationsFolder } from '../../src/server/db/client'
import { sqlFolder } from '../../src/server/db/functions'
import { hourStamp } from './run-hour'

/**
 * A PGlite making a template keeps no used WAL segment for reuse (wal_recycle off): the tarball holds
 * the 16 MB segments its last checkpoint needs, not every one its making filled. The seeded demo's held
 * five, 80 MB of its 141 MB, read by every database and e2e server copied from it (issue 36 §6).
 */
export const TEMPLATE_SETTINGS = ['wal_recycle=off']

/** Every file the migrated schema comes from, the code that applies them, and the PGlite that runs it. */
export function schemaKey(): string {
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
  hash.update(TEMPLATE_SETTINGS.join())
  return hash.digest('hex').slice(0, 16)
}
/**
 * The demo template's key: the schema's, the seed's code, the hour the test run started and the demo
 * franchise's date. The demo data is laid out around the moment it is seeded (visits in the past weeks,
 * today's birthdays): a copy is seeded in the hour its run started, on its franchise's day. Keyed by the
 * run's hour (LB_TEST_RUN_HOUR, set once by the Vitest config for every process of a run), a run that
 * crosses an hour keeps one template: keyed by the current hour, it seeded a second one mid-run and
 * deleted the first while other processes were reading it.
 */
export function demoKey(now = new Date(), runHour = process.env.LB_TEST_RUN_HOUR ?? hourStamp(now)): string {
  const hash = createHash('sha256').update(schemaKey())
  const seedFolder = path.join(path.dirname(sqlFolder), 'seed')
  for (const entry of readdirSync(seedFolder).sort())
    hash.update(entry).update(readFileSync(path.join(seedFolder, entry)))
  return `${hash.digest('hex').slice(0, 12)}_${runHour}_${DEMO_DAY.format(now).replace(/\D/g, '')}`
}

/** The demo franchise's date (its zone is Europe/Paris, see the seed). */
const DEMO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })

/**
 * Whether a demo template (by its name) belongs to a run started more than three hours before `now`:
 * only those are removed, so that no run, nor a second run beside it, loses a template it may still copy.
 */
export function isStaleDemo(name: string, now = new Date()): boolean {
  const stamp = /_(\d{10})_\d{8}/.exec(name)?.[1]
  if (!stamp) return true
  const started = Date.UTC(
    +stamp.slice(0, 4),
    +stamp.slice(4, 6) - 1,
    +stamp.slice(6, 8),
    +stamp.slice(8, 10),
  )
  return now.getTime() - started > 3 * 3_600_000
}
