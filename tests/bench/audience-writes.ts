// Issue 38 §4, one write per visit: visits made through the ledger (ledger_move, as the scan page and
// the POS make them) on the bench's 1M clients, and what each wrote — the row versions of the audience,
// client, balance and visit-day tables, counted by PostgreSQL itself for the transaction
// (pg_stat_xact_user_tables, exact: each batch of visits is one transaction read before it commits), and
// how many of the updates were HOT (no index entry written).
import { sql } from 'drizzle-orm'
import type { Database } from '../../src/server/db/client'
import { rowsOf } from '../../src/server/db/client'
import { AppError } from '../../src/server/errors'
import { applyPoints } from '../../src/server/services/ledger'

const TABLES = ['client_audience', 'clients', 'client_balances', 'client_visit_days'] as const
type Table = (typeof TABLES)[number]
export type TableWrites = { inserts: number; updates: number; hot: number }
export type VisitWrites = {
  visits: number
  refused: number
  perTable: Record<Table, TableWrites>
  heapMbBefore: number
  heapMbAfter: number
}

const BATCH = 500

async function counters(tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) {
  const rows = rowsOf<{ name: Table; ins: number; upd: number; hot: number }>(
    await tx.execute(sql`select relname as name, n_tup_ins::int as ins, n_tup_upd::int as upd,
      n_tup_hot_upd::int as hot from pg_stat_xact_user_tables
      where relname in (${sql.join(
        TABLES.map((t) => sql`${t}`),
        sql`, `,
      )})`),
  )
  return new Map(rows.map((r) => [r.name, r]))
}

const heapMb = async (database: Database) =>
  Number(
    (await database.raw(`select pg_relation_size('client_audience') / 1048576.0 as mb`)).rows[0]?.mb ?? 0,
  )

/** `visits` visits (a tag scan with a sale of 15 EUR) on as many distinct bench clients, in batches. */
export async function visitWrites(
  database: Database,
  franchiseId: string,
  storeIds: string[],
  visits: number,
): Promise<VisitWrites> {
  const { rows } = await database.raw(
    `select id from clients where franchise_id = $1 and email like '%@bench.example' order by random() limit $2`,
    [franchiseId, visits],
  )
  const ids = rows.map((r) => String(r.id))
  const perTable = Object.fromEntries(TABLES.map((t) => [t, { inserts: 0, updates: 0, hot: 0 }])) as Record<
    Table,
    TableWrites
  >
  const heapMbBefore = await heapMb(database)
  let made = 0
  let refused = 0
  for (let i = 0; i < ids.length; i += BATCH) {
    await database.db.transaction(async (tx) => {
      const before = await counters(tx)
      for (const [k, clientId] of ids.slice(i, i + BATCH).entries()) {
        try {
          // A savepoint each, so that a refused visit (the franchise's minimum time between two) leaves
          // the batch going.
          await tx.transaction((sp) =>
            applyPoints(sp, {
              franchiseId,
              clientId,
              storeId: storeIds[k % storeIds.length]!,
              type: 'tag',
              points: 10,
              amountCents: 1500,
              currencyCode: 'EUR',
              authorId: null,
              impostorOf: null,
            }),
          )
          made++
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          refused++
        }
      }
      const after = await counters(tx)
      for (const t of TABLES) {
        const a = after.get(t)
        const b = before.get(t)
        perTable[t].inserts += (a?.ins ?? 0) - (b?.ins ?? 0)
        perTable[t].updates += (a?.upd ?? 0) - (b?.upd ?? 0)
        perTable[t].hot += (a?.hot ?? 0) - (b?.hot ?? 0)
      }
    })
  }
  return { visits: made, refused, perTable, heapMbBefore, heapMbAfter: await heapMb(database) }
}

/** The report's lines: per visit, each table's row versions written and the HOT share of its updates. */
export function visitWritesReport(w: VisitWrites): string {
  const per = (n: number) => (w.visits ? n / w.visits : 0).toFixed(2)
  return `${w.visits.toLocaleString('en')} visits through the ledger (a tag scan with a 15 EUR sale, \`ledger_move\`) on as many
clients picked at random${w.refused ? ` (${w.refused} more refused: the minimum time between two visits)` : ''}, in
transactions of ${BATCH}; the row versions each visit wrote, as PostgreSQL counted them
(\`pg_stat_xact_user_tables\`):

| table | inserts per visit | updates per visit | HOT updates |
| --- | ---: | ---: | ---: |
${TABLES.map((t) => {
  const c = w.perTable[t]
  return `| ${t} | ${per(c.inserts)} | ${per(c.updates)} | ${c.updates ? Math.round((100 * c.hot) / c.updates) : 0}% |`
}).join('\n')}

The audience table's heap: ${w.heapMbBefore.toFixed(0)} MB before these visits, ${w.heapMbAfter.toFixed(0)} MB after.`
}
