import { and, asc, eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accessTokens, auditLog, outbox, users } from '../../src/server/db/schema'
import { signUp as signUpService } from '../../src/server/services/sign-up'
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
        signUpLimits: {
          perEmail: { max: 3, windowSeconds: 3600 },
          perAddress: { max: 4, windowSeconds: 3600 },
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

  /** The e-mails the offline mailer delivered to `to` (the outbox), oldest first. */
  const mailsTo = (to: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, to)))
      .orderBy(asc(outbox.createdAt))
  const signUp = (email: string, password = 'long-enough-1', from = '10.9.0.1', language = 'en-US') =>
    inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: from,
      headers: { 'accept-language': language },
      payload: { email, password, displayName: 'Nouvelle Boutique' },
    })
  const confirm = (token: string) => inject({ method: 'POST', url: '/api/users/confirm', payload: { token } })
  const linkIn = (body: string) => decodeURIComponent(/\/register\/confirm\?token=(\S+)/.exec(body)![1]!)

  it('answers a new and a known e-mail alike; only the new one gets a link, the known one a notice', async () => {
    const fresh = await signUp('new.shop@example.fr', 'long-enough-1', '10.9.0.2')
    const known = await signUp('Owner@Demo.test', 'long-enough-1', '10.9.0.2')
    expect([fresh.statusCode, known.statusCode]).toEqual([202, 202])
    expect(fresh.body).toBe(known.body)
    expect(fresh.json()).toEqual({ status: 'confirmation_sent' })
    // No account before the link is followed.
    expect(await t.database.db.select().from(users).where(eq(users.email, 'new.shop@example.fr'))).toEqual([])

    const [link] = await mailsTo('new.shop@example.fr')
    expect(link!.subject).toMatch(/Confirm your e-mail address/)
    const [notice] = await mailsTo('owner@demo.test')
    expect(notice!.subject).toMatch(/Someone tried to sign up with your address/)
    expect(notice!.body).toContain('/pages/auth/forgot-password')
    expect(notice!.body).not.toMatch(/register\/confirm/)
    // The stranger's text (the form's name) is in neither mail.
    expect(`${link!.body}${notice!.body}`).not.toContain('Nouvelle Boutique')
    // Each in one language, the browser's (issue 35 §2): en-US reads English only.
    expect(link!.body).not.toMatch(/Bonjour/)

    // The link creates the account, signed in as a franchise owner who has not accepted the terms.
    const token = linkIn(link!.body)
    const res = await confirm(token)
    expect(res.statusCode).toBe(200)
    const info = await inject({
      method: 'GET',
      url: `/api/v2/users/${res.json().userId}/info`,
      headers: bearer(res.json().id),
    })
    expect(info.json()).toMatchObject({
      email: 'new.shop@example.fr',
      displayName: 'Nouvelle Boutique',
      role: 'FRANCHISE_OWNER',
      hasAcceptedCGV: false,
      isSubscribedRetailer: false,
    })
    await loginAs(t.app, 'new.shop@example.fr', 'long-enough-1')
    // One-time.
    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'SIGN_UP_LINK_INVALID', details: { field: 'token' } })
  })

  /** The sign-up service with a hash that counts its calls (the argon2 work a request costs). */
  const counted = () => {
    const calls: string[] = []
    const hash = async (password: string) => {
      calls.push(password)
      return 'not-a-real-hash'
    }
    const run = (email: string, address: string) =>
      signUpService(
        t.database.db,
        t.app.adapters.mail,
        { email, password: 'long-enough-1', displayName: 'X' },
        {
          address,
          publicUrl: 'http://x',
          locale: 'en',
          limits: { perEmail: { max: 3, windowSeconds: 3600 }, perAddress: { max: 4, windowSeconds: 3600 } },
          hash,
        },
      )
    return { calls, run }
  }

  it('mails a French browser in French only (SPEC §9: French unless en-US)', async () => {
    expect(
      (await signUp('boutique.fr@example.fr', 'long-enough-1', '10.9.0.3', 'fr-FR,fr;q=0.9')).statusCode,
    ).toBe(202)
    const [link] = await mailsTo('boutique.fr@example.fr')
    expect(link!.subject).toBe('Confirmez votre adresse e-mail')
    expect(link!.body).toMatch(
      /^Bonjour,\n\nPour créer votre compte, ouvrez ce lien dans les 24 heures :\nhttp\S+\/register\/confirm\?token=/,
    )
    expect(link!.body).not.toMatch(/Hello/)
  })
  it('hashes the password on both paths, so the known e-mail takes no less time', async () => {
    const { calls, run } = counted()
    await run('timing.new@example.fr', '10.9.0.3')
    await run('bagels@demo.test', '10.9.0.3')
    expect(calls).toHaveLength(2)
  })

  it('refuses an expired link (24 hours) and a link for an address that got its account meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      await signUp('late@example.fr', 'long-enough-1', '10.9.0.4')
      const late = linkIn((await mailsTo('late@example.fr'))[0]!.body)
      vi.setSystemTime(Date.now() + 24 * 3600_000 + 1000)
      expect((await confirm(late)).json().code).toBe('SIGN_UP_LINK_INVALID')
    } finally {
      vi.useRealTimers()
    }
    await signUp('twice@example.fr', 'long-enough-1', '10.9.0.4')
    await signUp('twice@example.fr', 'other-password-2', '10.9.0.4')
    const [first, second] = await mailsTo('twice@example.fr')
    expect((await confirm(linkIn(first!.body))).statusCode).toBe(200)
    expect((await confirm(linkIn(second!.body))).json().code).toBe('SIGN_UP_LINK_INVALID')
    await loginAs(t.app, 'twice@example.fr', 'long-enough-1')
  })

  it('limits sign-ups per address before hashing, with the login limit’s 429', async () => {
    for (let i = 0; i < 4; i++)
      expect((await signUp(`flood${i}@example.fr`, 'long-enough-1', '10.9.0.5')).statusCode).toBe(202)
    const limited = await signUp('flood-last@example.fr', 'long-enough-1', '10.9.0.5')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfter: expect.any(Number) },
    })
    expect(await mailsTo('flood-last@example.fr')).toEqual([])
    // Past the limit, no argon2 work at all.
    const { calls, run } = counted()
    await expect(run('flood-again@example.fr', '10.9.0.5')).rejects.toMatchObject({ statusCode: 429 })
    expect(calls).toEqual([])
    // Another address is not held back.
    expect((await signUp('elsewhere@example.fr', 'long-enough-1', '10.9.0.6')).statusCode).toBe(202)
  })

  it('lets staff, and only staff, read the platform mail an address was sent (offline adapter)', async () => {
    await signUp('lost.mail@example.fr', 'long-enough-1', '10.9.0.7')
    const url = '/api/v2/admin/mail?recipient=Lost.Mail@example.fr'
    const admin = await loginAs(t.app, 'admin@demo.test')
    const res = await inject({ method: 'GET', url, headers: bearer(admin) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      expect.objectContaining({
        recipient: 'lost.mail@example.fr',
        subject: expect.stringMatching(/Confirm/),
      }),
    ])
    const owner = await loginAs(t.app, 'owner@demo.test')
    expect((await inject({ method: 'GET', url, headers: bearer(owner) })).statusCode).toBe(403)
  })

  it('answers bad sign-up input with 400 naming the field', async () => {
    const bad = await inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'not-an-email', password: 'long-enough-1', displayName: 'X' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('email')
  })

  it('names an over-long path parameter', async () => {
    const long = 'x'.repeat(5000)
    const one = await inject({ method: 'GET', url: `/api/users/${long}/exists` })
    expect(one.statusCode).toBe(400)
    expect(one.json()).toMatchObject({ details: { field: 'id', in: 'params' } })
    const second = await inject({
      method: 'GET',
      url: `/api/v2/franchises/00000000-0000-4000-8000-000000000000/clients/${long}/personal-data?format=json`,
    })
    expect(second.statusCode).toBe(400)
    expect(second.json()).toMatchObject({ details: { field: 'id', in: 'params' } })
    const first = await inject({
      method: 'GET',
      url: `/api/v2/franchises/${long}/clients/00000000-0000-4000-8000-000000000000/personal-data`,
    })
    expect(first.json()).toMatchObject({ details: { field: 'fid', in: 'params' } })
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
