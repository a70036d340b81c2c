// The first staff account of a deployment without demo data (npm run staff:add, issue 35 §6): created
// without a password, its link sets one and signs in as staff; a second run gives a new link; a
// merchant's address is refused. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/server/db/schema'
import { addStaff } from '../../src/server/services/staff-accounts'
import { bearer, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('staff:add on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
  }, 120_000)
  afterAll(() => t?.close())

  const tokenOf = (link: string) => decodeURIComponent(/token=([^&\s]+)/.exec(link)![1]!)
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } })

  it('creates a staff account whose one-use link sets the password and signs in as staff', async () => {
    const staff = await addStaff(
      t.database.db,
      { email: ' Ops@Example.COM ', role: 'LB_TECH', displayName: 'Ops' },
      'https://loyalty.example.com',
    )
    expect(staff).toMatchObject({ email: 'ops@example.com', role: 'LB_TECH', created: true })
    expect(staff.link).toMatch(/^https:\/\/loyalty\.example\.com\/pages\/auth\/reset-password\?token=/)
    // No password until the link is used.
    expect((await login('ops@example.com', '')).statusCode).not.toBe(200)
    const reset = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { token, password: 'a-long-staff-password-1' },
      })
    expect((await reset(tokenOf(staff.link))).statusCode).toBe(204)
    expect((await reset(tokenOf(staff.link))).statusCode).toBe(400)
    const signedIn = await login('ops@example.com', 'a-long-staff-password-1')
    expect(signedIn.statusCode).toBe(200)
    const merchants = await t.app.inject({
      method: 'GET',
      url: '/api/v2/users/merchants',
      headers: bearer(signedIn.json().id),
    })
    expect(merchants.statusCode).toBe(200)
  })

  it('gives an existing staff account a new link, and refuses a merchant’s address or a non-address', async () => {
    const again = await addStaff(
      t.database.db,
      { email: 'ops@example.com', role: 'LB_SALE' },
      'https://x.test',
    )
    expect(again).toMatchObject({ created: false, role: 'LB_TECH' })
    await expect(
      addStaff(t.database.db, { email: 'owner@demo.test', role: 'LB_SALE' }, 'https://x.test'),
    ).rejects.toThrow(/FRANCHISE_OWNER account, not staff/)
    await expect(
      addStaff(t.database.db, { email: 'nobody', role: 'LB_SALE' }, 'https://x.test'),
    ).rejects.toThrow(/not an e-mail address/)
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@demo.test'))
    expect(owner!.role).toBe('FRANCHISE_OWNER')
  })
})
