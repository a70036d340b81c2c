import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { franchises, stores } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('franchise settings on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let bagelsFid: string

  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), payload: payload as object })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    fid = (await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont')))[0]!.id
    bagelsFid = (await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels')))[0]!.id
  })
  afterAll(() => t.close())

  it('answers the full franchise to its owner, read-only to a store owner, 404 to others', async () => {
    const res = await get(`/api/v2/franchises/${fid}`)
    expect(res.statusCode).toBe(200)
    const f = res.json()
    expect(f).toMatchObject({
      id: fid,
      name: 'Maison Dupont',
      codeAlpha3: 'FRA',
      currencyCode: 'EUR',
      canEdit: true,
    })
    for (const key of [
      'logo',
      'description',
      'senderId',
      'timezone',
      'features',
      'theme',
      'customersQualification',
      'averageBasket',
      'averageBasketCents',
      'tagScanInterval',
      'maxPoints',
      'hasMaxPointsEnabled',
    ])
      expect(f).toHaveProperty(key)
    // Static tags (issue 16 #5) are off until the franchise turns them on.
    expect(f).toMatchObject({ allowStaticTags: false, staticTagDailyVisitCap: 1 })
    expect((await get(`/api/v2/franchises/${fid}`, storeOwner)).json()).toMatchObject({
      id: fid,
      canEdit: false,
    })
    expect((await get(`/api/v2/franchises/${fid}`, bagels)).statusCode).toBe(404)
    expect((await get(`/api/v2/franchises/${bagelsFid}`)).json().code).toBe('FRANCHISE_NOT_FOUND')
    expect((await get('/api/v2/franchises/not-an-id')).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/franchises/${fid}` })).statusCode).toBe(401)
  })

  it('updates fields partially; a country sets its first time zone and its currency', async () => {
    const res = await send('PATCH', `/api/v2/franchises/${fid}`, {
      name: ' Maison Dupont & fils ',
      description: 'Boulangeries',
      tagScanInterval: 3600,
      maxPoints: 500,
      hasMaxPointsEnabled: true,
      averageBasket: '12,50',
      logo: '/files/franchise/logo.png',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Maison Dupont & fils',
      description: 'Boulangeries',
      tagScanInterval: 3600,
      maxPoints: 500,
      hasMaxPointsEnabled: true,
      averageBasket: 12.5,
      averageBasketCents: 1250,
      logo: '/files/franchise/logo.png',
      codeAlpha3: 'FRA',
    })
    // The stores follow their country's currency (issue 34: a store's currency contradicted its country).
    const currencies = async () => [
      ...new Set(
        (await t.database.db.select().from(stores).where(eq(stores.franchiseId, fid))).map(
          (s) => s.currencyCode,
        ),
      ),
    ]
    expect(await currencies()).toEqual(['EUR'])
    const ca = await send('PATCH', `/api/v2/franchises/${fid}`, { codeAlpha3: 'CAN' })
    expect(ca.json()).toMatchObject({ codeAlpha3: 'CAN', timezone: 'America/St_Johns', currencyCode: 'CAD' })
    expect(await currencies()).toEqual(['CAD'])
    const fr = await send('PATCH', `/api/v2/franchises/${fid}`, { codeAlpha3: 'FRA', averageBasket: 9.9 })
    expect(fr.json()).toMatchObject({
      timezone: 'Europe/Paris',
      currencyCode: 'EUR',
      averageBasketCents: 990,
    })
    expect(await currencies()).toEqual(['EUR'])
    // Turning the cap off keeps the value; clearing it while on is refused.
    const off = await send('PATCH', `/api/v2/franchises/${fid}`, {
      hasMaxPointsEnabled: false,
      maxPoints: null,
    })
    expect(off.json()).toMatchObject({ hasMaxPointsEnabled: false, maxPoints: null })
    const bad = await send('PATCH', `/api/v2/franchises/${fid}`, { hasMaxPointsEnabled: true })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('maxPoints')
  })

  it('turns static tags on with a daily visit cap per phone, and off again', async () => {
    const on = await send('PATCH', `/api/v2/franchises/${fid}`, {
      allowStaticTags: true,
      staticTagDailyVisitCap: 3,
    })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toMatchObject({ allowStaticTags: true, staticTagDailyVisitCap: 3 })
    const off = await send('PATCH', `/api/v2/franchises/${fid}`, { allowStaticTags: false })
    expect(off.json()).toMatchObject({ allowStaticTags: false, staticTagDailyVisitCap: 3 })
    const denied = await send('PATCH', `/api/v2/franchises/${fid}`, { allowStaticTags: true }, storeOwner)
    expect(denied.statusCode).toBe(403)
    expect((await get(`/api/v2/franchises/${fid}`)).json().allowStaticTags).toBe(false)
  })

  it.each([
    [{ codeAlpha3: 'XYZ' }, 'codeAlpha3'],
    [{ codeAlpha3: 'constructor' }, 'codeAlpha3'],
    // Served only where SMS reach and the money is EUR, CAD, USD or CHF (src/domain/countries.ts).
    [{ codeAlpha3: 'GBR' }, 'codeAlpha3'],
    [{ name: '   ' }, 'name'],
    [{ name: '' }, 'name'],
    [{ tagScanInterval: -1 }, 'tagScanInterval'],
    [{ tagScanInterval: 1.5 }, 'tagScanInterval'],
    [{ maxPoints: 0 }, 'maxPoints'],
    [{ maxPoints: 2.5 }, 'maxPoints'],
    [{ averageBasket: '12.345' }, 'averageBasket'],
    [{ averageBasket: '-3' }, 'averageBasket'],
    [{ averageBasket: 'abc' }, 'averageBasket'],
    [{ logo: 'javascript:alert(1)' }, 'logo'],
    [{ hasMaxPointsEnabled: 'yes' }, 'hasMaxPointsEnabled'],
    [{ allowStaticTags: 'yes' }, 'allowStaticTags'],
    [{ staticTagDailyVisitCap: 0 }, 'staticTagDailyVisitCap'],
    [{ staticTagDailyVisitCap: 21 }, 'staticTagDailyVisitCap'],
    [{ staticTagDailyVisitCap: 1.5 }, 'staticTagDailyVisitCap'],
    [{ staticTagDailyVisitCap: '2' }, 'staticTagDailyVisitCap'],
    [{ unknownField: 1 }, 'unknownField'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const res = await send('PATCH', `/api/v2/franchises/${fid}`, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().details.field).toBe(field)
  })

  it('writes are full access only: a store owner gets 403, another franchise 404', async () => {
    const urls: ['PATCH' | 'POST' | 'PUT', string, unknown][] = [
      ['PATCH', `/api/v2/franchises/${fid}`, { name: 'X' }],
      [
        'PATCH',
        `/api/v2/franchises/${fid}/theme`,
        { primaryColor: '#000000', secondaryColor: '#111111', tertiaryColor: '#222222' },
      ],
      [
        'POST',
        `/api/franchises/${fid}/clientQualification`,
        { lostCustomers: { timeSinceLastVisit: { value: 2, unit: 'weeks' } } },
      ],
      ['PATCH', `/api/v2/franchises/${fid}/sender-id`, { senderId: 'Dupont' }],
    ]
    for (const [method, url, body] of urls) {
      expect((await send(method, url, body, storeOwner)).statusCode).toBe(403)
      expect((await send(method, url, body, bagels)).statusCode).toBe(404)
    }
    const [row] = await t.database.db.select().from(franchises).where(eq(franchises.id, fid))
    expect(row!.name).not.toBe('X')
  })

  it('saves the theme colours (#rrggbb) and the owned list shows them', async () => {
    const theme = { primaryColor: '#AA0011', secondaryColor: '#00ff00', tertiaryColor: '#ffffff' }
    const res = await send('PATCH', `/api/v2/franchises/${fid}/theme`, theme)
    expect(res.statusCode).toBe(200)
    expect(res.json().theme).toEqual({ ...theme, primaryColor: '#aa0011' })
    const owned = (await get('/api/v2/franchises/owned')).json() as { id: string; theme: unknown }[]
    expect(owned.find((f) => f.id === fid)!.theme).toEqual({ ...theme, primaryColor: '#aa0011' })
    for (const bad of [
      { ...theme, primaryColor: 'red' },
      { ...theme, tertiaryColor: '#fff' },
      { primaryColor: '#000000' },
    ]) {
      const r = await send('PATCH', `/api/v2/franchises/${fid}/theme`, bad)
      expect(r.statusCode).toBe(400)
      expect(r.json().details.field).toMatch(/Color$/)
    }
  })

  it('sets the client qualification with POST and PUT, within bounds', async () => {
    const q = (value: unknown, unit: unknown) => ({ lostCustomers: { timeSinceLastVisit: { value, unit } } })
    const post = await send('POST', `/api/franchises/${fid}/clientQualification`, q(6, 'weeks'))
    expect(post.statusCode).toBe(200)
    expect(post.json().customersQualification).toEqual(q(6, 'weeks'))
    const put = await send('PUT', `/api/franchises/${fid}/clientQualification`, q(45, 'days'))
    expect(put.json().customersQualification).toEqual(q(45, 'days'))
    for (const [value, unit] of [
      [0, 'days'],
      [-2, 'weeks'],
      [1.5, 'months'],
      [25, 'months'],
      [3, 'years'],
      ['3', 'days'],
    ]) {
      const r = await send('PUT', `/api/franchises/${fid}/clientQualification`, q(value, unit))
      expect(r.statusCode).toBe(400)
      expect(r.json().details.field).toMatch(/^lostCustomers\.timeSinceLastVisit/)
    }
  })

  it('checks sender names with the §5 codes and saves a valid one', async () => {
    const validity = async (value: string) =>
      (await get(`/api/v2/franchises/sender-validity?value=${encodeURIComponent(value)}`)).json()
    expect(await validity('Dupont')).toEqual({ valid: true })
    expect(await validity('')).toEqual({ valid: false, code: 'SENDER_ID_EMPTY' })
    expect(await validity('Du pont')).toEqual({ valid: false, code: 'SENDER_ID_CONTAINS_SPACES' })
    expect(await validity('DupontEtFils1')).toEqual({ valid: false, code: 'SENDER_ID_TOO_LONG' })
    expect(await validity('Dup')).toEqual({ valid: false, code: 'SENDER_ID_TOO_SHORT' })
    expect(await validity('Dupont!')).toEqual({ valid: false, code: 'SENDER_ID_NOT_ALPHANUMERIC' })
    expect(await validity('police')).toEqual({ valid: false, code: 'SENDER_ID_NOT_ALLOWED' })
    const bad = await send('PATCH', `/api/v2/franchises/${fid}/sender-id`, { senderId: 'SAMU' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('SENDER_ID_NOT_ALLOWED')
    expect((await send('PATCH', `/api/v2/franchises/${fid}/sender-id`, {})).json().details.field).toBe(
      'senderId',
    )
    const ok = await send('PATCH', `/api/v2/franchises/${fid}/sender-id`, { senderId: 'Dupont75' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().senderId).toBe('Dupont75')
  })

  it('lets staff check and set a franchise’s sender id from the franchise panel, recorded in its audit log', async () => {
    const admin = await loginAs(t.app, 'admin@demo.test')
    expect((await get('/api/v2/franchises/sender-validity?value=Bagels', admin)).json()).toEqual({
      valid: true,
    })
    const set = await send(
      'PATCH',
      `/api/v2/franchises/${bagelsFid}/sender-id`,
      { senderId: 'BAGELS2' },
      admin,
    )
    expect(set.statusCode).toBe(200)
    expect(set.json().senderId).toBe('BAGELS2')
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      (await send('PATCH', `/api/v2/franchises/${unknown}/sender-id`, { senderId: 'BAGELS2' }, admin))
        .statusCode,
    ).toBe(404)
    // Staff may not edit the rest of the franchise page.
    expect(
      (await send('PATCH', `/api/v2/franchises/${bagelsFid}`, { tagScanInterval: 0 }, admin)).statusCode,
    ).toBe(403)
    const log = (await get(`/api/v2/franchises/${bagelsFid}/audit-log`, admin)).json()
    expect(log.data[0]).toMatchObject({
      action: 'PATCH /api/v2/franchises/:id/sender-id',
      actorEmail: 'admin@demo.test',
      adminEmail: null,
    })
  })
})
