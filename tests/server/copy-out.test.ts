// db/copy-out.ts (issue 38 §2): a query written as CSV by PostgreSQL's COPY, its parameters inlined as
// literals, its records ended CRLF, and its connection given back or closed whatever the reader does.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { copyCsv, inlineQuery } from '../../src/server/db/copy-out'
import { poolOf } from '../../src/server/db/cursor'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { eventually } from '../support/eventually'

const text = async (stream: NodeJS.ReadableStream) => {
  let out = ''
  for await (const chunk of stream) out += chunk.toString()
  return out
}

describe.runIf(!!process.env.DATABASE_URL)('COPY to CSV (postgres)', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterAll(() => database?.drop())

  it('inlines each parameter as the literal node-postgres would have sent', async () => {
    const query = sql`select ${"O'Brien \\ ;"}::text, ${null}::text, ${42}::int, ${new Date('2026-01-01T00:00:00Z')}::timestamptz at time zone 'UTC', ${true}::boolean`
    expect(() => inlineQuery(sql`select '$9'`)).toThrow(/\$9 has no parameter/)
    const csv = await text(copyCsv(poolOf(database.db)!, query, ';'))
    expect(csv).toBe('"O\'Brien \\ ;";;42;2026-01-01 00:00:00;t\r\n')
  })

  it('fails a download whose reader stopped reading, and closes its connection', async () => {
    const pool = poolOf(database.db)!
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    try {
      const stream = copyCsv(pool, sql`select g, repeat('x', 200) from generate_series(1, 500000) g`, ',')
      const failed = new Promise<Error>((resolve) => stream.on('error', resolve))
      const reader = stream[Symbol.asyncIterator]()
      await reader.next()
      expect(pool.totalCount - pool.idleCount).toBe(1)
      // The reader reads nothing more: after a minute the stream fails and the COPY's connection closes.
      vi.advanceTimersByTime(59_000)
      expect(stream.destroyed).toBe(false)
      vi.advanceTimersByTime(6_000)
      expect((await failed).message).toMatch(/stopped reading/)
      expect(await eventually(async () => pool.totalCount === pool.idleCount)).toBe(true)
      const copying = async () =>
        (
          await database.raw(
            "select count(*)::int as n from pg_stat_activity where query like 'copy (select g%' and datname = current_database()",
          )
        ).rows[0]!.n
      expect(await eventually(async () => (await copying()) === 0)).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
