import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientStores,
  clients,
  franchises,
  loyaltyOffers,
  posProducts,
  stores,
} from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('loyalty card and offers on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let admin: string
  let fid: string
  let dupontStores: string[]
  let bagelsFid: string
  let bagelsStore: string
  let cardId: string
  let bagelsCardId: string

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  const call = (method: Method, url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const card = (over: Record<string, unknown> = {}) => ({
    name: 'Carte Dupont',
    image: null,
    maxPoints: 500,
    hasMaxPointsEnabled: true,
    minTimeBetweenVisits: 3600,
    loyaltyType: 'PASSAGE',
    earnRate: 10,
    storeIds: dupontStores,
    ...over,
  })
  const offer = (over: Record<string, unknown> = {}) => ({
    name: 'Café offert',
    description: 'Un café offert avec la viennoiserie.',
    redeemPointAmount: 50,
    type: 'PERCENTAGE',
    value: 10,
    ...over,
  })
  const franchiseRow = async (id = fid) =>
    (await t.database.db.select().from(franchises).where(eq(franchises.id, id)))[0]!

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
    dupontStores = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).map((s) => s.id).sort()
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsFid = b!.id
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, bagelsFid)))[0]!.id
  })
  afterAll(() => t.close())

  it('has no card at first: 200 null ("nothing yet" is no error, issue 34), and no offers', async () => {
    const res = await call('GET', `/api/v2/franchises/${fid}/loyalty-model`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toBeNull()
    expect((await call('GET', '/api/v2/loyalties/offers')).json()).toEqual([])
  })

  it.each([
    ['name', { name: '' }, 'loyalty.errors.name'],
    ['storeIds', { storeIds: [] }, 'loyalty.storeError'],
    ['storeIds', { storeIds: null }, 'loyalty.storeError'],
    ['loyaltyType', { loyaltyType: null }, 'loyalty.loyaltyTypeError'],
    ['loyaltyType', { loyaltyType: 'SOMETIMES' }, 'loyalty.loyaltyTypeError'],
    ['earnRate', { earnRate: 0 }, 'loyalty.errors.earnRate'],
    ['earnRate', { earnRate: 1.5 }, 'loyalty.errors.earnRate'],
    ['maxPoints', { maxPoints: -3 }, 'loyalty.errors.maxPoints'],
    ['minTimeBetweenVisits', { minTimeBetweenVisits: -1 }, 'loyalty.errors.minTime'],
    ['image', { image: 'javascript:alert(1)' }, 'loyalty.errors.image'],
  ])('refuses a card with a bad %s (%j) and creates nothing', async (field, over, messageId) => {
    const res = await call('POST', '/api/LoyaltyModels', card(over))
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toMatchObject({ field, messageId })
    expect((await call('GET', `/api/v2/franchises/${fid}/loyalty-model`)).json()).toBeNull()
  })

  it('refuses a wrongly typed field with a 400 naming it', async () => {
    const res = await call('POST', '/api/LoyaltyModels', card({ earnRate: 'ten' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().details.field).toBe('earnRate')
  })

  it("refuses another franchise's store ids (400 naming storeIds)", async () => {
    const res = await call('POST', '/api/LoyaltyModels', card({ storeIds: [dupontStores[0], bagelsStore] }))
    expect(res.statusCode).toBe(400)
    expect(res.json().details.field).toBe('storeIds')
  })

  it('a store owner may not create the card (403)', async () => {
    expect((await call('POST', '/api/LoyaltyModels', card(), storeOwner)).statusCode).toBe(403)
  })

  it("creates the card and writes the franchise's rules in the same transaction; a second is 409", async () => {
    const res = await call('POST', '/api/LoyaltyModels', card())
    expect(res.statusCode).toBe(201)
    cardId = res.json().id
    expect(res.json()).toMatchObject({
      franchiseId: fid,
      name: 'Carte Dupont',
      loyaltyType: 'PASSAGE',
      earnRate: 10,
      maxPoints: 500,
      hasMaxPointsEnabled: true,
      minTimeBetweenVisits: 3600,
      posProductIds: [],
    })
    expect([...res.json().storeIds].sort()).toEqual(dupontStores)
    const f = await franchiseRow()
    expect(f).toMatchObject({ maxPoints: 500, hasMaxPointsEnabled: true, tagScanInterval: 3600 })
    const read = await call('GET', `/api/v2/franchises/${fid}/loyalty-model`)
    expect(read.json()).toEqual(res.json())
    // The store owner reads the card.
    expect(
      (await call('GET', `/api/v2/franchises/${fid}/loyalty-model`, undefined, storeOwner)).json().id,
    ).toBe(cardId)
    const again = await call('POST', '/api/LoyaltyModels', card())
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('LOYALTY_MODEL_EXISTS')
  })

  it('updates the card: maxPoints omitted clears the cap, and the flag is true only with a cap', async () => {
    const res = await call(
      'PUT',
      `/api/v2/loyalty-models/${cardId}`,
      card({ maxPoints: undefined, hasMaxPointsEnabled: true, minTimeBetweenVisits: 0, name: 'Carte 2' }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Carte 2', maxPoints: null, hasMaxPointsEnabled: false })
    expect(await franchiseRow()).toMatchObject({
      maxPoints: null,
      hasMaxPointsEnabled: false,
      tagScanInterval: 0,
    })
  })

  it('keeps POS products only for a POS_PRODUCTS card, and writes the type on the franchise', async () => {
    const res = await call(
      'PUT',
      `/api/v2/loyalty-models/${cardId}`,
      card({ loyaltyType: 'POS_PRODUCTS', posProductIds: ['cafe', 'cafe', 'croissant'], earnRate: 2 }),
    )
    expect(res.json()).toMatchObject({ loyaltyType: 'POS_PRODUCTS', posProductIds: ['cafe', 'croissant'] })
    expect((await franchiseRow()).loyaltyType).toBe('POS_PRODUCTS')
    const back = await call('PUT', `/api/v2/loyalty-models/${cardId}`, card({ posProductIds: ['cafe'] }))
    expect(back.json()).toMatchObject({ loyaltyType: 'PASSAGE', posProductIds: [] })
  })

  it('refuses bad updates, foreign cards (404) and store owners (403), changing nothing', async () => {
    const bad = await call('PUT', `/api/v2/loyalty-models/${cardId}`, card({ storeIds: [] }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.messageId).toBe('loyalty.storeError')
    const bagelsCard = await call(
      'POST',
      '/api/LoyaltyModels',
      { ...card({ storeIds: [bagelsStore], loyaltyType: 'MANUAL_AMOUNT', earnRate: 1 }), name: 'Bagel Club' },
      bagels,
    )
    expect(bagelsCard.statusCode).toBe(201)
    bagelsCardId = bagelsCard.json().id
    expect((await call('PUT', `/api/v2/loyalty-models/${bagelsCardId}`, card())).statusCode).toBe(404)
    expect((await call('GET', `/api/v2/franchises/${bagelsFid}/loyalty-model`)).statusCode).toBe(404)
    expect((await call('PUT', `/api/v2/loyalty-models/${cardId}`, card(), storeOwner)).statusCode).toBe(403)
    expect((await call('PUT', '/api/v2/loyalty-models/not-an-id', card())).statusCode).toBe(400)
    // The last good update (previous test) still stands.
    expect((await call('GET', `/api/v2/franchises/${fid}/loyalty-model`)).json()).toMatchObject({
      name: 'Carte Dupont',
      loyaltyType: 'PASSAGE',
    })
  })

  it('changes the type (owner and admin), writing franchises.loyalty_type', async () => {
    const res = await call('PATCH', `/api/v2/loyalties/${cardId}/loyalty-type`, {
      loyaltyType: 'MANUAL_AMOUNT',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().loyaltyType).toBe('MANUAL_AMOUNT')
    expect((await franchiseRow()).loyaltyType).toBe('MANUAL_AMOUNT')
    const byAdmin = await call(
      'PATCH',
      `/api/v2/loyalties/${cardId}/loyalty-type`,
      { loyaltyType: 'PASSAGE' },
      admin,
    )
    expect(byAdmin.statusCode).toBe(200)
    expect((await franchiseRow()).loyaltyType).toBe('PASSAGE')
    const bad = await call('PATCH', `/api/v2/loyalties/${cardId}/loyalty-type`, { loyaltyType: 'NOPE' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toMatchObject({ field: 'loyaltyType', messageId: 'loyalty.loyaltyTypeError' })
    expect(
      (
        await call(
          'PATCH',
          `/api/v2/loyalties/${cardId}/loyalty-type`,
          { loyaltyType: 'PASSAGE' },
          storeOwner,
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (await call('PATCH', `/api/v2/loyalties/${bagelsCardId}/loyalty-type`, { loyaltyType: 'PASSAGE' }))
        .statusCode,
    ).toBe(404)
    expect((await franchiseRow(bagelsFid)).loyaltyType).toBe('MANUAL_AMOUNT')
  })

  it.each([
    ['type', { type: null }, 'loyalty.typeError'],
    ['type', { type: 'GIFT' }, 'loyalty.typeError'],
    ['redeemPointAmount', { redeemPointAmount: 0 }, 'loyalty.valueError'],
    ['value', { value: 0 }, 'loyalty.valueError'],
    ['value', { value: 2.5 }, 'loyalty.valueError'],
    ['value', { value: null }, 'loyalty.valueError'],
    ['value', { value: 101 }, 'loyalty.percentageError'],
    ['description', { description: 'Too short' }, 'loyalty.errors.description'],
    ['description', { description: 'x'.repeat(81) }, 'loyalty.errors.description'],
    [
      'posProductIds',
      { type: 'PRODUCT', value: null, productPriority: 'LOW_PRICE' },
      'loyalty.errors.products',
    ],
    ['productPriority', { type: 'PRODUCT', posProductIds: ['cafe'] }, 'loyalty.errors.priority'],
    ['expirationDate', { expirationDate: 'someday' }, 'loyalty.errors.expiration'],
  ])('refuses an offer with a bad %s (%j)', async (field, over, messageId) => {
    const res = await call('POST', `/api/LoyaltyModels/${cardId}/loyaltyOffers`, offer(over))
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toMatchObject({ field, messageId })
  })

  it('creates offers (ACTIVE, redeemedCount 0, timestamped; FLAT in the franchise currency)', async () => {
    const before = Date.now()
    const flat = await call(
      'POST',
      `/api/LoyaltyModels/${cardId}/loyaltyOffers`,
      offer({ name: '5 € off', type: 'FLAT', value: 500, redeemPointAmount: 150 }),
    )
    expect(flat.statusCode).toBe(201)
    expect(flat.json()).toMatchObject({ status: 'ACTIVE', redeemedCount: 0, value: 500, currencyCode: 'EUR' })
    expect(Date.parse(flat.json().dateCreated)).toBeGreaterThanOrEqual(before - 1000)
    await t.database.db.insert(posProducts).values({
      franchiseId: fid,
      storeId: dupontStores[0]!,
      providerProductId: 'cafe',
      name: 'Café',
      priceCents: 180,
      currencyCode: 'EUR',
    })
    const product = await call(
      'POST',
      `/api/LoyaltyModels/${cardId}/loyaltyOffers`,
      offer({
        name: 'Free coffee',
        type: 'PRODUCT',
        value: 99,
        posProductIds: ['cafe'],
        productPriority: 'HIGH_PRICE',
        redeemPointAmount: 20,
        expirationDate: '2030-01-31',
      }),
    )
    expect(product.json()).toMatchObject({
      type: 'PRODUCT',
      value: null,
      currencyCode: null,
      posProductIds: ['cafe'],
      productPriority: 'HIGH_PRICE',
    })
    expect(product.json().expirationDate.slice(0, 10)).toBe('2030-01-31')
    const pct = await call(
      'POST',
      `/api/LoyaltyModels/${cardId}/loyaltyOffers`,
      offer({ redeemPointAmount: 80 }),
    )
    expect(pct.json()).toMatchObject({ type: 'PERCENTAGE', value: 10, currencyCode: null })
  })

  it('lists offers by redeem points ascending, with redeemedCount only when asked', async () => {
    const offers = await t.database.db.select().from(loyaltyOffers).where(eq(loyaltyOffers.franchiseId, fid))
    await t.database.db
      .update(loyaltyOffers)
      .set({ redeemedCount: 7 })
      .where(eq(loyaltyOffers.id, offers.find((o) => o.name === 'Free coffee')!.id))
    const plain = (await call('GET', '/api/v2/loyalties/offers')).json()
    expect(plain.map((o: { redeemPointAmount: number }) => o.redeemPointAmount)).toEqual([20, 80, 150])
    expect(plain[0].redeemedCount).toBeUndefined()
    const counted = (await call('GET', '/api/v2/loyalties/offers?includeRedeemedCount=true')).json()
    expect(counted.map((o: { redeemedCount: number }) => o.redeemedCount)).toEqual([7, 0, 0])
    // The store owner reads them too; another franchise sees its own (none).
    expect((await call('GET', '/api/v2/loyalties/offers', undefined, storeOwner)).json()).toHaveLength(3)
    expect((await call('GET', '/api/v2/loyalties/offers', undefined, bagels)).json()).toEqual([])
    expect((await call('GET', `/api/v2/loyalties/offers?storeId=${dupontStores[1]}`)).json()).toHaveLength(3)
    expect((await call('GET', `/api/v2/loyalties/offers?storeId=${bagelsStore}`)).statusCode).toBe(404)
    expect((await call('GET', '/api/v2/loyalties/offers?storeId=nope')).statusCode).toBe(400)
  })

  it('updates an offer, keeping its status and counters; foreign ids are 404, store owners 403', async () => {
    const [o] = (await call('GET', '/api/v2/loyalties/offers')).json()
    const url = `/api/v2/loyalty-models/${cardId}/offers/${o.id}`
    const res = await call(
      'PUT',
      url,
      offer({ name: 'Coffee', redeemPointAmount: 300, type: 'FLAT', value: 250 }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Coffee', redeemPointAmount: 300, value: 250, status: 'ACTIVE' })
    expect(res.json().posProductIds).toEqual([])
    expect(res.json().redeemedCount).toBe(7)
    expect((await call('PUT', url, offer({ value: 500 }))).json().details.messageId).toBe(
      'loyalty.percentageError',
    )
    expect((await call('PUT', url, offer(), storeOwner)).statusCode).toBe(403)
    expect(
      (await call('POST', `/api/LoyaltyModels/${cardId}/loyaltyOffers`, offer(), storeOwner)).statusCode,
    ).toBe(403)
    expect((await call('PUT', url, offer(), bagels)).statusCode).toBe(404)
    const other = `/api/v2/loyalty-models/${bagelsCardId}/offers/${o.id}`
    expect((await call('PUT', other, offer(), bagels)).statusCode).toBe(404)
    expect((await call('POST', `/api/LoyaltyModels/${bagelsCardId}/loyaltyOffers`, offer())).statusCode).toBe(
      404,
    )
  })

  it('archives and unarchives: archived offers are hidden unless includeArchived', async () => {
    const list = (await call('GET', '/api/v2/loyalties/offers')).json()
    const target = list[0]
    const url = `/api/v2/loyalty-models/${cardId}/offers/${target.id}/status`
    expect((await call('POST', url, { status: 'GONE' })).json().details.field).toBe('status')
    expect((await call('POST', url, { status: 'ARCHIVED' }, storeOwner)).statusCode).toBe(403)
    expect((await call('POST', url, { status: 'ARCHIVED' }, bagels)).statusCode).toBe(404)
    const archived = await call('POST', url, { status: 'ARCHIVED' })
    expect(archived.json()).toMatchObject({ status: 'ARCHIVED' })
    expect(Date.parse(archived.json().statusUpdated)).toBeGreaterThanOrEqual(Date.parse(target.statusUpdated))
    const active = (await call('GET', '/api/v2/loyalties/offers')).json()
    expect(active.map((o: { id: string }) => o.id)).not.toContain(target.id)
    const all = (await call('GET', '/api/v2/loyalties/offers?includeArchived=true')).json()
    expect(all.find((o: { id: string }) => o.id === target.id).status).toBe('ARCHIVED')
    expect((await call('POST', url, { status: 'ACTIVE' })).json().status).toBe('ACTIVE')
    expect((await call('GET', '/api/v2/loyalties/offers')).json()).toHaveLength(list.length)
  })

  it("lists the card's clients: those of its stores only", async () => {
    const db = t.database.db
    const [a, b] = await db
      .insert(clients)
      .values([
        { franchiseId: fid, firstName: 'Ada', lastName: 'Paris' },
        { franchiseId: fid, firstName: 'Bob', lastName: 'Lyon' },
      ])
      .returning()
    await db.insert(clientStores).values([
      { franchiseId: fid, clientId: a!.id, storeId: dupontStores[0]! },
      { franchiseId: fid, clientId: b!.id, storeId: dupontStores[1]! },
    ])
    await call('PUT', `/api/v2/loyalty-models/${cardId}`, card({ storeIds: [dupontStores[0]] }))
    const res = await call('GET', `/api/v2/loyalty-models/${cardId}/clients?size=10`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.map((c: { id: string }) => c.id)).toEqual([a!.id])
    expect(
      (await call('GET', `/api/v2/loyalty-models/${cardId}/clients`, undefined, bagels)).statusCode,
    ).toBe(404)
    expect((await call('GET', `/api/v2/loyalty-models/${cardId}/clients?size=0`)).statusCode).toBe(400)
  })
})
