// Issue 7, the two missing pieces: POST /api/v2/franchises (a franchise for an existing merchant or
// without an owner yet) and POST /api/v2/franchise-owner for an existing franchise without an owner.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, franchises, outbox, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.each(databaseKinds())('franchises created by staff on %s', (kind) => {
  let t: TestApp
  let admin: string
  let tech: string
  let owner: string
  let storeOwner: string
  let adminId: string
  let dupont: string
  let bagelsOwner: string

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const franchisesNamed = (name: string) =>
    t.database.db.select().from(franchises).where(eq(franchises.name, name))
  const auditOf = (franchiseId: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.franchiseId, franchiseId))

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[admin, tech, owner, storeOwner] = (await Promise.all(
      ['admin@demo.test', 'tech@demo.test', 'owner@demo.test', 'store@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    adminId = (await call('GET', '/api/v2/users/me', admin)).json().id
    const db = t.database.db
    dupont = (await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont')))[0]!.id
    bagelsOwner = (await db.select().from(users).where(eq(users.email, 'bagels@demo.test')))[0]!.id
  }, 180_000)
  afterAll(async () => {
    await t?.close()
  })

  it('answers 403 to owners and store owners and 401 without a token; nothing is written', async () => {
    const requests: [string, object][] = [
      ['/api/v2/franchises', { title: 'Forbidden One', codeAlpha3: 'FRA' }],
      ['/api/v2/franchises', { title: 'Forbidden One', codeAlpha3: 'FRA', userId: bagelsOwner }],
      ['/api/v2/franchise-owner', { franchiseId: dupont, email: 'forbidden@example.test' }],
    ]
    for (const [url, body] of requests) {
      for (const token of [owner, storeOwner]) {
        const res = await call('POST', url, token, body)
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(403)
      }
      expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401)
    }
    expect(await franchisesNamed('Forbidden One')).toHaveLength(0)
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'forbidden@example.test')),
    ).toHaveLength(0)
  })

  it('creates a franchise without an owner: 201, country defaults, audited with the admin', async () => {
    const res = await call('POST', '/api/v2/franchises', admin, {
      title: '  Café Sans Maître ',
      codeAlpha3: 'CAN',
    })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      name: 'Café Sans Maître',
      codeAlpha3: 'CAN',
      currencyCode: 'CAD',
      userId: null,
    })
    const [row] = await t.database.db.select().from(franchises).where(eq(franchises.id, created.id))
    expect(row).toMatchObject({ userId: null, currencyCode: 'CAD', timezone: created.timezone })
    expect(row!.timezone).toMatch(/^America\//)
    const log = await auditOf(created.id)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ userId: adminId, impostorOf: null, action: 'POST /api/v2/franchises' })
    expect(log[0]!.details).toMatchObject({ statusCode: 201, title: 'Café Sans Maître', userId: null })
    // Its panel says it has no owner.
    const panel = (await call('GET', `/api/v2/franchises/${created.id}/panel`, admin)).json()
    expect(panel.owner).toBeNull()
    // Another staff role may create one too.
    expect(
      (await call('POST', '/api/v2/franchises', tech, { title: 'Tech Franchise', codeAlpha3: 'FRA' }))
        .statusCode,
    ).toBe(201)
  })

  it('adds a franchise to an existing merchant, who then owns both', async () => {
    const res = await call('POST', '/api/v2/franchises', admin, {
      title: 'Bagels Queens',
      codeAlpha3: 'USA',
      userId: bagelsOwner,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ name: 'Bagels Queens', currencyCode: 'USD', userId: bagelsOwner })
    const owned = await t.database.db.select().from(franchises).where(eq(franchises.userId, bagelsOwner))
    expect(owned.map((f) => f.name).sort()).toEqual(['Bagels Queens', 'Brooklyn Bagels'])
    // The merchant's row lists both, its first franchise still being the one its counts are about.
    const list = (await call('GET', '/api/v2/users/merchants?filter=bagels%40demo', admin)).json()
    expect(list.data[0].franchise.name).toBe('Brooklyn Bagels')
    expect(list.data[0].franchises.map((f: { name: string }) => f.name)).toEqual([
      'Brooklyn Bagels',
      'Bagels Queens',
    ])
    const log = await auditOf(res.json().id)
    expect(log[0]!.details).toMatchObject({ statusCode: 201, userId: bagelsOwner })
  })

  it('answers 404 MERCHANT_NOT_FOUND when userId is no merchant, and writes nothing', async () => {
    const storeOwnerId = (
      await t.database.db.select().from(users).where(eq(users.email, 'store@demo.test'))
    )[0]!.id
    for (const userId of [UNKNOWN, adminId, storeOwnerId]) {
      const res = await call('POST', '/api/v2/franchises', admin, {
        title: 'Nobody’s Franchise',
        codeAlpha3: 'FRA',
        userId,
      })
      expect(res.statusCode, userId).toBe(404)
      expect(res.json().code).toBe('MERCHANT_NOT_FOUND')
    }
    expect(await franchisesNamed('Nobody’s Franchise')).toHaveLength(0)
  })

  it('rejects bad input with a 400 naming the field, and writes nothing', async () => {
    for (const [body, field] of [
      [{ codeAlpha3: 'FRA' }, 'title'],
      [{ title: '   ', codeAlpha3: 'FRA' }, 'title'],
      [{ title: 'x'.repeat(101), codeAlpha3: 'FRA' }, 'title'],
      [{ title: 42, codeAlpha3: 'FRA' }, 'title'],
      [{ title: 'Bad Input Franchise' }, 'codeAlpha3'],
      [{ title: 'Bad Input Franchise', codeAlpha3: 'XXX' }, 'codeAlpha3'],
      // The fuzz's counterexample: a code naming an object property answered 500.
      [{ title: 'Bad Input Franchise', codeAlpha3: 'valueOf' }, 'codeAlpha3'],
      [{ title: 'Bad Input Franchise', codeAlpha3: 'FRA', userId: 'not-an-id' }, 'userId'],
      [{ title: 'Bad Input Franchise', codeAlpha3: 'FRA', storeId: UNKNOWN }, 'storeId'],
    ] as const) {
      const res = await call('POST', '/api/v2/franchises', admin, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().details.field, JSON.stringify(body)).toBe(field)
    }
    expect(await franchisesNamed('Bad Input Franchise')).toHaveLength(0)
  })

  it('creates the owner of a franchise that has none: invited by e-mail, shown in the panel, audited', async () => {
    const f = (
      await call('POST', '/api/v2/franchises', admin, { title: 'Owner Later', codeAlpha3: 'BEL' })
    ).json()
    const res = await call('POST', '/api/v2/franchise-owner', admin, {
      franchiseId: f.id,
      email: 'Later@Example.test',
      displayName: 'Laure Later',
    })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created.franchise).toMatchObject({ id: f.id, name: 'Owner Later', currencyCode: 'EUR' })
    expect(created.owner.email).toBe('later@example.test')
    // The same franchise (no second one), now owned.
    expect(await franchisesNamed('Owner Later')).toHaveLength(1)
    const [u] = await t.database.db.select().from(users).where(eq(users.id, created.owner.id))
    expect(u).toMatchObject({
      role: 'FRANCHISE_OWNER',
      displayName: 'Laure Later',
      isSubscribedRetailer: false,
    })
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'later@example.test'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toMatch(/reset-password\?token=/)
    expect(mails[0]!.body).toContain('Owner Later')
    const panel = (await call('GET', `/api/v2/franchises/${f.id}/panel`, admin)).json()
    expect(panel.owner).toMatchObject({ email: 'later@example.test', displayName: 'Laure Later' })
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.franchiseId, f.id), eq(auditLog.action, 'POST /api/v2/franchise-owner')))
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ userId: adminId })
    expect(log[0]!.details).toMatchObject({
      statusCode: 201,
      owner: 'later@example.test',
      newFranchise: false,
    })

    // A second owner for it: 409 FRANCHISE_HAS_OWNER, and no account is created.
    const again = await call('POST', '/api/v2/franchise-owner', admin, {
      franchiseId: f.id,
      email: 'second@example.test',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('FRANCHISE_HAS_OWNER')
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'second@example.test')),
    ).toHaveLength(0)
    // A franchise from the seed with its owner: the same.
    const dupontAgain = await call('POST', '/api/v2/franchise-owner', admin, {
      franchiseId: dupont,
      email: 'second@example.test',
    })
    expect(dupontAgain.statusCode).toBe(409)
    expect(dupontAgain.json().code).toBe('FRANCHISE_HAS_OWNER')
  })

  it('answers 404 for an unknown franchise and the existing 409 for a taken e-mail', async () => {
    const unknown = await call('POST', '/api/v2/franchise-owner', admin, {
      franchiseId: UNKNOWN,
      email: 'ghost@example.test',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('FRANCHISE_NOT_FOUND')
    const f = (
      await call('POST', '/api/v2/franchises', admin, { title: 'Taken Mail', codeAlpha3: 'FRA' })
    ).json()
    const taken = await call('POST', '/api/v2/franchise-owner', admin, {
      franchiseId: f.id,
      email: 'OWNER@demo.test',
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('OWNER_EMAIL_EXISTS')
    const [row] = await t.database.db.select().from(franchises).where(eq(franchises.id, f.id))
    expect(row!.userId).toBeNull()
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'ghost@example.test')),
    ).toHaveLength(0)
  })

  it('refuses a franchise together with a new title or country, naming franchiseId', async () => {
    const f = (
      await call('POST', '/api/v2/franchises', admin, { title: 'Both Given', codeAlpha3: 'FRA' })
    ).json()
    for (const [body, field] of [
      [
        { franchiseId: f.id, title: 'New Title', codeAlpha3: 'FRA', email: 'both@example.test' },
        'franchiseId',
      ],
      [{ franchiseId: f.id, title: 'New Title', email: 'both@example.test' }, 'franchiseId'],
      [{ franchiseId: f.id, codeAlpha3: 'FRA', email: 'both@example.test' }, 'franchiseId'],
      [{ franchiseId: 'nope', email: 'both@example.test' }, 'franchiseId'],
      [{ franchiseId: f.id, email: 'not-an-email' }, 'email'],
      [{ franchiseId: f.id }, 'email'],
      [{ title: 'New Title', email: 'both@example.test' }, 'codeAlpha3'],
      [{ email: 'both@example.test' }, 'title'],
    ] as const) {
      const res = await call('POST', '/api/v2/franchise-owner', admin, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().details.field, JSON.stringify(body)).toBe(field)
    }
    const both = await call('POST', '/api/v2/franchise-owner', admin, {
      franchiseId: f.id,
      title: 'New Title',
      codeAlpha3: 'FRA',
      email: 'both@example.test',
    })
    expect(both.json().message).toContain('a franchise and a new title cannot both be given')
    expect(await t.database.db.select().from(users).where(eq(users.email, 'both@example.test'))).toHaveLength(
      0,
    )
    expect(await franchisesNamed('New Title')).toHaveLength(0)
  })
})
