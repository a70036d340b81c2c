import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clients,
  franchiseFeatures,
  franchises,
  outbox,
  pointsTransactions,
  stores,
  users,
} from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.each(databaseKinds())('administration on %s', (kind) => {
  let t: TestApp
  let admin: string
  let owner: string
  let storeOwner: string
  let dupont: string
  let dupontOwner: string
  let dupontStore: string
  let bagels: string

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[admin, owner, storeOwner] = (await Promise.all(
      ['admin@demo.test', 'owner@demo.test', 'store@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    dupont = f!.id
    dupontOwner = f!.userId!
    dupontStore = (await db.select().from(stores).where(eq(stores.franchiseId, dupont)))[0]!.id
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagels = b!.id
  })
  afterAll(async () => {
    await t?.close()
  })

  // Every admin route, with a valid body, so that only the role decides.
  const routes = (): [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] => [
    ['GET', '/api/v2/users/merchants'],
    ['PATCH', `/api/v2/users/${dupontOwner}/activate-subscription`],
    ['PATCH', `/api/v2/users/${dupontOwner}/deactivate-subscription`],
    ['PATCH', `/api/v2/franchises/${dupont}/features`, { feature: 'GAME', isEnabled: true }],
    ['POST', '/api/v2/franchise-owner', { title: 'Nope', codeAlpha3: 'FRA', email: 'nope@example.test' }],
    ['GET', `/api/v2/franchises/${dupont}/panel`],
    ['GET', `/api/v2/franchises/${dupont}/audit-log`],
  ]

  it('answers 403 to owners and store owners on every admin route, and 401 without a token', async () => {
    for (const [method, url, body] of routes()) {
      for (const token of [owner, storeOwner]) {
        const res = await call(method, url, token, body)
        expect(res.statusCode, `${method} ${url}`).toBe(403)
      }
      const anon = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })
      expect(anon.statusCode).toBe(401)
    }
    // Nothing changed: the owner is still subscribed and no franchise "Nope" exists.
    const [u] = await t.database.db.select().from(users).where(eq(users.id, dupontOwner))
    expect(u!.isSubscribedRetailer).toBe(true)
    expect(await t.database.db.select().from(franchises).where(eq(franchises.name, 'Nope'))).toHaveLength(0)
  })

  it('closes admin routes to an admin acting as a merchant (the impostor token is the merchant’s)', async () => {
    const me = (await call('GET', '/api/v2/users/me', admin)).json()
    const enc = await call('POST', '/api/v2/token/encode', admin, { userId: dupontOwner, impostorId: me.id })
    expect(enc.statusCode).toBe(200)
    const res = await call('GET', '/api/v2/users/merchants', enc.json().id)
    expect(res.statusCode).toBe(403)
  })

  it('lists merchants with their franchise, stores, model and counts from grouped queries', async () => {
    const db = t.database.db
    const [c] = await db
      .insert(clients)
      .values({ franchiseId: dupont, firstName: 'Ada', lastName: 'Admin' })
      .returning()
    const now = Date.now()
    await db.insert(pointsTransactions).values([
      { franchiseId: dupont, clientId: c!.id, storeId: dupontStore, type: 'tag', points: 1 },
      { franchiseId: dupont, clientId: c!.id, storeId: dupontStore, type: 'sync', points: 2 },
      // Not a passage, and a passage older than 30 days: neither counts.
      { franchiseId: dupont, clientId: c!.id, storeId: dupontStore, type: 'credit', points: 5 },
      {
        franchiseId: dupont,
        clientId: c!.id,
        storeId: dupontStore,
        type: 'tag',
        points: 1,
        createdAt: new Date(now - 40 * 86_400_000),
      },
    ])
    const res = await call('GET', '/api/v2/users/merchants?filter=dupont&size=10', admin)
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page.metadata).toMatchObject({ page: 1, size: 10, total: 1 })
    const row = page.data[0]
    expect(row).toMatchObject({
      id: dupontOwner,
      email: 'owner@demo.test',
      isSubscribedRetailer: true,
      hasFullAccess: true,
      hasAcceptedCGV: true,
      franchise: { id: dupont, name: 'Maison Dupont', codeAlpha3: 'FRA', currencyCode: 'EUR' },
      passages30Days: 2,
    })
    expect(row.stores).toHaveLength(3)
    expect(row.clientCount).toBeGreaterThanOrEqual(1)
    // Search by e-mail and by franchise name; store owners and admins are no merchants.
    const byMail = (await call('GET', '/api/v2/users/merchants?filter=BAGELS%40demo', admin)).json()
    expect(byMail.data.map((r: { email: string }) => r.email)).toEqual(['bagels@demo.test'])
    const all = (await call('GET', '/api/v2/users/merchants?size=50', admin)).json()
    const emails = all.data.map((r: { email: string }) => r.email)
    expect(emails).toContain('owner@demo.test')
    expect(emails).not.toContain('store@demo.test')
    expect(emails).not.toContain('admin@demo.test')
    // A % in the search is a character, not a wildcard.
    expect((await call('GET', '/api/v2/users/merchants?filter=%25', admin)).json().metadata.total).toBe(0)
  })

  it('sorts and pages merchants', async () => {
    const asc = (await call('GET', '/api/v2/users/merchants?sort=email&sortOrder=asc&size=50', admin)).json()
    const emails = asc.data.map((r: { email: string }) => r.email)
    expect(emails).toEqual([...emails].sort())
    const first = (
      await call('GET', '/api/v2/users/merchants?sort=email&sortOrder=asc&size=10&page=1', admin)
    ).json()
    const second = (
      await call('GET', '/api/v2/users/merchants?sort=email&sortOrder=asc&size=10&page=2', admin)
    ).json()
    expect(first.metadata.total).toBe(asc.metadata.total)
    const ids = new Set(first.data.map((r: { id: string }) => r.id))
    for (const r of second.data) expect(ids.has(r.id)).toBe(false)
  })

  it('rejects bad list queries naming the field', async () => {
    for (const [q, field] of [
      ['sort=password', 'sort'],
      ['sortOrder=up', 'sortOrder'],
      ['page=0', 'page'],
      ['size=7', 'size'],
      ['page=abc', 'page'],
      [`filter=${'x'.repeat(101)}`, 'filter'],
    ] as const) {
      const res = await call('GET', `/api/v2/users/merchants?${q}`, admin)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
  })

  it('deactivates a subscription, effective at the merchant’s next request, then activates it again', async () => {
    const before = await call('GET', '/api/v2/franchises/owned', owner)
    expect(before.statusCode).toBe(200)
    const off = await call('PATCH', `/api/v2/users/${dupontOwner}/deactivate-subscription`, admin)
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ id: dupontOwner, isSubscribedRetailer: false, hasFullAccess: false })
    // Same token, next request: no role any more. The store owner of the franchise follows.
    expect((await call('GET', '/api/v2/franchises/owned', owner)).statusCode).toBe(403)
    expect((await call('GET', '/api/v2/stores/owned', storeOwner)).statusCode).toBe(403)
    // The subscription check still answers (the app sends the owner to the payment page).
    const check = await call('GET', '/api/v2/users/me', owner)
    expect(check.statusCode).toBe(200)
    const on = await call('PATCH', `/api/v2/users/${dupontOwner}/activate-subscription`, admin)
    expect(on.json()).toMatchObject({ isSubscribedRetailer: true, hasFullAccess: true })
    expect((await call('GET', '/api/v2/franchises/owned', owner)).statusCode).toBe(200)
    expect((await call('GET', '/api/v2/stores/owned', storeOwner)).statusCode).toBe(200)
  })

  it('answers 404 for unknown or non-merchant users and 400 for malformed ids', async () => {
    const adminId = (await call('GET', '/api/v2/users/me', admin)).json().id
    for (const id of [UNKNOWN, adminId]) {
      const res = await call('PATCH', `/api/v2/users/${id}/activate-subscription`, admin)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('MERCHANT_NOT_FOUND')
    }
    const bad = await call('PATCH', '/api/v2/users/not-an-id/deactivate-subscription', admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('id')
    for (const url of [`/api/v2/franchises/${UNKNOWN}/panel`, `/api/v2/franchises/${UNKNOWN}/audit-log`]) {
      const res = await call('GET', url, admin)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('FRANCHISE_NOT_FOUND')
    }
    const feat = await call('PATCH', `/api/v2/franchises/${UNKNOWN}/features`, admin, {
      feature: 'GAME',
      isEnabled: true,
    })
    expect(feat.statusCode).toBe(404)
  })

  it('toggles a franchise feature, which the merchant sees at its next load', async () => {
    const on = await call('PATCH', `/api/v2/franchises/${bagels}/features`, admin, {
      feature: 'GAME',
      isEnabled: true,
    })
    expect(on.statusCode).toBe(200)
    expect(on.json().features).toContain('GAME')
    const bagelsToken = await loginAs(t.app, 'bagels@demo.test')
    const owned = (await call('GET', '/api/v2/franchises/owned', bagelsToken)).json()
    expect(owned[0].features).toContain('GAME')
    const off = await call('PATCH', `/api/v2/franchises/${bagels}/features`, admin, {
      feature: 'GAME',
      isEnabled: false,
    })
    expect(off.json().features).not.toContain('GAME')
    const rows = await t.database.db
      .select()
      .from(franchiseFeatures)
      .where(and(eq(franchiseFeatures.franchiseId, bagels), eq(franchiseFeatures.feature, 'GAME')))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.isEnabled).toBe(false)
    for (const [body, field] of [
      [{ feature: 'TELEPORT', isEnabled: true }, 'feature'],
      [{ feature: 'GAME', isEnabled: 'yes' }, 'isEnabled'],
      [{ feature: 'GAME' }, 'isEnabled'],
    ] as const) {
      const res = await call('PATCH', `/api/v2/franchises/${bagels}/features`, admin, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
  })

  it('creates a franchise with its owner, who is invited to choose a password', async () => {
    const res = await call('POST', '/api/v2/franchise-owner', admin, {
      title: '  Café Lumière ',
      codeAlpha3: 'CHE',
      email: 'Lumiere@Example.test',
    })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created.franchise).toMatchObject({ name: 'Café Lumière', codeAlpha3: 'CHE', currencyCode: 'CHF' })
    expect(created.owner.email).toBe('lumiere@example.test')
    const [f] = await t.database.db.select().from(franchises).where(eq(franchises.id, created.franchise.id))
    expect(f).toMatchObject({ timezone: 'Europe/Zurich', userId: created.owner.id })
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'lumiere@example.test'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toMatch(/reset-password\?token=/)
    // The new merchant shows in the list; the same e-mail again is a 409 and creates nothing.
    const list = (await call('GET', '/api/v2/users/merchants?filter=lumi%C3%A8re', admin)).json()
    expect(list.data[0]).toMatchObject({
      email: 'lumiere@example.test',
      isSubscribedRetailer: false,
      stores: [],
    })
    const again = await call('POST', '/api/v2/franchise-owner', admin, {
      title: 'Other',
      codeAlpha3: 'FRA',
      email: 'lumiere@example.test',
    })
    expect(again.statusCode).toBe(409)
    expect(await t.database.db.select().from(franchises).where(eq(franchises.name, 'Other'))).toHaveLength(0)
  })

  it('rejects a franchise without a title or with an unknown country, naming the field', async () => {
    for (const [body, field] of [
      [{ title: '   ', codeAlpha3: 'FRA', email: 'a@example.test' }, 'title'],
      [{ codeAlpha3: 'FRA', email: 'a@example.test' }, 'title'],
      [{ title: 'X', codeAlpha3: 'XXX', email: 'a@example.test' }, 'codeAlpha3'],
      [{ title: 'X', codeAlpha3: 'FRA', email: 'not-an-email' }, 'email'],
      [{ title: 'X', codeAlpha3: 'FRA', email: 'a@example.test', storeId: dupontStore }, 'storeId'],
    ] as const) {
      const res = await call('POST', '/api/v2/franchise-owner', admin, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, 'a@example.test'))).toHaveLength(0)
  })

  it('reads the franchise panel', async () => {
    const res = await call('GET', `/api/v2/franchises/${dupont}/panel`, admin)
    expect(res.statusCode).toBe(200)
    const panel = res.json()
    expect(panel.franchise).toMatchObject({ id: dupont, name: 'Maison Dupont', currencyCode: 'EUR' })
    expect(panel.owner).toMatchObject({ email: 'owner@demo.test' })
    expect(panel.stores).toHaveLength(3)
    expect(panel.stores[0].settings).toHaveProperty('hasScannerEnabled')
    expect(panel.passages30Days).toBe(2)
  })

  it('shows writes made while acting as a merchant in the audit log, newest first, with the admin', async () => {
    // Staff changes made earlier in this file are in the logs too: Dupont's subscription, Bagels' features.
    const before = (await call('GET', `/api/v2/franchises/${dupont}/audit-log?size=100`, admin)).json()
    const staff = (e: { actorEmail: string; adminEmail: string | null }) =>
      e.actorEmail === 'admin@demo.test' && e.adminEmail === null
    expect(before.data.length).toBeGreaterThan(0)
    expect(before.data.every(staff)).toBe(true)
    expect(before.data.map((e: { action: string }) => e.action)).toContain(
      'PATCH /api/v2/users/:id/deactivate-subscription',
    )
    const bagelsLog = (await call('GET', `/api/v2/franchises/${bagels}/audit-log?size=100`, admin)).json()
    expect(bagelsLog.data.map((e: { action: string }) => e.action)).toContain(
      'PATCH /api/v2/franchises/:id/features',
    )
    const me = (await call('GET', '/api/v2/users/me', admin)).json()
    const enc = await call('POST', '/api/v2/token/encode', admin, { userId: dupontOwner, impostorId: me.id })
    const impostor = enc.json().id as string
    for (const hasScannerEnabled of [true, false]) {
      const res = await call('PATCH', `/api/v2/stores/${dupontStore}/settings`, impostor, {
        hasScannerEnabled,
      })
      expect(res.statusCode).toBe(200)
    }
    // The owner's own writes are not acting-as: they are not in this log.
    await call('PATCH', `/api/v2/stores/${dupontStore}/settings`, owner, { hasScannerEnabled: false })
    const log = (await call('GET', `/api/v2/franchises/${dupont}/audit-log?size=1`, admin)).json()
    expect(log.metadata).toMatchObject({ page: 1, size: 1, total: before.metadata.total + 2 })
    expect(log.data[0]).toMatchObject({
      action: 'PATCH /api/v2/stores/:id/settings',
      actorEmail: 'owner@demo.test',
      adminEmail: 'admin@demo.test',
      statusCode: 200,
    })
    expect(log.data[0].target).not.toMatch(/access_token/)
    const page2 = (await call('GET', `/api/v2/franchises/${dupont}/audit-log?size=1&page=2`, admin)).json()
    expect(page2.data).toHaveLength(1)
    expect(page2.data[0].id).not.toBe(log.data[0].id)
    const bad = await call('GET', `/api/v2/franchises/${dupont}/audit-log?size=0`, admin)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('size')
    // Another franchise's log does not show these.
    const bagelsAfter = (await call('GET', `/api/v2/franchises/${bagels}/audit-log?size=100`, admin)).json()
    expect(bagelsAfter.metadata.total).toBe(bagelsLog.metadata.total)
  })
})
