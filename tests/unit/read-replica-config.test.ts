// DATABASE_READ_URL's settings (issue 37 §2) and the WAL positions the read replica compares; the replica
// itself is tested against a real one (tests/server/replica.test.ts).
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { parseLsn } from '../../src/server/db/replica'

describe('read replica settings', () => {
  it('reads DATABASE_READ_URL and its lag bound, and refuses a replica without a PostgreSQL primary', () => {
    expect(loadConfig({}).databaseReadUrl).toBeUndefined()
    expect(loadConfig({}).databaseReadMaxLagMs).toBe(2_000)
    const c = loadConfig({
      DATABASE_URL: 'postgres://p/db',
      DATABASE_READ_URL: 'postgres://r/db',
      DATABASE_READ_MAX_LAG_MS: '500',
    })
    expect([c.databaseReadUrl, c.databaseReadMaxLagMs]).toEqual(['postgres://r/db', 500])
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r/db' })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    )
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_MS: '0' })).toThrow(/DATABASE_READ_MAX_LAG_MS/)
  })

  it('orders WAL positions by both halves, and takes nothing else for one', () => {
    expect(parseLsn('0/3016060')).toBe(0x3016060n)
    expect(parseLsn('16/B374D848')! > parseLsn('15/FFFFFFFF')!).toBe(true)
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true)
    for (const bad of ['', '3016060', '0/3016060; Path=/', 'x/1', '123456789/0', undefined, null])
      expect(parseLsn(bad)).toBeNull()
  })
})
