// The Citus rules of issue 37 §4, read from a migrated database's catalogue (tests/server/citus-ready.test.ts).
// A distributed table (one with franchise_id, and franchises by its id) needs its distribution column in
// its primary key and in every unique index; a foreign key between two distributed tables names it on
// both sides at the same place, and neither nulls nor updates it on the parent's change (Citus refuses
// SET NULL or SET DEFAULT on delete, and SET NULL, SET DEFAULT or CASCADE on update, in such a key, even
// PostgreSQL 15's `SET NULL (column)`); a reference table points only at reference tables; a local table
// at no distributed one. Each break is one line, `table: what`.
import {
  DISTRIBUTION_COLUMN,
  LOCAL_SCHEMAS,
  LOCAL_TABLES,
  REFERENCE_TABLES,
  ROOT_TABLE,
} from '../../src/server/db/distribution'

type Raw = { raw(sql: string): Promise<{ rows: Record<string, unknown>[] }> }
type Kind = 'distributed' | 'reference' | 'local' | 'unclassified'

const TABLES = `
  select n.nspname as schema, c.relname as table,
         exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '${DISTRIBUTION_COLUMN}'
                 and not a.attisdropped) as has_column
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`

// Key columns only (not INCLUDE), an expression as null.
const UNIQUE = `
  select c.relname as table, ic.relname as name, i.indisprimary as primary,
         array(select a.attname from unnest(i.indkey::int2[]) with ordinality k(n, o)
               left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
               where k.o <= i.indnkeyatts order by k.o) as columns
  from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and i.indisunique`

const FOREIGN = `
  select c.conname as name, c.conrelid::regclass::text as table, c.confrelid::regclass::text as parent,
         c.confdeltype as on_delete, c.confupdtype as on_update,
         array(select a.attname from unnest(c.conkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
         array(select a.attname from unnest(c.confkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as parent_columns
  from pg_constraint c join pg_namespace n on n.oid = c.connamespace
  where c.contype = 'f' and n.nspname = 'public'`

const names = (v: unknown): (string | null)[] =>
  Array.isArray(v)
    ? v
    : String(v)
        .replace(/^\{|\}$/g, '')
        .split(',')
        .map((s) => (s === 'NULL' ? null : s))

/** The column a distributed table is distributed by. */
const columnOf = (table: string) => (table === ROOT_TABLE.table ? ROOT_TABLE.column : DISTRIBUTION_COLUMN)

/** Each table of the database (schema-qualified outside public) and how it would be placed. */
export async function placements(db: Raw): Promise<Map<string, Kind>> {
  const { rows } = await db.raw(TABLES)
  const kinds = new Map<string, Kind>()
  for (const r of rows) {
    const schema = String(r.schema)
    const table = String(r.table)
    if (schema !== 'public') {
      kinds.set(`${schema}.${table}`, schema in LOCAL_SCHEMAS ? 'local' : 'unclassified')
      continue
    }
    const declared = table in REFERENCE_TABLES ? 'reference' : table in LOCAL_TABLES ? 'local' : null
    const distributed = r.has_column === true || table === ROOT_TABLE.table
    // Declared and distributed both: the lists are out of date, which is a break too.
    kinds.set(
      table,
      declared && distributed ? 'unclassified' : (declared ?? (distributed ? 'distributed' : 'unclassified')),
    )
  }
  return kinds
}

/** Every break of the rules, one line each, sorted. */
export async function citusBreaks(db: Raw): Promise<string[]> {
  const kinds = await placements(db)
  const breaks: string[] = []
  for (const [table, kind] of kinds)
    if (kind === 'unclassified')
      breaks.push(
        `${table}: neither distributed (${DISTRIBUTION_COLUMN}) nor declared reference or local, or both`,
      )
  const distributed = (t: string) => kinds.get(t) === 'distributed'

  const { rows: uniques } = await db.raw(UNIQUE)
  const primaries = new Set<string>()
  for (const u of uniques) {
    const table = String(u.table)
    if (u.primary) primaries.add(table)
    if (!distributed(table)) continue
    const columns = names(u.columns)
    if (!columns.includes(columnOf(table)))
      breaks.push(
        `${table}: ${u.primary ? 'primary key' : `unique ${u.name}`} (${columns.map((c) => c ?? 'expression').join(', ')}) lacks ${columnOf(table)}`,
      )
  }
  for (const [table, kind] of kinds)
    if (kind === 'distributed' && !primaries.has(table)) breaks.push(`${table}: no primary key`)

  const { rows: keys } = await db.raw(FOREIGN)
  for (const f of keys) {
    const table = String(f.table)
    const parent = String(f.parent)
    const [from, to] = [kinds.get(table), kinds.get(parent)]
    const columns = names(f.columns)
    const on = `foreign key (${columns.join(', ')}) → ${parent}`
    if (from === 'distributed' && to === 'distributed') {
      const at = columns.indexOf(columnOf(table))
      if (at < 0 || names(f.parent_columns)[at] !== columnOf(parent))
        breaks.push(`${table}: ${on} lacks ${columnOf(table)}`)
      else if (['n', 'd'].includes(String(f.on_delete)))
        breaks.push(`${table}: ${on} sets null or default on delete`)
      else if (['n', 'd', 'c'].includes(String(f.on_update))) breaks.push(`${table}: ${on} changes on update`)
    } else if (from === 'distributed' && to !== 'reference') breaks.push(`${table}: ${on}, a ${to} table`)
    else if (from === 'reference' && to !== 'reference') breaks.push(`${table}: ${on}, a ${to} table`)
    else if (from === 'local' && to === 'distributed') breaks.push(`${table}: ${on}, a distributed table`)
  }
  return breaks.sort()
}
