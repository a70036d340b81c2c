// A query's rows as CSV written by PostgreSQL itself (`COPY (…) TO STDOUT`, pg-copy-streams): the
// rows never become JavaScript values, which cost an export of a million clients most of its time
// (issue 38 §2). The query runs as one statement on a connection of its own, which carries the
// caller's tenant as every pooled one does (tenant-context.ts).
import { createRequire } from 'node:module'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'

const dialect = new PgDialect()
const STALL_MS = 60_000
// node-postgres's own conversion of a parameter to the text it sends (arrays, dates, JSON included).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue: (value: unknown) => string | Buffer | null
}

/**
 * The query's text with each `$n` replaced by its value as a quoted literal. COPY takes no parameters;
 * an untyped literal ('…') takes its type from where it stands, as a parameter does, and the value is
 * the text node-postgres would have sent for it.
 */
export function inlineQuery(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    // Only drizzle's own placeholders: a "$1" written in the query's text would be taken for one.
    if (Number(n) > params.length) throw new Error(`inlineQuery: $${n} has no parameter`)
    const value = prepareValue(params[Number(n) - 1])
    return value === null ? 'NULL' : pg.escapeLiteral(String(value))
  })
}

/**
 * PostgreSQL ends a CSV record with "\n"; the product's files end them with "\r\n" (what spreadsheets
 * on Windows expect, and what the other exports write). A line break inside a quoted cell stays as it is.
 */
export class WindowsLines extends Transform {
  private quoted = false
  /** When the last records went through (Date.now()), or null before the first. */
  passedAt: number | null = null
  override _transform(chunk: Buffer, _: BufferEncoding, done: TransformCallback) {
    this.passedAt = Date.now()
    // Bytes, not text: a chunk may end inside a character, and '"' and "\n" are never part of one.
    // Found with indexOf (native), not byte by byte: a million-row file is 120 MB.
    const parts: Buffer[] = []
    let from = 0
    let quote = chunk.indexOf(0x22)
    let newline = chunk.indexOf(0x0a)
    for (;;) {
      if (this.quoted) {
        // Inside quotes until the next '"' (a doubled one closes and opens again).
        if (quote < 0) break
        this.quoted = false
        if (newline >= 0 && newline < quote) newline = chunk.indexOf(0x0a, quote + 1)
        quote = chunk.indexOf(0x22, quote + 1)
      } else if (newline >= 0 && (quote < 0 || newline < quote)) {
        parts.push(chunk.subarray(from, newline), CRLF)
        from = newline + 1
        newline = chunk.indexOf(0x0a, from)
      } else if (quote >= 0) {
        this.quoted = true
        quote = chunk.indexOf(0x22, quote + 1)
      } else break
    }
    parts.push(chunk.subarray(from))
    done(null, Buffer.concat(parts))
  }
}
const CRLF = Buffer.from('\r\n')

/**
 * The rows of `query` as CSV records (no header), `delimiter` between cells, "\r\n" after each; a NULL
 * is an empty cell. Destroying the stream (a cancelled download) ends the query.
 * A reader that stops reading for `stallMs` once the records have started (a browser left open on a
 * paused download) fails the stream: a COPY waiting on its reader is an active statement, which the
 * database's idle-in-transaction limit (what ends a cursor's stalled download) never ends.
 */
export function copyCsv(pool: pg.Pool, query: SQL, delimiter: string, stallMs = STALL_MS): Readable {
  const text = inlineQuery(query)
  const lines = new WindowsLines()
  const watch = setInterval(
    () => {
      if (lines.passedAt !== null && Date.now() - lines.passedAt > stallMs)
        lines.destroy(new Error('The export’s reader stopped reading'))
    },
    Math.min(stallMs, 5_000),
  )
  watch.unref()
  let client: pg.PoolClient | null = null
  let released = false
  // Read to the end: the connection goes back to the pool. Cancelled or failed: it is closed, which
  // ends the COPY on the server (a COPY under way cannot be stopped otherwise). One statement is one
  // snapshot: no transaction of its own is needed.
  const release = () => {
    if (released || !client) return
    released = true
    client.release(!lines.writableFinished)
  }
  lines.on('close', () => {
    clearInterval(watch)
    release()
  })
  void (async () => {
    try {
      client = await pool.connect()
      if (lines.destroyed) return release()
      const copy = client.query(
        copyTo(`copy (${text}) to stdout with (format csv, delimiter ${pg.escapeLiteral(delimiter)})`),
      )
      copy.on('error', (error) => lines.destroy(error))
      copy.pipe(lines)
    } catch (error) {
      lines.destroy(error as Error)
      release()
    }
  })()
  return lines
}

/** The pieces in order as one stream: the header's text, then the records. */
export function concatStreams(head: string, rest: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield head
      yield* rest
    })(),
    { objectMode: false },
  )
}
