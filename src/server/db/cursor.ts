// One query read in batches through a server-side cursor (PostgreSQL). A whole-table export read by
// keyset asks for a thousand batches, each a new walk down the sort index with its own random reads of
// the rows; the cursor runs the query once (one scan, one sort) and hands its rows out as they are read.
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db } from './client'

const dialect = new PgDialect()
const IDLE_LIMIT = '60s'

/**
 * The connection pool behind a PostgreSQL handle; null on PGlite, whose one connection a cursor would
 * hold for the whole download (every other request waiting behind it).
 */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client
  return client instanceof pg.Pool ? client : null
}

/**
 * The rows of `query` as arrays (its columns in order), `size` at a time, in a read-only transaction
 * on a connection of its own (which carries the caller's tenant, as every pooled one does). The next
 * batch is asked for before this one is handed on. Ending early (a cancelled download) rolls back.
 */
export async function* cursorBatches(pool: pg.Pool, query: SQL, size: number): AsyncGenerator<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  const client = await pool.connect()
  const fetch = () =>
    client.query<unknown[]>({ text: `fetch ${size} from rows_out`, rowMode: 'array' }).then((r) => r.rows)
  let pending: Promise<unknown[][]> | null = null
  let done = false
  try {
    await client.query('begin read only')
    // A reader that stops reading must not keep the connection and its snapshot for ever: after a
    // minute without a fetch the server ends the session, and the download fails.
    await client.query(`set local idle_in_transaction_session_timeout = '${IDLE_LIMIT}'`)
    await client.query({ text: `declare rows_out no scroll cursor for ${text}`, values: params })
    pending = fetch()
    while (pending) {
      const rows: unknown[][] = await pending
      pending = rows.length === size ? fetch() : null
      if (rows.length) yield rows
    }
    await client.query('commit')
    done = true
  } finally {
    await pending?.catch(() => {})
    // A connection that cannot even roll back is closed rather than handed to the next request.
    const sound =
      done ||
      (await client.query('rollback').then(
        () => true,
        () => false,
      ))
    client.release(!sound)
  }
}
