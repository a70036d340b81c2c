// Which failures the error plugin answers 503 + Retry-After (db/unavailable.ts): the ones node-postgres
// and drizzle really raise when the database is down or restarts, and not a statement's own refusal.
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../../src/server/db/unavailable'
import { freePort } from '../../src/server/fleet/fleet'

const dbError = (code: string, severity = 'ERROR') => {
  const e = new pg.DatabaseError('refused', 0, 'error')
  e.code = code
  e.severity = severity
  return e
}

describe('isDatabaseUnavailable', () => {
  it('is true for a connection refused by a server that is down, as node-postgres raises it', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: await freePort(),
      connectionTimeoutMillis: 2_000,
    })
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).not.toBeNull()
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('is true for a server shutting down, starting up or out of connections, and a lost connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001'])
      expect(isDatabaseUnavailable(dbError(code, 'FATAL')), code).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
  })

  it('looks through drizzle’s wrapper and a failed connect’s AggregateError', () => {
    const wrapped = new Error('Failed query: select 1', { cause: dbError('57P01', 'FATAL') })
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
    const refused = Object.assign(
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]),
      {},
    )
    expect(isDatabaseUnavailable(refused)).toBe(true)
  })

  it('is false for a statement the database refused, and for any other error', () => {
    for (const code of ['23505', 'P0001', '40001', '22P02'])
      expect(isDatabaseUnavailable(dbError(code)), code).toBe(false)
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: dbError('23505') }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
