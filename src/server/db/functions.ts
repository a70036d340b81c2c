// The database's functions and triggers: one file each under sql/, the current version, readable
// whole and safe to apply again (`create or replace`). The migrations make the tables and move the
// data; these files are applied after them, in one transaction, whenever a file changed or a migration
// ran (a migration may drop what a trigger sits on). Only on change: replacing a function makes every
// connection compile it again, and a trigger locks its table's writes. A function or trigger that goes
// away, or whose arguments or result change (`create or replace` cannot), is dropped by a migration,
// and its file deleted or changed. Editing an applied migration is safe: drizzle runs only the
// migrations newer than the last applied and does not check the others' hashes.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const sqlFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql')

/**
 * Every file of sql/, in the order they are applied: a function after those it calls, since the body
 * of an SQL-language function is checked when it is created.
 */
export const sqlSources = [
  'uuid_v7',
  'coupon_code',
  'client_day_counts_apply',
  'clients_counts_trigger',
  'clients_counts_row_trigger',
  'client_stores_counts_trigger',
  'analytics_postcodes_apply',
  'analytics_postcodes_trigger',
  'analytics_postcodes_row_trigger',
  'client_search_text',
  'client_search_insert',
  'client_search_update',
  'client_search_ids',
  'client_ids_by_email',
  'client_birthdays',
  'client_balances_insert',
  'client_balances_franchise',
  'auth_changed_notify',
  'franchise_points_cap',
  'ledger_move',
  'ledger_open_clients',
  'points_batches',
  'points_expire',
  'client_visit_days_trigger',
  'sms_reachable',
  'client_audience_refresh',
  'client_audience_triggers',
  'campaign_recipients_cascade',
  'sms_early_receipts',
  'webhook_record',
  'webhook_events_trigger',
  'mail_due_notify',
  // Last: it grants on every table and function above.
  'tenant_policies',
] as const

/**
 * Functions the schema itself uses (a column default): they exist before the migrations run, so
 * they must read no table.
 */
export const beforeMigrations = ['uuid_v7', 'coupon_code'] as const

type Exec = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

// Next to drizzle's own table: the hash of each file as last applied, and under MIGRATIONS the number
// of migrations the database had then.
const APPLIED = 'drizzle.__sql_sources'
const MIGRATIONS = '(migrations)'

/**
 * Applies, in one transaction, the files of `names` that changed since they were last applied — all
 * of them if `migrations` (how many the database has applied) is given and changed since.
 */
export async function applySqlSources(exec: Exec, names: readonly string[], migrations?: number) {
  const files = names.map((name) => {
    const text = readFileSync(path.join(sqlFolder, `${name}.sql`), 'utf8')
    return { name, text, hash: createHash('sha256').update(text).digest('hex') }
  })
  const store = (name: string, hash: string) =>
    exec(
      `insert into ${APPLIED} (name, hash) values ($1, $2) on conflict (name) do update set hash = excluded.hash`,
      [name, hash],
    )
  await exec('begin')
  try {
    await exec(`create schema if not exists drizzle;
      create table if not exists ${APPLIED} (name text primary key, hash text not null)`)
    const { rows } = await exec(`select name, hash from ${APPLIED}`)
    const applied = new Map(rows.map((r) => [r.name as string, r.hash as string]))
    const all = migrations !== undefined && applied.get(MIGRATIONS) !== String(migrations)
    const due = files.filter((f) => all || applied.get(f.name) !== f.hash)
    for (const f of due) {
      await exec(f.text)
      await store(f.name, f.hash)
    }
    if (all) await store(MIGRATIONS, String(migrations))
    await exec('commit')
    return due.map((f) => f.name)
  } catch (err) {
    await exec('rollback').catch(() => {})
    throw err
  }
}

async function migrationCount(exec: Exec): Promise<number> {
  const { rows } = await exec(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)
  if (!rows[0]?.present) return 0
  const count = await exec('select count(*)::int as n from drizzle.__drizzle_migrations')
  return count.rows[0]?.n as number
}

/** drizzle's migrations with the sql/ files around them, on one connection. */
export async function migrateWithSources(exec: Exec, runMigrations: () => Promise<unknown>): Promise<void> {
  await applySqlSources(exec, beforeMigrations)
  await runMigrations()
  await applySqlSources(exec, sqlSources, await migrationCount(exec))
}
