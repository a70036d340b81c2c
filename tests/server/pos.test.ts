// Point of sale: the account calls (franchise owner, store owner of the store, foreign ids → 404), the
// products, orders and webhook-status reads, and the signed webhook (signature, idempotency, bad input
// that changes nothing), on the demo data with the POS seed.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signBody } from '../../src/server/adapters/webhook-signature'
import { franchises, stores } from '../../src/server/db/schema'
import { DEMO_RECEIPTS, posSeed } from '../../src/server/db/seed/pos'
import { posMerchantAccounts, posOrders, posProducts } from '../../src/server/db/tables-loyalty'
import { purgeOldOrders } from '../../src/server/services/pos'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { POS_FORM as FORM } from '../support/pos-fixtures'

describe.each(databaseKinds())('point of sale on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let paris: string
  let lyon: string
  let bordeaux: string
  let bagelsStore: string
  let parisAccount: { id: string; webhookSecret: string }
  let lyonAccount: { id: string; webhookSecret: string }

  type Method = 'GET' | 'POST' | 'PUT'
  const call = (method: Method, url: string, payload?: object, token = owner) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const hook = (accountId: string, event: unknown, secret: string, raw = JSON.stringify(event)) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pos/webhook/${accountId}`,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
      payload: raw,
    })
  const order = (orderId: string, over: object = {}) => ({
    type: 'order.created',
    orderId,
    lines: [
      { productId: 'CROISS', name: 'Croissant', quantity: 3, unitPriceCents: 120 },
      { productId: 'BAG-TRAD', name: 'Baguette tradition', quantity: 2, unitPriceCents: 130 },
    ],
    totalCents: 620,
    currencyCode: 'EUR',
    orderedAt: new Date().toISOString(),
    ...over,
  })
  const ordersOf = async (storeId: string) =>
    (await t.database.db.select().from(posOrders).where(eq(posOrders.storeId, storeId))).length

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await posSeed.run({ db: t.database.db, log: () => {} })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const s = await db.select().from(stores).where(eq(stores.franchiseId, f!.id))
    paris = s.find((x) => x.name.includes('Paris'))!.id
    lyon = s.find((x) => x.name.includes('Lyon'))!.id
    bordeaux = s.find((x) => x.name.includes('Bordeaux'))!.id
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, b!.id)))[0]!.id
  })
  afterAll(() => t.close())

  it('finds the seeded account of Paris Marais, for its owner and its store owner', async () => {
    for (const token of [owner, storeOwner]) {
      const res = await call('GET', `/pos-merchant-accounts/search?storeId=${paris}`, undefined, token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ storeId: paris, type: 'LOCAL', providerStoreId: 'DUPONT-MARAIS' })
      parisAccount = res.json()
    }
    expect(parisAccount.webhookSecret).toMatch(/^[0-9a-f]{64}$/)
    expect((parisAccount as unknown as { webhookUrl: string }).webhookUrl).toMatch(
      new RegExp(`/api/pos/webhook/${parisAccount.id}$`),
    )
  })

  it('answers 404 NOT_FOUND for a store without account, 400 for a bad store id, 404 for foreign stores', async () => {
    const none = await call('GET', `/pos-merchant-accounts/search?storeId=${lyon}`)
    expect([none.statusCode, none.json().code]).toEqual([404, 'NOT_FOUND'])
    const bad = await call('GET', '/pos-merchant-accounts/search?storeId=nope')
    expect([bad.statusCode, bad.json().details.field]).toEqual([400, 'storeId'])
    const missing = await call('GET', '/pos-merchant-accounts/search')
    expect([missing.statusCode, missing.json().details.field]).toEqual([400, 'storeId'])
    expect(
      (await call('GET', `/pos-merchant-accounts/search?storeId=${paris}`, undefined, bagels)).statusCode,
    ).toBe(404)
    expect(
      (await call('GET', `/pos-merchant-accounts/search?storeId=${lyon}`, undefined, storeOwner)).statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: `/pos-merchant-accounts/search?storeId=${paris}` }))
        .statusCode,
    ).toBe(401)
  })

  it('creates an account with a random secret, once per store; bad input names the field and creates nothing', async () => {
    const bad = await call('POST', '/pos-merchant-accounts', { ...FORM, storeId: lyon, linkReceiptDelay: 10 })
    expect([bad.statusCode, bad.json().details.field]).toEqual([400, 'linkReceiptDelay'])
    const blank = await call('POST', '/pos-merchant-accounts', {
      ...FORM,
      storeId: lyon,
      providerStoreId: '  ',
    })
    expect([blank.statusCode, blank.json().details.field]).toEqual([400, 'providerStoreId'])
    const type = await call('POST', '/pos-merchant-accounts', { ...FORM, storeId: lyon, type: 'OTHER' })
    expect([type.statusCode, type.json().details.field]).toEqual([400, 'type'])
    const foreign = await call('POST', '/pos-merchant-accounts', { ...FORM, storeId: lyon }, bagels)
    expect(foreign.statusCode).toBe(404)
    const scoped = await call('POST', '/pos-merchant-accounts', { ...FORM, storeId: lyon }, storeOwner)
    expect(scoped.statusCode).toBe(404)
    const rows = await t.database.db
      .select()
      .from(posMerchantAccounts)
      .where(eq(posMerchantAccounts.storeId, lyon))
    expect(rows).toHaveLength(0)

    const res = await call('POST', '/pos-merchant-accounts', { ...FORM, storeId: lyon })
    expect(res.statusCode).toBe(201)
    lyonAccount = res.json()
    expect(res.json()).toMatchObject({ ...FORM, storeId: lyon, lastWebhookAt: null })
    expect(lyonAccount.webhookSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(lyonAccount.webhookSecret).not.toBe(parisAccount.webhookSecret)
    const again = await call('POST', '/pos-merchant-accounts', { ...FORM, storeId: lyon })
    expect([again.statusCode, again.json().code]).toEqual([409, 'POS_ACCOUNT_EXISTS'])
  })

  it('updates an account in scope; foreign ids and other stores of a store owner are 404', async () => {
    const body = { ...FORM, posType: null, canSync: false, resetDelay: 0, linkReceiptDelay: 7200 }
    const res = await call('PUT', `/pos-merchant-accounts/${lyonAccount.id}`, body)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ posType: null, canSync: false, resetDelay: 0, linkReceiptDelay: 7200 })
    expect(res.json().webhookSecret).toBe(lyonAccount.webhookSecret)
    const bad = await call('PUT', `/pos-merchant-accounts/${lyonAccount.id}`, { ...body, resetDelay: 1.5 })
    expect([bad.statusCode, bad.json().details.field]).toEqual([400, 'resetDelay'])
    expect((await call('PUT', '/pos-merchant-accounts/x', body)).statusCode).toBe(400)
    expect((await call('PUT', `/pos-merchant-accounts/${lyonAccount.id}`, body, bagels)).statusCode).toBe(404)
    expect((await call('PUT', `/pos-merchant-accounts/${lyonAccount.id}`, body, storeOwner)).statusCode).toBe(
      404,
    )
    const mine = await call(
      'PUT',
      `/pos-merchant-accounts/${parisAccount.id}`,
      { ...FORM, providerStoreId: 'DUPONT-MARAIS' },
      storeOwner,
    )
    expect(mine.statusCode).toBe(200)
    const [row] = await t.database.db
      .select()
      .from(posMerchantAccounts)
      .where(eq(posMerchantAccounts.id, lyonAccount.id))
    expect(row!.linkReceiptDelay).toBe(7200)
  })

  it('takes a signed order once (idempotent on the receipt id) and refuses bad signatures with 401', async () => {
    const before = await ordersOf(lyon)
    const first = await hook(lyonAccount.id, order('L-1'), lyonAccount.webhookSecret)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ received: true, outcome: 'created', orderId: 'L-1' })
    const again = await hook(lyonAccount.id, order('L-1', { totalCents: 1 }), lyonAccount.webhookSecret)
    expect(again.json()).toMatchObject({ outcome: 'duplicate' })
    expect(await ordersOf(lyon)).toBe(before + 1)
    const [stored] = await t.database.db
      .select()
      .from(posOrders)
      .where(and(eq(posOrders.storeId, lyon), eq(posOrders.providerOrderId, 'L-1')))
    expect(stored!.totalCents).toBe(620)

    const wrongKey = await hook(lyonAccount.id, order('L-2'), parisAccount.webhookSecret)
    expect([wrongKey.statusCode, wrongKey.json().code]).toEqual([401, 'WEBHOOK_SIGNATURE_INVALID'])
    const raw = JSON.stringify(order('L-2'))
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/pos/webhook/${lyonAccount.id}`,
      headers: { 'content-type': 'application/json' },
      payload: raw,
    })
    expect(unsigned.statusCode).toBe(401)
    // The signature covers the exact bytes: the same JSON re-spaced does not pass.
    const tampered = await t.app.inject({
      method: 'POST',
      url: `/api/pos/webhook/${lyonAccount.id}`,
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(lyonAccount.webhookSecret, raw),
      },
      payload: raw.replace('"L-2"', '"L-3"'),
    })
    expect(tampered.statusCode).toBe(401)
    const prefixed = await t.app.inject({
      method: 'POST',
      url: `/api/pos/webhook/${lyonAccount.id}`,
      headers: {
        'content-type': 'application/json',
        'x-signature': `sha256=${signBody(lyonAccount.webhookSecret, raw)}`,
      },
      payload: raw,
    })
    expect(prefixed.statusCode).toBe(200)
    expect((await hook('00000000-0000-4000-8000-000000000000', order('L-9'), 'x')).statusCode).toBe(404)
    expect((await hook('not-an-id', order('L-9'), 'x')).statusCode).toBe(404)
  })

  it('refuses a bad body with a 400 naming the field, and stores nothing', async () => {
    const s = lyonAccount.webhookSecret
    const before = await ordersOf(lyon)
    const cases: [unknown, string][] = [
      [
        order('B-1', { lines: [{ productId: 'X', name: 'X', quantity: 0, unitPriceCents: 100 }] }),
        'lines.0.quantity',
      ],
      [order('B-2', { lines: [] }), 'lines'],
      [order('B-3', { currencyCode: 'USD' }), 'currencyCode'],
      [order('B-4', { orderedAt: 'yesterday' }), 'orderedAt'],
      [order('B-5', { totalCents: -1 }), 'totalCents'],
      [order('', {}), 'orderId'],
      [{ type: 'order.deleted' }, 'type'],
      [
        { type: 'products.updated', products: [{ id: 'A', name: 'A', priceCents: 1, currencyCode: 'USD' }] },
        'products.0.currencyCode',
      ],
    ]
    for (const [event, field] of cases) {
      const res = await hook(lyonAccount.id, event, s)
      expect([res.statusCode, res.json().details?.field], JSON.stringify(event)).toEqual([400, field])
    }
    const notJson = await hook(lyonAccount.id, null, s, '{oops')
    expect([notJson.statusCode, notJson.json().details.field]).toEqual([400, 'body'])
    expect(await ordersOf(lyon)).toBe(before)
    const products = await t.database.db.select().from(posProducts).where(eq(posProducts.storeId, lyon))
    expect(products).toHaveLength(0)
  })

  it('upserts the catalogue the till posts and lists it as the store products', async () => {
    const s = lyonAccount.webhookSecret
    const products = [
      { id: 'CROISS', name: 'Croissant', priceCents: 120, currencyCode: 'EUR' },
      { id: 'BAG-TRAD', name: 'Baguette tradition', priceCents: 130, currencyCode: 'EUR' },
    ]
    const res = await hook(lyonAccount.id, { type: 'products.updated', products }, s)
    expect(res.json()).toMatchObject({ outcome: 'updated', count: 2 })
    await hook(
      lyonAccount.id,
      { type: 'products.updated', products: [{ ...products[0]!, priceCents: 125 }] },
      s,
    )
    const list = await call('GET', `/stores/${lyon}/products`)
    expect(list.json()).toEqual({
      data: [
        { id: 'BAG-TRAD', name: 'Baguette tradition', priceCents: 130, currencyCode: 'EUR' },
        { id: 'CROISS', name: 'Croissant', priceCents: 125, currencyCode: 'EUR' },
      ],
    })
    const parisList = await call('GET', `/stores/${paris}/products`, undefined, storeOwner)
    expect(parisList.json().data.length).toBeGreaterThan(10)
    expect((await call('GET', `/stores/${bordeaux}/products`)).json()).toEqual({ data: [] })
    expect((await call('GET', `/stores/${lyon}/products`, undefined, storeOwner)).statusCode).toBe(404)
    expect((await call('GET', `/stores/${lyon}/products`, undefined, bagels)).statusCode).toBe(404)
    expect((await call('GET', `/stores/${bagelsStore}/products`)).statusCode).toBe(404)
    expect((await call('GET', '/stores/x/products')).statusCode).toBe(400)
  })

  it('reads orders by receipt id and by our id, and the latest orders of a store, in scope', async () => {
    const byReceipt = await call(
      'GET',
      `/orders/pos/${DEMO_RECEIPTS[0]}?storeId=${paris}`,
      undefined,
      storeOwner,
    )
    expect(byReceipt.statusCode).toBe(200)
    const o = byReceipt.json()
    expect(o).toMatchObject({ storeId: paris, receiptId: 'R-1001', currencyCode: 'EUR', linkedAt: null })
    expect(o.totalCents).toBe(
      o.lines.reduce(
        (n: number, l: { quantity: number; unitPriceCents: number }) => n + l.quantity * l.unitPriceCents,
        0,
      ),
    )
    expect((await call('GET', `/orders/pos/R-1001?storeId=${lyon}`)).statusCode).toBe(404)
    expect((await call('GET', '/orders/pos/R-1001')).json().details.field).toBe('storeId')
    expect((await call('GET', `/orders/pos/R-1001?storeId=${paris}`, undefined, bagels)).statusCode).toBe(404)

    const byId = await call('GET', `/api/v2/orders/lb/${o.id}`)
    expect(byId.json()).toEqual(o)
    expect((await call('GET', `/api/v2/orders/lb/${o.id}`, undefined, bagels)).statusCode).toBe(404)
    const [lyonOrder] = await t.database.db.select().from(posOrders).where(eq(posOrders.storeId, lyon))
    expect((await call('GET', `/api/v2/orders/lb/${lyonOrder!.id}`, undefined, storeOwner)).statusCode).toBe(
      404,
    )
    expect((await call('GET', '/api/v2/orders/lb/nope')).statusCode).toBe(400)

    const list = await call('GET', `/api/v2/stores/${paris}/pos-orders?limit=3`)
    const receipts = list.json().data.map((x: { receiptId: string }) => x.receiptId)
    expect(receipts).toEqual(['R-1005', 'R-1004', 'R-1003'])
    expect((await call('GET', `/api/v2/stores/${paris}/pos-orders?limit=0`)).json().details.field).toBe(
      'limit',
    )
    expect((await call('GET', `/api/v2/stores/${lyon}/pos-orders`, undefined, storeOwner)).statusCode).toBe(
      404,
    )
  })

  it('tells the webhook status: OK after a call, NEVER before, STALE after a quiet day, NOT_CONFIGURED without account', async () => {
    const status = async (id: string, token = owner) =>
      (await call('GET', `/api/v2/stores/${id}/webhook-status`, undefined, token)).json()
    expect(await status(lyon)).toMatchObject({ configured: true, state: 'OK' })
    expect((await status(lyon)).lastWebhookAt).not.toBeNull()
    expect(await status(bordeaux)).toEqual({
      configured: false,
      lastWebhookAt: null,
      state: 'NOT_CONFIGURED',
    })
    await t.database.db
      .update(posMerchantAccounts)
      .set({ lastWebhookAt: null })
      .where(eq(posMerchantAccounts.id, lyonAccount.id))
    expect((await status(lyon)).state).toBe('NEVER')
    await t.database.db
      .update(posMerchantAccounts)
      .set({ lastWebhookAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(posMerchantAccounts.id, parisAccount.id))
    expect((await status(paris, storeOwner)).state).toBe('STALE')
    expect(
      (await call('GET', `/api/v2/stores/${lyon}/webhook-status`, undefined, storeOwner)).statusCode,
    ).toBe(404)
    expect((await call('GET', `/api/v2/stores/${paris}/webhook-status`, undefined, bagels)).statusCode).toBe(
      404,
    )
  })

  it('regenerates the secret: the old one stops working at once; secrets never reach the log', async () => {
    const old = lyonAccount.webhookSecret
    expect(
      (await call('POST', `/pos-merchant-accounts/${lyonAccount.id}/secret`, undefined, bagels)).statusCode,
    ).toBe(404)
    const res = await call('POST', `/pos-merchant-accounts/${lyonAccount.id}/secret`)
    expect(res.statusCode).toBe(200)
    const fresh = res.json().webhookSecret as string
    expect(fresh).toMatch(/^[0-9a-f]{64}$/)
    expect(fresh).not.toBe(old)
    expect((await hook(lyonAccount.id, order('L-10'), old)).statusCode).toBe(401)
    expect((await hook(lyonAccount.id, order('L-10'), fresh)).statusCode).toBe(200)
    const logs = t.logs.join('\n')
    for (const secret of [old, fresh, parisAccount.webhookSecret]) expect(logs).not.toContain(secret)
  })

  it('purges received orders older than the receipt deletion delay (0 keeps them)', async () => {
    const db = t.database.db
    const old = new Date(Date.now() - 3 * 3600_000)
    await db.update(posOrders).set({ receivedAt: old }).where(eq(posOrders.storeId, lyon))
    expect(await purgeOldOrders(db)).toBe(0)
    await db
      .update(posMerchantAccounts)
      .set({ receiptDeletionDelay: 7200 })
      .where(eq(posMerchantAccounts.id, lyonAccount.id))
    await hook(
      lyonAccount.id,
      order('L-11'),
      (await db.select().from(posMerchantAccounts).where(eq(posMerchantAccounts.id, lyonAccount.id)))[0]!
        .webhookSecret,
    )
    const removed = await purgeOldOrders(db)
    expect(removed).toBeGreaterThan(0)
    const left = await db
      .select({ r: posOrders.providerOrderId })
      .from(posOrders)
      .where(eq(posOrders.storeId, lyon))
    expect(left.map((x) => x.r)).toEqual(['L-11'])
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posOrders)
      .where(eq(posOrders.storeId, paris))) as [{ n: number }]
    expect(n).toBe(DEMO_RECEIPTS.length)
  })
})
