import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientStores, franchises, stores } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { balanceOf, insertClient } from '../support/balances'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('client points and sales on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let dupont: { id: string; stores: { id: string; name: string }[] }
  let bagelsF: { id: string; storeId: string }
  let paris: string // the store owner's store
  let lyon: string

  const newClient = async (franchiseId: string, storeId: string | null, points = 0) => {
    const c = await insertClient(t.database.db, {
      franchiseId,
      firstName: 'Léa',
      lastName: 'Petit',
      points,
      totalCollectedPoints: points,
    })
    if (storeId) await t.database.db.insert(clientStores).values({ franchiseId, clientId: c!.id, storeId })
    return c!.id
  }
  const patch = (token: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v2/loyalties/points',
      headers: { ...bearer(token), ...headers },
      payload,
    })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    owner = await loginAs(t.app, 'owner@demo.test')
    storeOwner = await loginAs(t.app, 'store@demo.test')
    bagels = await loginAs(t.app, 'bagels@demo.test')
    const [f] = await t.database.db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const s = await t.database.db.select().from(stores).where(eq(stores.franchiseId, f!.id))
    dupont = { id: f!.id, stores: s }
    paris = s.find((x) => x.name.includes('Paris'))!.id
    lyon = s.find((x) => x.name.includes('Lyon'))!.id
    const [b] = await t.database.db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    const [bs] = await t.database.db.select().from(stores).where(eq(stores.franchiseId, b!.id))
    bagelsF = { id: b!.id, storeId: bs!.id }
  })
  afterAll(() => t.close())

  it('credits and debits a client, answering with its loyalty card and the transaction', async () => {
    const id = await newClient(dupont.id, paris)
    const credit = await patch(owner, { userId: id, merchantId: dupont.id, storeId: paris, points: 40 })
    expect(credit.statusCode).toBe(200)
    expect(credit.json()).toMatchObject({
      clientId: id,
      points: 40,
      totalCollectedPoints: 40,
      transaction: { type: 'credit', points: 40, storeId: paris },
    })
    const debit = await patch(owner, { userId: id, merchantId: dupont.id, storeId: paris, points: -15 })
    expect(debit.json()).toMatchObject({ points: 25, transaction: { type: 'debit', points: -15 } })
    const over = await patch(owner, { userId: id, merchantId: dupont.id, storeId: paris, points: -26 })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', details: { balance: 25 } })
  })

  it('names the bad field', async () => {
    const id = await newClient(dupont.id, paris)
    const zero = await patch(owner, { userId: id, merchantId: dupont.id, storeId: paris, points: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().details.field).toBe('points')
    const badId = await patch(owner, { userId: 'nope', merchantId: dupont.id, storeId: paris, points: 3 })
    expect(badId.json().details.field).toBe('userId')
  })

  it('hides other franchises: their ids are 404 and nothing moves', async () => {
    const id = await newClient(dupont.id, paris, 10)
    expect(
      (await patch(bagels, { userId: id, merchantId: dupont.id, storeId: paris, points: 5 })).statusCode,
    ).toBe(404)
    expect(
      (await patch(bagels, { userId: id, merchantId: bagelsF.id, storeId: bagelsF.storeId, points: 5 }))
        .statusCode,
    ).toBe(404)
    // A store of another franchise with one's own franchise id.
    expect(
      (await patch(owner, { userId: id, merchantId: dupont.id, storeId: bagelsF.storeId, points: 5 }))
        .statusCode,
    ).toBe(404)
    expect((await balanceOf(t.database.db, id)).points).toBe(10)
  })

  it('lets a store owner move points only for clients of its store, at its store', async () => {
    const mine = await newClient(dupont.id, paris)
    const other = await newClient(dupont.id, lyon)
    expect(
      (await patch(storeOwner, { userId: mine, merchantId: dupont.id, storeId: paris, points: 5 }))
        .statusCode,
    ).toBe(200)
    expect(
      (await patch(storeOwner, { userId: other, merchantId: dupont.id, storeId: paris, points: 5 }))
        .statusCode,
    ).toBe(404)
    expect(
      (await patch(storeOwner, { userId: mine, merchantId: dupont.id, storeId: lyon, points: 5 })).statusCode,
    ).toBe(404)
  })

  it('replays a request with the same Idempotency-Key and refuses the key for another body', async () => {
    const id = await newClient(dupont.id, paris)
    const body = { userId: id, merchantId: dupont.id, storeId: paris, points: 12 }
    const key = { 'idempotency-key': `credit-${id}` }
    const [a, b] = await Promise.all([patch(owner, body, key), patch(owner, body, key)])
    expect(a.json()).toEqual(b.json())
    expect([a, b].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1)
    expect((await balanceOf(t.database.db, id)).points).toBe(12)
    const other = await patch(owner, { ...body, points: 13 }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('records a sale: points per whole currency unit on a MANUAL_AMOUNT card, per visit on PASSAGE', async () => {
    const bagelsClient = await newClient(bagelsF.id, bagelsF.storeId)
    const sale = await t.app.inject({
      method: 'POST',
      url: `/api/v2/stores/${bagelsF.storeId}/clients/${bagelsClient}/sale`,
      headers: bearer(bagels),
      payload: { amount: '12,75' },
    })
    expect(sale.statusCode).toBe(200)
    expect(sale.json()).toMatchObject({
      points: 12,
      visitCount: 1,
      transaction: { type: 'tag', points: 12, amountCents: 1275 },
    })

    const dupontClient = await newClient(dupont.id, paris)
    const visit = await t.app.inject({
      method: 'POST',
      url: `/api/v2/stores/${lyon}/clients/${dupontClient}/sale`,
      headers: bearer(owner),
      payload: { amount: 8.5 },
    })
    expect(visit.json()).toMatchObject({ points: 1, visitCount: 1, transaction: { amountCents: 850 } })

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v2/stores/${lyon}/clients/${dupontClient}/sale`,
      headers: bearer(owner),
      payload: { amount: '12.345' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('amount')
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v2/stores/${bagelsF.storeId}/clients/${bagelsClient}/sale`,
      headers: bearer(owner),
      payload: { amount: 5 },
    })
    expect(foreign.statusCode).toBe(404)
  })
})
