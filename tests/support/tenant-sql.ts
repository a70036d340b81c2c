// The backstop of the tenant boundary (issue 16 item 7): every statement the app sends while a test
// drives tenant routes is recorded, and an UPDATE or DELETE on a tenant table, or a SELECT of one of
// its rows by id, must carry a scope condition: the table's franchise column as services/scope.ts
// writes it (`inScope`, `scopedId`). One forgotten condition is a leak; this finds it.
// On Citus (issue 37 §4, docs/citus.md) a statement on a distributed table that names no franchise in
// its WHERE runs on every node: so each SELECT, UPDATE, DELETE or INSERT ... SELECT that reaches one
// must filter by franchise_id too, or be one of the few declared cross-franchise queries below.
import type { Logger } from 'drizzle-orm/logger'

/** Records the statements sent while `on`, and their parameters. */
export class StatementRecorder implements Logger {
  on = false
  statements: string[] = []
  params: unknown[][] = []
  logQuery(query: string, params: unknown[]): void {
    if (!this.on) return
    this.statements.push(query)
    this.params.push(params)
  }
  /** The statements `run` sends. */
  async during(run: () => Promise<unknown>): Promise<string[]> {
    const from = this.statements.length
    this.on = true
    try {
      await run()
    } finally {
      this.on = false
    }
    return this.statements.slice(from)
  }
}

const WRITE = /\b(?:update|delete\s+from)\s+"(\w+)"/i
const SELECT = /^\s*select\b[\s\S]*?\bfrom\s+"(\w+)"/i

/** The scope condition of a table, as inScope writes it (a franchise's own row: its id, in a list). */
const scoped = (table: string, where: string) =>
  table === 'franchises'
    ? /"franchises"\."id" (?:in \(|is not null)/i.test(where) || /\bfalse and "franchises"\."id"/i.test(where)
    : /"franchise_id"/i.test(where)

/**
 * Why a statement is unscoped, or null when it is fine: a write on a tenant table (`tables`, read from the
 * catalogue by tenantTablesOf), or a read of one of its rows by id, whose WHERE names no franchise condition.
 */
export function unscopedReason(statement: string, tables: readonly string[]): string | null {
  const write = WRITE.exec(statement)
  const select = write ? null : SELECT.exec(statement)
  const table = (write ?? select)?.[1]
  if (!table || !tables.includes(table)) return null
  const at = statement.search(/\bwhere\b/i)
  const where = at < 0 ? '' : statement.slice(at)
  if (select && !where.includes(`"${table}"."id" = `)) return null
  if (scoped(table, where)) return null
  return `${write ? 'a write on' : 'a read by id of'} ${table} without its franchise condition`
}

/** Statements that reach every franchise on purpose, each with why; matched on the statement's text. */
export const CROSS_FRANCHISE: readonly { match: RegExp; why: string }[] = [
  {
    match: /"(?:franchises|store_owners)"\."user_id" (?:=|in)|\bf2\.user_id = "users"\."id"/,
    why:
      'the franchises of a user (its own, the ones it works in) and staff’s merchant list: accounts are not ' +
      'a franchise’s, so they are found by user on every shard; a few rows, read at sign-in and cached with the token',
  },
  {
    match: /"franchises"\."is_demo"/,
    why: 'the demo franchise, found by its flag: one row, readable by every signed-in user',
  },
  {
    match: /"emarketings"\."link" = /,
    why: 'a landing link is unique across franchises (an exception of citus-ready.test.ts): its availability is checked on every shard',
  },
]

const TABLE_REF = /\b(?:from|join|update|delete\s+from)\s+"?(\w+)"?/gi

/** The distributed tables a statement reads or changes (not the target of a plain INSERT, routed by its values). */
function distributedTablesOf(statement: string, tables: readonly string[]): string[] {
  let body = statement
  if (/^\s*insert\b/i.test(statement)) {
    const at = statement.search(/\bselect\b/i)
    if (at < 0) return []
    body = statement.slice(at)
  }
  const found = new Set<string>()
  for (const m of body.matchAll(TABLE_REF)) if (tables.includes(m[1]!)) found.add(m[1]!)
  return [...found]
}

/**
 * Why a statement would run on every node of a Citus cluster, or null: it reaches a distributed table
 * (`tables`), its WHERE names no franchise (franchise_id, or the franchises' own id), and it is not
 * declared in CROSS_FRANCHISE.
 */
export function multiShardReason(statement: string, tables: readonly string[]): string | null {
  const reached = distributedTablesOf(statement, tables)
  if (!reached.length) return null
  const at = statement.search(/\bwhere\b/i)
  const where = at < 0 ? '' : statement.slice(at)
  if (/\bfranchise_id\b/i.test(where)) return null
  if (/"?franchises"?\."?id"?\s*(?:=|in\b)/i.test(where)) return null
  if (CROSS_FRANCHISE.some((c) => c.match.test(statement))) return null
  return `a statement on ${reached.join(', ')} without a franchise filter (every shard on Citus)`
}

/** The unscoped statements among `statements`, each with its reason. */
export const unscopedStatements = (statements: string[], tables: readonly string[]) =>
  statements.flatMap((sql) => {
    const reason = unscopedReason(sql, tables) ?? multiShardReason(sql, tables)
    return reason ? [{ reason, sql }] : []
  })

/** Every table whose rows belong to a franchise, read from the catalogue (as sql/tenant_policies.sql finds them). */
export async function tenantTablesOf(database: {
  raw(sql: string): Promise<{ rows: Record<string, unknown>[] }>
}): Promise<string[]> {
  const { rows } = await database.raw(
    `select distinct table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'franchise_id' order by 1`,
  )
  return ['franchises', ...rows.map((r) => String(r.table_name))]
}
