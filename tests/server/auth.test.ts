import { and, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokens, auditLog, outbox, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('authentication on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: {
        loginLimits: {
          perEmail: { max: 5, windowSeconds: 900 },
          perAddress: { max: 40, windowSeconds: 900 },
        },
      },
    })
  })
  afterAll(() => t.close())
  const inject = (opts: InjectOptions) => t.app.inject(opts)

  it('signs in with the right password and answers the §7 shape', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'Owner@Demo.test', password: 'demo-password' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      id: expect.any(String),
      userId: expect.any(String),
      ttl: expect.any(Number),
      created: expect.any(String),
    })
    expect(body.id.length).toBeGreaterThanOrEqual(43) // 256 random bits, base64url
    // Only the hash is stored.
    const rows = await t.database.db.select().from(accessTokens).where(eq(accessTokens.userId, body.userId))
    expect(rows.some((r) => r.tokenHash === body.id)).toBe(false)
  })

  it('refuses a wrong password with 401 LOGIN_FAILED, and an unknown e-mail alike', async () => {
    const wrong = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'bagels@demo.test', password: 'nope-nope' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_FAILED' })
    const unknown = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ghost@demo.test', password: 'nope-nope' },
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().message).toBe(wrong.json().message)
  })

  it('answers bad input with 400 naming the field', async () => {
    const short = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@b', password: 'xx' },
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().details.field).toBe('email')
    const noPassword = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'owner@demo.test' },
    })
    expect(noPassword.json().details.field).toBe('password')
  })

  it('rate-limits failed attempts per e-mail with a clear 429', async () => {
    const attempt = () =>
      inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'tech@demo.test', password: 'wrong-one' },
      })
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401)
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfter: expect.any(Number) },
    })
    // Even the right password waits for the window.
    const right = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'tech@demo.test', password: 'demo-password' },
    })
    expect(right.statusCode).toBe(429)
  })

  it('accepts the token as a bearer header, access_token and token query parameters', async () => {
    const token = await loginAs(t.app, 'owner@demo.test')
    for (const req of [
      { url: '/api/v2/users/me', headers: bearer(token) },
      { url: `/api/v2/users/me?access_token=${token}` },
      { url: `/api/v2/users/me?token=${token}` },
    ]) {
      const res = await inject({ method: 'GET', ...req })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ email: 'owner@demo.test', acl: { role: 'FRANCHISE_OWNER' } })
    }
  })

  it('answers 401 without a token and for an unknown, expired or revoked one', async () => {
    expect((await inject({ method: 'GET', url: '/api/v2/users/me' })).statusCode).toBe(401)
    expect(
      (await inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer('made-up-token') })).json(),
    ).toMatchObject({
      statusCode: 401,
      message: 'Invalid access_token',
    })

    const expired = await loginAs(t.app, 'store@demo.test')
    const [store] = await t.database.db.select().from(users).where(eq(users.email, 'store@demo.test'))
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.userId, store!.id))
    expect(
      (await inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(expired) })).statusCode,
    ).toBe(401)

    const revoked = await loginAs(t.app, 'bagels@demo.test')
    expect(
      (await inject({ method: 'POST', url: '/api/users/logout', headers: bearer(revoked) })).statusCode,
    ).toBe(204)
    expect(
      (await inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(revoked) })).statusCode,
    ).toBe(401)
  })

  it('signs a new account up as REGISTERED-to-be (terms not accepted) and refuses a taken e-mail', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'new.shop@example.fr', password: 'long-enough-1', displayName: 'Nouvelle Boutique' },
    })
    expect(res.statusCode).toBe(201)
    const info = await inject({
      method: 'GET',
      url: `/api/v2/users/${res.json().userId}/info`,
      headers: bearer(res.json().id),
    })
    expect(info.json()).toMatchObject({
      role: 'FRANCHISE_OWNER',
      hasAcceptedCGV: false,
      isSubscribedRetailer: false,
    })
    const again = await inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'NEW.shop@example.fr', password: 'long-enough-1', displayName: 'X' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('EMAIL_ALREADY_USED')
    const bad = await inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'not-an-email', password: 'long-enough-1', displayName: 'X' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('email')
  })

  it('resets a password through a one-use e-mailed link, revoking old tokens', async () => {
    const before = await loginAs(t.app, 'unpaid@demo.test')
    const known = await inject({
      method: 'POST',
      url: '/request-password-reset',
      payload: { email: 'unpaid@demo.test' },
    })
    const unknown = await inject({
      method: 'POST',
      url: '/request-password-reset',
      payload: { email: 'nobody@demo.test' },
    })
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202])
    expect(known.body).toBe(unknown.body)

    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'unpaid@demo.test')))
    expect(mails).toHaveLength(1)
    const link = /https?:\/\/\S+reset-password\?token=(\S+)/.exec(mails[0]!.body)
    expect(link).not.toBeNull()
    const token = decodeURIComponent(link![1]!)

    const tooShort = await inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'short' },
    })
    expect(tooShort.json().details.field).toBe('password')
    const ok = await inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'a-brand-new-password' },
    })
    expect(ok.statusCode).toBe(204)
    const reused = await inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'another-new-password' },
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().code).toBe('RESET_LINK_INVALID')

    expect(
      (await inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(before) })).statusCode,
    ).toBe(401)
    await loginAs(t.app, 'unpaid@demo.test', 'a-brand-new-password')
  })

  it('lets only an administrator act as a merchant, and records the writes made that way', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test')
    const admin = await loginAs(t.app, 'admin@demo.test')
    const me = (tok: string) =>
      inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(tok) }).then((r) => r.json())
    const ownerMe = await me(owner)
    const adminMe = await me(admin)

    const refused = await inject({
      method: 'POST',
      url: '/api/v2/token/encode',
      headers: bearer(owner),
      payload: { userId: ownerMe.id, impostorId: ownerMe.id },
    })
    expect(refused.statusCode).toBe(403)

    const res = await inject({
      method: 'POST',
      url: '/api/v2/token/encode',
      headers: bearer(admin),
      payload: { userId: ownerMe.id, impostorId: adminMe.id },
    })
    expect(res.statusCode).toBe(200)
    const acting = res.json().id
    expect(await me(acting)).toMatchObject({ id: ownerMe.id, impostorOf: adminMe.id })

    // An impostor token cannot create another one.
    const chained = await inject({
      method: 'POST',
      url: '/api/v2/token/encode',
      headers: bearer(acting),
      payload: { userId: ownerMe.id, impostorId: adminMe.id },
    })
    expect(chained.statusCode).toBe(403)

    const write = await inject({
      method: 'PATCH',
      url: `/api/v2/users/${ownerMe.id}/info`,
      headers: bearer(acting),
      payload: { settings: { theme: 'dark' } },
    })
    expect(write.statusCode).toBe(200)
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.impostorOf, adminMe.id))
    expect(entries.map((e) => e.action)).toContain('PATCH /api/v2/users/:id/info')
    expect(entries.every((e) => e.userId === ownerMe.id && e.franchiseId)).toBe(true)

    const unknown = await inject({
      method: 'POST',
      url: '/api/v2/token/encode',
      headers: bearer(admin),
      payload: { userId: '00000000-0000-4000-8000-000000000000', impostorId: adminMe.id },
    })
    expect(unknown.statusCode).toBe(404)
  })
})
