import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientStores,
  coupons,
  franchises,
  loyaltyModels,
  loyaltyOffers,
  stores,
} from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { insertClient } from '../support/balances'
import { databaseKinds } from '../support/database'

const DAY = 86400_000

describe.each(databaseKinds())('client accounts on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let paris: string
  let lyon: string
  let bagelsFid: string
  const ids: Record<string, string> = {}

  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    const tokens = await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )
    ;[owner, storeOwner, bagels] = tokens as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    const s = await db.select().from(stores).where(eq(stores.franchiseId, fid))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    lyon = s.find((x) => x.name.includes('Lyon'))!.id
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsFid = b!.id
    const now = Date.now()
    // Qualification: lost after 3 months without a visit (seed default).
    const rows = [
      {
        key: 'regular',
        firstName: 'Alice',
        lastName: 'Martin',
        acquiredFrom: 'STORE',
        first: now - 400 * DAY,
        last: now - 2 * DAY,
        points: 120,
        store: paris,
      },
      {
        key: 'new',
        firstName: 'Bruno',
        lastName: 'Leroy',
        acquiredFrom: 'EMARKETING',
        first: now - 10 * DAY,
        last: now - 1 * DAY,
        points: 30,
        store: lyon,
      },
      {
        key: 'lost',
        firstName: 'Chloé',
        lastName: 'Bernard',
        acquiredFrom: 'MIGRATION',
        first: now - 500 * DAY,
        last: now - 200 * DAY,
        points: 5,
        store: lyon,
      },
    ]
    for (const r of rows) {
      const c = await insertClient(db, {
        franchiseId: fid,
        firstName: r.firstName,
        lastName: r.lastName,
        acquiredFrom: r.acquiredFrom,
        firstVisitAt: new Date(r.first),
        lastVisitAt: new Date(r.last),
        createdAt: new Date(r.first),
        points: r.points,
        totalCollectedPoints: r.points,
        visitCount: 3,
        salesCount: 2,
        totalSpentCents: 3000,
        phone: r.key === 'regular' ? '+33612345678' : null,
        email: `${r.key}@example.fr`,
      })
      await db.insert(clientStores).values({ franchiseId: fid, clientId: c!.id, storeId: r.store })
      ids[r.key] = c!.id
    }
    const [model] = await db
      .insert(loyaltyModels)
      .values({ franchiseId: fid, name: 'Carte Dupont', loyaltyType: 'PASSAGE', earnRate: 10 })
      .returning()
    const [cheap] = await db
      .insert(loyaltyOffers)
      .values({
        franchiseId: fid,
        loyaltyModelId: model!.id,
        name: 'Café offert',
        description: 'Un café offert',
        redeemPointAmount: 50,
        type: 'PRODUCT',
      })
      .returning()
    const [dear] = await db
      .insert(loyaltyOffers)
      .values({
        franchiseId: fid,
        loyaltyModelId: model!.id,
        name: '10 € de remise',
        description: 'Dix euros de remise',
        redeemPointAmount: 200,
        type: 'FLAT',
        value: 1000,
        currencyCode: 'EUR',
      })
      .returning()
    ids.cheap = cheap!.id
    ids.dear = dear!.id
    const [active] = await db
      .insert(coupons)
      .values({
        franchiseId: fid,
        clientId: ids.regular!,
        type: 'percentage',
        value: 10,
        header: '-10 %',
        expiresAt: new Date(now + 30 * DAY),
      })
      .returning()
    await db.insert(coupons).values({
      franchiseId: fid,
      clientId: ids.regular!,
      type: 'flat',
      value: 500,
      header: '5 €',
      expiresAt: new Date(now - DAY),
    })
    ids.coupon = active!.id
  })
  afterAll(() => t.close())

  it('lists the franchise’s clients, last visit first, with metadata (page one-based)', async () => {
    const res = await get('/api/v2/franchises/clients?page=1&size=2')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.metadata).toEqual({ page: 1, size: 2, total: 3 })
    expect(body.data.map((c: { firstName: string }) => c.firstName)).toEqual(['Bruno', 'Alice'])
    expect(body.data[1]).toMatchObject({
      clientType: 'REGULAR_CUSTOMER',
      averageBasketCents: 1500,
      hasMobileApp: false,
    })
    const page2 = (await get('/api/v2/franchises/clients?page=2&size=2')).json()
    expect(page2.data.map((c: { firstName: string }) => c.firstName)).toEqual(['Chloé'])
  })

  it('filters by client type, acquisition source (repeated) and search; sorts by points', async () => {
    const types = (
      await get('/api/v2/franchises/clients?clientType=LOST_CUSTOMER&clientType=NEW_CUSTOMER')
    ).json()
    expect(types.data.map((c: { clientType: string }) => c.clientType).sort()).toEqual([
      'LOST_CUSTOMER',
      'NEW_CUSTOMER',
    ])
    const source = (await get('/api/v2/franchises/clients?acquiredFrom=MIGRATION')).json()
    expect(source.data.map((c: { firstName: string }) => c.firstName)).toEqual(['Chloé'])
    const search = (await get('/api/v2/franchises/clients?filter=berna')).json()
    expect(search.metadata.total).toBe(1)
    const byPhone = (await get('/api/v2/franchises/clients?filter=612345')).json()
    expect(byPhone.data[0].firstName).toBe('Alice')
    const sorted = (await get('/api/v2/franchises/clients?sort=points&order=asc')).json()
    expect(sorted.data.map((c: { points: number }) => c.points)).toEqual([5, 30, 120])
    // A balance sort with a filter on the client row reads the balance index joined to the clients.
    const filtered = (
      await get(
        '/api/v2/franchises/clients?clientType=LOST_CUSTOMER&clientType=NEW_CUSTOMER&sort=totalCollectedPoints&order=desc',
      )
    ).json()
    const collected = filtered.data.map((c: { totalCollectedPoints: number }) => c.totalCollectedPoints)
    expect(collected).toEqual([...collected].sort((a: number, b: number) => b - a))
    const idsOf = (page: { data: { id: string }[] }) => page.data.map((c) => c.id).sort()
    expect(idsOf(filtered)).toEqual(idsOf(types))
    const bad = await get('/api/v2/franchises/clients?sort=lastName')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toMatchObject({ field: 'sort', in: 'query' })
  })

  it('scopes lists: a store, a store owner, another franchise', async () => {
    const lyonList = (await get(`/api/v2/stores/${lyon}/clients`)).json()
    expect(lyonList.metadata.total).toBe(2)
    const mine = (await get('/api/v2/franchises/clients', storeOwner)).json()
    expect(mine.data.map((c: { firstName: string }) => c.firstName)).toEqual(['Alice'])
    const mineByPoints = (await get('/api/v2/franchises/clients?sort=points', storeOwner)).json()
    expect(mineByPoints.data.map((c: { firstName: string }) => c.firstName)).toEqual(['Alice'])
    expect((await get(`/api/v2/stores/${lyon}/clients`, storeOwner)).statusCode).toBe(404)
    const theirs = (await get('/api/v2/franchises/clients', bagels)).json()
    expect(theirs.data.every((c: { id: string }) => !Object.values(ids).includes(c.id))).toBe(true)
    expect((await get(`/api/v2/franchises/clients?franchiseId=${fid}`, bagels)).statusCode).toBe(404)
  })

  it('shows a client’s detail and loyalty, and hides them from other franchises', async () => {
    const detail = await get(`/api/v2/franchises/${fid}/clients/${ids.regular}`)
    expect(detail.json()).toMatchObject({
      firstName: 'Alice',
      currencyCode: 'EUR',
      clientType: 'REGULAR_CUSTOMER',
      transactions: [],
      messages: [],
    })
    const loyalty = (
      await get(`/api/v2/franchises/${fid}/clients/${ids.regular}/loyalty?storeId=${paris}`)
    ).json()
    expect(loyalty.card.points).toBe(120)
    expect(loyalty.offers.map((o: { name: string; canRedeem: boolean }) => [o.name, o.canRedeem])).toEqual([
      ['Café offert', true],
      ['10 € de remise', false],
    ])
    expect((await get(`/api/v2/franchises/${fid}/clients/${ids.regular}`, bagels)).statusCode).toBe(404)
    expect((await get(`/api/v2/franchises/${bagelsFid}/clients/${ids.regular}`, bagels)).statusCode).toBe(404)
  })

  it('creates a client with a normalised phone, refuses used and invalid phones, updates and deletes', async () => {
    const created = await send('POST', `/api/v2/franchises/${fid}/users`, {
      firstName: 'Denise',
      lastName: 'Roux',
      phone: '06 98 76 54 32',
      email: 'Denise@Example.fr',
      storeId: paris,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      phone: '+33698765432',
      email: 'denise@example.fr',
      acquiredFrom: 'STORE',
    })
    const dup = await send('POST', `/api/v2/franchises/${fid}/users`, {
      firstName: 'X',
      lastName: 'Y',
      phone: '+33 6 98 76 54 32',
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().code).toBe('PHONE_ALREADY_USED')
    const dupMail = await send('POST', `/api/v2/franchises/${fid}/users`, {
      firstName: 'X',
      lastName: 'Y',
      email: 'denise@example.FR',
    })
    expect(dupMail.json().code).toBe('EMAIL_ALREADY_USED')
    const invalid = await send('POST', `/api/v2/franchises/${fid}/users`, {
      firstName: 'X',
      lastName: 'Y',
      phone: '12',
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({ code: 'INVALID_PHONE', details: { field: 'phone' } })
    const id = created.json().id
    const found = (await get('/api/v2/users/search?value=0698765432')).json()
    expect(found.map((c: { id: string }) => c.id)).toEqual([id])
    expect((await get('/api/v2/franchises/clients?filter=roux%20denise')).json().metadata.total).toBe(1)
    const updated = await send('PUT', `/api/v2/franchises/${fid}/users`, {
      id,
      firstName: 'Denise',
      lastName: 'Roux-Petit',
    })
    expect(updated.json().lastName).toBe('Roux-Petit')
    // The search text follows a rename (kept apart from the client row by triggers).
    const renamed = (await get('/api/v2/franchises/clients?filter=roux-petit')).json()
    expect(renamed.data.map((c: { id: string }) => c.id)).toEqual([id])
    expect((await get('/api/v2/franchises/clients?filter=roux%20denise')).json().metadata.total).toBe(0)
    expect(
      (await send('DELETE', `/api/v2/franchises/${fid}/clients/${id}`, undefined, bagels)).statusCode,
    ).toBe(404)
    expect((await send('DELETE', `/api/v2/franchises/${fid}/clients/${id}`)).statusCode).toBe(204)
    expect((await get(`/api/v2/franchises/${fid}/clients/${id}`)).statusCode).toBe(404)
    expect((await get('/api/v2/franchises/clients?filter=roux-petit')).json().metadata.total).toBe(0)
  })

  it('lists coupons by state and redeems an active one once', async () => {
    const all = (await get(`/api/v2/users/${ids.regular}/coupons?franchiseId=${fid}`)).json()
    expect(all.data.map((c: { state: string }) => c.state).sort()).toEqual(['active', 'expired'])
    const active = (await get(`/api/v2/users/${ids.regular}/coupons?franchiseId=${fid}&state=active`)).json()
    expect(active.metadata.total).toBe(1)
    const first = await send('POST', `/api/v2/coupons-user/${ids.coupon}/redeem`, { storeId: paris })
    expect(first.json()).toMatchObject({ state: 'claimed' })
    const again = await send('POST', `/api/v2/coupons-user/${ids.coupon}/redeem`, { storeId: paris })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('COUPON_ALREADY_CLAIMED')
    expect(
      (await send('POST', `/api/v2/coupons-user/${ids.coupon}/redeem`, { storeId: paris }, bagels))
        .statusCode,
    ).toBe(404)
  })

  it('redeems an offer through the ledger and refuses one the client cannot afford', async () => {
    const res = await send('POST', `/api/v2/loyalties/offers/${ids.cheap}/redeem`, {
      userId: ids.regular,
      storeId: paris,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      points: 70,
      redeemedOffersCount: 1,
      transaction: { type: 'redeem', points: -50 },
    })
    const [offer] = await t.database.db.select().from(loyaltyOffers).where(eq(loyaltyOffers.id, ids.cheap!))
    expect(offer!.redeemedCount).toBe(1)
    const dear = await send('POST', `/api/v2/loyalties/offers/${ids.dear}/redeem`, {
      userId: ids.regular,
      storeId: paris,
    })
    expect(dear.statusCode).toBe(409)
    expect(dear.json().code).toBe('INSUFFICIENT_POINTS')
  })

  it('replays a redemption with the same Idempotency-Key once, even after the offer is archived', async () => {
    const redeem = (key: string, storeId = paris) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/loyalties/offers/${ids.cheap}/redeem`,
        headers: { ...bearer(owner), 'idempotency-key': key },
        payload: { userId: ids.regular, storeId },
      })
    const count = async () =>
      (await t.database.db.select().from(loyaltyOffers).where(eq(loyaltyOffers.id, ids.cheap!)))[0]!
        .redeemedCount
    const before = await count()
    const first = await redeem('redeem-replay-0001')
    expect(first.statusCode).toBe(200)
    const again = await redeem('redeem-replay-0001')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await count()).toBe(before + 1)
    await t.database.db
      .update(loyaltyOffers)
      .set({ status: 'ARCHIVED' })
      .where(eq(loyaltyOffers.id, ids.cheap!))
    const late = await redeem('redeem-replay-0001')
    expect(late.json()).toEqual(first.json())
    expect((await redeem('redeem-replay-0002')).json().code).toBe('OFFER_NOT_ACTIVE')
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/v2/loyalties/offers/${ids.cheap}/redeem`,
      headers: { ...bearer(owner), 'idempotency-key': 'redeem-replay-0001' },
      payload: { userId: ids.lost, storeId: paris },
    })
    expect(other.statusCode).toBe(422)
    await t.database.db
      .update(loyaltyOffers)
      .set({ status: 'ACTIVE' })
      .where(eq(loyaltyOffers.id, ids.cheap!))
    expect(await count()).toBe(before + 1)
  })
})
