// Issue 16 #3: a failing database statement logged its parameters (argon2 hashes, e-mails, phones).
// Log lines carry the error's SQLSTATE code, the statement's name and the request id, never values;
// request URLs are logged without their query.
import { describe, expect, it } from 'vitest'
import { users } from '../../src/server/db/schema'
import { logPath, scrubText, serializeError, statementName } from '../../src/server/logging'
import { allow, withRouteContract } from '../../src/server/plugins/route-contract'
import { hashPassword } from '../../src/server/services/passwords'
import { bearer, loginAs, startTestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const PHONE = '+33612345678'

describe('log helpers', () => {
  it('names a statement by its verb and first table, and logs paths without queries', () => {
    expect(statementName('insert into "users" ("id", "email") values ($1, $2)')).toBe('insert users')
    expect(statementName('select "id" from "clients" where "phone" = $1')).toBe('select clients')
    expect(statementName('update "client_balances" set "points" = $1')).toBe('update client_balances')
    expect(statementName('select ledger_move($1::jsonb)')).toBe('select ledger_move')
    expect(logPath('/api/v2/franchises/clients?search=jean%40x.fr&token=abc')).toBe(
      '/api/v2/franchises/clients',
    )
    // A short link's code is a customer's key to a coupon.
    expect(logPath('/r/Ab3_x-Yz09Qw')).toBe('/r/[REDACTED]')
    expect(logPath('/coupon/Ab3_x-Yz09Qw?x=1')).toBe('/coupon/[REDACTED]')
    expect(logPath('/api/public/campaign-links/Ab3_x-Yz09Qw/coupon')).toBe(
      '/api/public/campaign-links/[REDACTED]/coupon',
    )
  })

  it('blanks values that look like secrets or personal data in free text', () => {
    const text = scrubText(
      'failed for jean.dupont@example.fr (+33 6 12 34 56 78) with $argon2id$v=19$m=19456,t=2,p=1$abc$def at /x?phone=1',
    )
    expect(text).not.toMatch(/jean|argon2|12 34|phone=/)
  })

  it('keeps a plain error readable', () => {
    const out = serializeError(new Error('store closed')) as Record<string, unknown>
    expect(out).toMatchObject({ type: 'Error', message: 'store closed' })
  })
})

describe.each(databaseKinds())('database errors in the log (%s)', (kind) => {
  it('issue 16 #3: a failing statement logs its code, name and request id, and no hash, e-mail or phone', async () => {
    const hash = await hashPassword('not-the-demo-password')
    const t = await startTestApp(kind, {
      seed: true,
      extend: (app) =>
        app.register(
          withRouteContract(async (api) => {
            // A duplicate e-mail: the unique index refuses the row, with every value in the statement.
            api.post('/api/test/duplicate-user', allow('public'), async () => {
              await app.database.db.insert(users).values({
                email: 'owner@demo.test',
                passwordHash: hash,
                role: 'FRANCHISE_OWNER',
                displayName: PHONE,
              })
              return { ok: true }
            })
          }),
        ),
    })
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/duplicate-user' })
      expect(res.statusCode).toBe(500)
      // The failing inputs of issue 16 #4 and searches by phone and e-mail, as an attacker would send them.
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'nul\u0000byte@example.test', password: 'demo-password' },
      })
      const token = await loginAs(t.app, 'owner@demo.test')
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/franchises/clients?search=${encodeURIComponent(PHONE)}&filter=a%00b`,
        headers: bearer(token),
      })
      await t.app.inject({
        method: 'GET',
        url: '/api/v2/franchises/clients?search=bagels%40demo.test',
        headers: bearer(token),
      })

      const logs = t.logs.join('\n')
      const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.err?.type === 'DatabaseError')
      expect(line).toBeDefined()
      expect(line.err).toMatchObject({
        code: '23505',
        statement: 'insert users',
        constraint: 'users_email_key',
      })
      expect(line.reqId).toEqual(expect.any(String))
      expect(logs).not.toContain('$argon2')
      expect(logs).not.toContain(hash)
      for (const value of ['owner@demo.test', 'bagels@demo.test', 'bagels%40demo.test', PHONE, '33612345678'])
        expect(logs).not.toContain(value)
      expect(logs).not.toContain('search=')
    } finally {
      await t.close()
    }
  })
})
