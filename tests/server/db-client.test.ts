// The PostgreSQL pool (src/server/db/client.ts) when the server drops a connection a transaction holds
// between two statements (a restart, a failover, an administrator's pg_terminate_backend): pg-pool
// listens for a connection's errors only while it is idle, so the FATAL that arrives then was an
// unhandled 'error' event that ended the process (a web process of the chaos test, at a database
// restart). The transaction must fail instead, and the pool go on with a new connection.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../src/server/db/client'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { openTestDatabase, type TestDatabase } from '../support/database'

describe.runIf(!!process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase('postgres')
  })
  afterAll(() => database?.drop())

  it('fails a transaction whose connection the server ends between two statements, and goes on', async () => {
    const uncaught: unknown[] = []
    const record = (err: unknown) => uncaught.push(err)
    process.on('uncaughtException', record)
    try {
      const outcome = runAs(OWNER, () =>
        database.db.transaction(async (tx) => {
          const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))
          // From another connection of the pool, while this one holds its transaction and runs nothing.
          await database.raw('select pg_terminate_backend($1)', [me!.pid])
          // Until the server has ended it, then until this process has read the server's last words.
          while (
            (await database.raw('select 1 from pg_stat_activity where pid = $1', [me!.pid])).rows.length
          );
          for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
          await tx.execute(sql`select 1`)
        }),
      )
      await expect(outcome).rejects.toThrow()
      expect(uncaught).toEqual([])
      const { rows } = await database.raw('select 41 + 1 as n')
      expect(Number(rows[0]?.n)).toBe(42)
    } finally {
      process.off('uncaughtException', record)
    }
  })
})
