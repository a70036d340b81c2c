import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('users on %s', (kind) => {
  let t: TestApp
  let owner: string
  let ownerId: string
  let bagelsId: string
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    owner = await loginAs(t.app, 'owner@demo.test')
    ownerId = (await t.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(owner) })).json()
      .id
    const bagels = await loginAs(t.app, 'bagels@demo.test')
    bagelsId = (
      await t.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: bearer(bagels) })
    ).json().id
  })
  afterAll(() => t.close())
  const req = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  it('reads its own info with the §3 user fields', async () => {
    const res = await req('GET', `/api/v2/users/${ownerId}/info`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: ownerId,
      email: 'owner@demo.test',
      role: 'FRANCHISE_OWNER',
      hasAcceptedCGV: true,
      isSubscribedRetailer: true,
      isSuperAdmin: false,
      data: { displayName: 'Camille Dupont', email: 'owner@demo.test', settings: {} },
    })
    expect(res.json()).not.toHaveProperty('passwordHash')
  })

  it('cannot read or change another merchant', async () => {
    expect((await req('GET', `/api/v2/users/${bagelsId}/info`)).statusCode).toBe(403)
    expect((await req('PATCH', `/api/users/${bagelsId}`, { displayName: 'Hacked' })).statusCode).toBe(403)
    expect(
      (await req('PATCH', `/api/v2/users/${bagelsId}/info`, { settings: { theme: 'dark' } })).statusCode,
    ).toBe(403)
  })

  it('rejects a malformed id with 400 naming it', async () => {
    const res = await req('GET', '/api/v2/users/not-a-uuid/info')
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toMatchObject({ field: 'id', in: 'params' })
  })

  it('updates the display name and photo', async () => {
    const res = await req('PATCH', `/api/users/${ownerId}`, {
      displayName: 'Camille D.',
      photoURL: '/uploads/me.jpeg',
    })
    expect(res.json()).toMatchObject({ displayName: 'Camille D.', photoURL: '/uploads/me.jpeg' })
    const empty = await req('PATCH', `/api/users/${ownerId}`, { displayName: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().details.field).toBe('displayName')
  })

  it('merges settings from both update paths and validates them', async () => {
    await req('PATCH', `/api/v2/users/${ownerId}/info`, { settings: { theme: 'dark', language: 'en' } })
    const res = await req('POST', '/api/auth/user/update', {
      user: { data: { settings: { navbarFolded: true, startPage: '/pages/user/clients' } } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.settings).toEqual({
      theme: 'dark',
      language: 'en',
      navbarFolded: true,
      startPage: '/pages/user/clients',
    })
    const bad = await req('PATCH', `/api/v2/users/${ownerId}/info`, { settings: { language: 'de' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('settings.language')
  })

  it('accepts the terms for the registered account', async () => {
    const registered = await loginAs(t.app, 'registered@demo.test')
    const res = await req('PATCH', '/api/v2/users/accept-terms', undefined, registered)
    expect(res.statusCode).toBe(200)
    expect(res.json().hasAcceptedCGV).toBe(true)
  })

  it('tells whether a user id exists', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${ownerId}/exists` })).json()).toEqual({
      exists: true,
    })
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000/exists' })
      ).json(),
    ).toEqual({ exists: false })
    expect((await t.app.inject({ method: 'GET', url: '/api/users/whatever/exists' })).json()).toEqual({
      exists: false,
    })
  })

  it('lists the categories with both names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Categories' })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.length).toBeGreaterThanOrEqual(10)
    expect(list).toContainEqual(
      expect.objectContaining({ name_en: 'Bakery', name_fr: 'Boulangerie', icon_source: 'material' }),
    )
  })
})

describe.each(databaseKinds())('payments on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { publicUrl: 'http://shop.test' } })
  })
  afterAll(() => t.close())

  it('pays through the local checkout and activates the subscription', async () => {
    const unpaid = await loginAs(t.app, 'unpaid@demo.test')
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(unpaid) })
    expect((await get('/api/v2/users/me/subscription')).json()).toEqual({ isSubscribedRetailer: false })
    const products = (await get('/stripe/payment-links')).json()
    expect(products[0]).toMatchObject({ id: 'loyalty-pro-monthly', currencyCode: 'EUR', amountCents: 4900 })

    const link = await get(`/stripe/payment-links/${products[0].id}`)
    expect(link.statusCode).toBe(200)
    const url = new URL(link.json().url)
    expect(url.origin).toBe('http://shop.test')
    expect((await get('/stripe/payment-links/no-such-product')).statusCode).toBe(404)

    const page = await t.app.inject({ method: 'GET', url: url.pathname })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('49.00')
    // As the page's HTML form posts it.
    const pay = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(pay.statusCode).toBe(303)
    // Relative: back to the address the checkout was opened on (tests/server/payments.test.ts).
    expect(pay.headers.location).toBe('/')

    expect((await get('/api/v2/users/me/subscription')).json()).toEqual({ isSubscribedRetailer: true })
    expect((await get('/stripe/subscriptions')).json()).toMatchObject({
      status: 'active',
      since: expect.any(String),
    })
  })

  it('does not show another user’s subscription to a merchant', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test')
    const res = await t.app.inject({
      method: 'GET',
      url: '/stripe/subscriptions?userId=00000000-0000-4000-8000-000000000000',
      headers: bearer(owner),
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('query parameters', () => {
  it('ignore the access token when a route validates its query', async () => {
    const t = await startTestApp('pglite', { seed: true })
    try {
      const token = await loginAs(t.app, 'unpaid@demo.test')
      const res = await t.app.inject({
        method: 'GET',
        url: `/stripe/payment-links/loyalty-pro-monthly?access_token=${token}`,
      })
      expect(res.statusCode).toBe(200)
      const bad = await t.app.inject({
        method: 'GET',
        url: `/stripe/subscriptions?access_token=${token}&userId=`,
      })
      expect(bad.statusCode).toBe(403)
    } finally {
      await t.close()
    }
  })
})
