import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, franchises, stores, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const week = (mon: { open: string; close: string }[]) => ({
  hours: { mon, tue: [{ open: '09:00', close: '18:00' }], wed: [], thu: [], fri: [], sat: [], sun: [] },
})

describe.each(databaseKinds())('stores on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let admin: string
  let fid: string
  let paris: string
  let lyon: string
  let bagelsStore: string
  let bagelsFid: string
  let ownerId: string
  let category: string

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  const call = (method: Method, url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels, admin] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test', 'admin@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    ownerId = f!.userId!
    const s = await db.select().from(stores).where(eq(stores.franchiseId, fid))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    lyon = s.find((x) => x.name.includes('Lyon'))!.id
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsFid = b!.id
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, bagelsFid)))[0]!.id
    category = (await db.select().from(categories))[0]!.id
  })
  afterAll(() => t.close())

  it('creates a store with the franchise currency, a normalised phone and opening hours', async () => {
    const res = await call('POST', '/api/v2/stores', {
      name: 'Maison Dupont — Lille',
      phone: '03 20 12 34 56',
      email: 'lille@dupont.test',
      website: 'https://dupont.test/lille',
      categoryId: category,
      location: { lat: 50.63, lng: 3.06 },
      storeAddress: { line1: '1 rue Nationale', city: 'Lille', postcode: '59000' },
      storeOpeningHours: week([
        { open: '14:00', close: '19:00' },
        { open: '08:00', close: '12:00' },
      ]),
    })
    expect(res.statusCode).toBe(201)
    const s = res.json()
    expect(s).toMatchObject({
      franchiseId: fid,
      currencyCode: 'EUR',
      phone: '+33320123456',
      location: { lat: 50.63, lng: 3.06 },
      storeAddress: { city: 'Lille', postcode: '59000' },
      settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false },
    })
    // Ranges are stored sorted by opening time.
    expect(s.storeOpeningHours.hours.mon).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '14:00', close: '19:00' },
    ])
    const got = await call('GET', `/api/Stores/${s.id}`)
    expect(got.json()).toEqual(s)
    const owned = (await call('GET', '/api/v2/stores/owned')).json() as { id: string }[]
    expect(owned.map((x) => x.id)).toContain(s.id)
  })

  it('defaults to 08:00–18:00 every day when no hours are sent', async () => {
    const s = (await call('POST', '/api/v2/stores', { name: 'Default hours' })).json()
    expect(s.storeOpeningHours.hours.sun).toEqual([{ open: '08:00', close: '18:00' }])
  })

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ name: 'A', website: 'ftp://x.test' }, 'website'],
    [{ name: 'A', googleReviewLink: 'g.page/x' }, 'googleReviewLink'],
    [{ name: 'A', email: 'nope' }, 'email'],
    [{ name: 'A', phone: '12' }, 'phone'],
    [{ name: 'A', categoryId: '00000000-0000-4000-8000-000000000000' }, 'categoryId'],
    [{ name: 'A', currencyCode: 'GBP' }, 'currencyCode'],
    [{ name: 'A', location: { lat: 91, lng: 0 } }, 'location.lat'],
    [{ name: 'A', location: { lat: 0, lng: -181 } }, 'location.lng'],
    [{ name: 'A', storeOpeningHours: week([{ open: '18:00', close: '08:00' }]) }, 'storeOpeningHours.hours'],
  ])('rejects bad input %j naming %s', async (body, field) => {
    const res = await call('POST', '/api/v2/stores', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().details.field).toBe(field)
  })

  // Issue 34: a store in France priced in Swiss francs was accepted.
  it('refuses a currency that contradicts the franchise’s country, naming currencyCode', async () => {
    const post = await call('POST', '/api/v2/stores', { name: 'Genève?', currencyCode: 'CHF' })
    expect(post.statusCode).toBe(400)
    expect(post.json().details).toMatchObject({ field: 'currencyCode', in: 'body' })
    expect(post.json().message).toContain('EUR')
    const put = await call('PUT', `/api/v2/stores/${paris}`, { name: 'Paris Marais', currencyCode: 'USD' })
    expect(put.statusCode).toBe(400)
    expect(put.json().details.field).toBe('currencyCode')
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, paris))
    expect(row!.currencyCode).toBe('EUR')
    // Without a currency a store gets its country's; in the United States, euros are refused.
    const fr = await call('POST', '/api/v2/stores', { name: 'Maison Dupont — Nantes' })
    expect([fr.statusCode, fr.json().currencyCode]).toEqual([201, 'EUR'])
    const us = await call(
      'PUT',
      `/api/v2/stores/${bagelsStore}`,
      { name: 'Bagels', currencyCode: 'EUR' },
      bagels,
    )
    expect([us.statusCode, us.json().details.field]).toEqual([400, 'currencyCode'])
  })

  it('names the day of overlapping ranges', async () => {
    const res = await call('POST', '/api/v2/stores', {
      name: 'A',
      storeOpeningHours: week([
        { open: '08:00', close: '12:00' },
        { open: '11:00', close: '14:00' },
      ]),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('mon: overlapping')
  })

  it('lets only a franchise owner create or delete; a store owner edits its own store only', async () => {
    expect((await call('POST', '/api/v2/stores', { name: 'Nope' }, storeOwner)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/stores/${paris}`, undefined, storeOwner)).statusCode).toBe(403)
    const own = (await call('GET', '/api/v2/stores/owned', undefined, storeOwner)).json()[0].id as string
    const other = own === paris ? lyon : paris
    expect((await call('PUT', `/api/v2/stores/${other}`, { name: 'X' }, storeOwner)).statusCode).toBe(404)
    expect((await call('GET', `/api/Stores/${other}`, undefined, storeOwner)).statusCode).toBe(404)
    expect(
      (await call('PATCH', `/api/v2/stores/${other}/settings`, { hasScannerEnabled: true }, storeOwner))
        .statusCode,
    ).toBe(404)
    const put = await call('PUT', `/api/v2/stores/${own}`, { name: 'Renamed by its owner' }, storeOwner)
    expect(put.statusCode).toBe(200)
    expect(put.json().name).toBe('Renamed by its owner')
  })

  it('answers 404 for another franchise’s store and 400 for a malformed id', async () => {
    expect((await call('GET', `/api/Stores/${bagelsStore}`)).statusCode).toBe(404)
    expect((await call('PUT', `/api/v2/stores/${bagelsStore}`, { name: 'Mine' })).statusCode).toBe(404)
    expect((await call('DELETE', `/api/stores/${bagelsStore}`)).statusCode).toBe(404)
    expect(
      (await call('PATCH', `/api/v2/stores/${bagelsStore}/settings`, { hasScannerEnabled: true })).statusCode,
    ).toBe(404)
    expect((await call('GET', `/api/v2/franchises/${bagelsFid}/stores/list`)).statusCode).toBe(404)
    const bad = await call('GET', '/api/Stores/not-an-id')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('id')
    expect((await t.app.inject({ method: 'GET', url: `/api/Stores/${paris}` })).statusCode).toBe(401)
  })

  it('updates every field and the settings', async () => {
    const put = await call('PUT', `/api/v2/stores/${lyon}`, {
      name: 'Lyon',
      description: 'Presqu’île',
      instagramLink: 'https://instagram.com/dupont',
      currencyCode: 'EUR',
      storeOpeningHours: week([]),
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({
      name: 'Lyon',
      currencyCode: 'EUR',
      instagramLink: 'https://instagram.com/dupont',
    })
    expect(put.json().storeOpeningHours.hours.mon).toEqual([])
    const patch = await call('PATCH', `/api/v2/stores/${lyon}/settings`, { hasScannerEnabled: true })
    expect(patch.json().settings).toEqual({ hasScannerEnabled: true, hasFullWebAppEnabled: false })
    expect(
      (await call('PATCH', `/api/v2/stores/${lyon}/settings`, { hasScannerEnabled: 'yes' })).statusCode,
    ).toBe(400)
    // §6: an admin edits any store's settings.
    const byAdmin = await call(
      'PATCH',
      `/api/v2/stores/${lyon}/settings`,
      { hasFullWebAppEnabled: true },
      admin,
    )
    expect(byAdmin.json().settings).toEqual({ hasScannerEnabled: true, hasFullWebAppEnabled: true })
  })

  it('lists a franchise’s stores and a user’s franchises with their stores', async () => {
    const list = await call('GET', `/api/v2/franchises/${fid}/stores/list`)
    expect(list.statusCode).toBe(200)
    expect((list.json() as { franchiseId: string }[]).every((s) => s.franchiseId === fid)).toBe(true)
    expect(
      (await call('GET', `/api/v2/franchises/${bagelsFid}/stores/list`, undefined, admin)).json(),
    ).toHaveLength(1)
    const mine = await call('GET', `/api/v2/users/${ownerId}/franchises/stores`)
    expect(mine.json()[0]).toMatchObject({ id: fid, name: 'Maison Dupont' })
    expect(mine.json()[0].stores.length).toBeGreaterThanOrEqual(3)
    expect(
      (await call('GET', `/api/v2/users/${ownerId}/franchises/stores`, undefined, bagels)).statusCode,
    ).toBe(404)
    expect(
      (await call('GET', `/api/v2/users/${ownerId}/franchises/stores`, undefined, admin)).statusCode,
    ).toBe(200)
  })

  it('deletes a store of its franchise', async () => {
    const s = (await call('POST', '/api/v2/stores', { name: 'Short-lived' })).json()
    expect((await call('DELETE', `/api/stores/${s.id}`)).statusCode).toBe(204)
    expect((await call('GET', `/api/Stores/${s.id}`)).statusCode).toBe(404)
  })

  it('lets a registered merchant create its first store only (§4)', async () => {
    const db = t.database.db
    const [u] = await db.select().from(users).where(eq(users.email, 'registered@demo.test'))
    await db.insert(franchises).values({
      name: 'Nouveau',
      codeAlpha3: 'FRA',
      timezone: 'Europe/Paris',
      currencyCode: 'EUR',
      userId: u!.id,
    })
    const token = await loginAs(t.app, 'registered@demo.test')
    const first = await call('POST', '/api/v2/stores', { name: 'Premier magasin' }, token)
    expect(first.statusCode).toBe(201)
    const second = await call('POST', '/api/v2/stores', { name: 'Second' }, token)
    expect(second.statusCode).toBe(403)
    const [after] = await db.select().from(users).where(eq(users.id, u!.id))
    expect(after!.role).toBe('FRANCHISE_OWNER')
  })

  it('answers near cities nearest first and validates the query', async () => {
    const res = await call('GET', '/services/v2/geocode/near-cities?lat=48.8566&lng=2.3522&distance=10')
    expect(res.statusCode).toBe(200)
    const rows = res.json() as { name: string; distance: number }[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(50)
    expect(rows[0]!.name).toMatch(/Paris/)
    expect(rows.every((r, i) => r.distance <= 10 && (i === 0 || rows[i - 1]!.distance <= r.distance))).toBe(
      true,
    )
    for (const [q, field] of [
      ['lat=91&lng=0&distance=5', 'lat'],
      ['lat=0&lng=181&distance=5', 'lng'],
      ['lat=0&lng=0&distance=0', 'distance'],
      ['lat=0&lng=0&distance=201', 'distance'],
      ['lat=x&lng=0&distance=5', 'lat'],
    ] as const) {
      const bad = await call('GET', `/services/v2/geocode/near-cities?${q}`)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().details.field).toBe(field)
    }
  })
})
