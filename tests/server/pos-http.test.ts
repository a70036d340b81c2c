// The POS adapters over HTTP: the provider's product API against a fake server on 127.0.0.1 (requests,
// bearer key, replies, failures as 502), and the simulator posting signed events to the app listening
// on 127.0.0.1 like a real till.
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPos } from '../../src/server/adapters/pos'
import { BAKERY_CATALOGUE, seededRandom, simulate } from '../../src/server/adapters/pos/simulator'
import { testConfig } from '../../src/server/config'
import { clients, franchises, loyaltyModels, stores } from '../../src/server/db/schema'
import { posSeed } from '../../src/server/db/seed/pos'
import { tagsSeed } from '../../src/server/db/seed/tags'
import { posMerchantAccounts, posOrders, tags } from '../../src/server/db/tables-loyalty'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { balanceOf } from '../support/balances'
import { databaseKinds } from '../support/database'
import { scriptedProvider } from '../support/scripted-provider'

const KEY = 'pos_test_key'

// The provider answers what `next` says (a reply per path), and records every request it gets.
const provider = scriptedProvider()
const { seen, replies: next } = provider

describe('createPos', () => {
  it('reads the webhook catalogue unless a provider URL is set, and wants a key with it', () => {
    expect(createPos({}).kind).toBe('local')
    expect(createPos({ url: 'http://127.0.0.1:1', key: KEY }).kind).toBe('http')
    expect(() => createPos({ url: 'http://127.0.0.1:1' })).toThrow(/POS_API_KEY/)
  })
})

describe.each(databaseKinds())('POS over HTTP on %s', (kind) => {
  let t: TestApp
  let owner: string
  let paris: string

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: { adapters: { ...testConfig().adapters, pos: { url: `${provider.url}/v1`, key: KEY } } },
    })
    await posSeed.run({ db: t.database.db, log: () => {} })
    owner = await loginAs(t.app, 'owner@demo.test')
    const [s] = await t.database.db
      .select()
      .from(stores)
      .where(eq(stores.name, 'Maison Dupont — Paris Marais'))
    paris = s!.id
  })
  afterAll(() => t.close())

  const products = () =>
    t.app.inject({ method: 'GET', url: `/stores/${paris}/products`, headers: bearer(owner) })

  it('asks the provider for the account store’s products with the bearer key', async () => {
    next['/v1/stores/DUPONT-MARAIS/products'] = {
      status: 200,
      body: { data: [{ id: 'P1', name: 'Brioche', priceCents: 390, currencyCode: 'EUR', extra: true }] },
    }
    const res = await products()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      data: [{ id: 'P1', name: 'Brioche', priceCents: 390, currencyCode: 'EUR' }],
    })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/stores/DUPONT-MARAIS/products' })
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('takes a bare array as well', async () => {
    next['/v1/stores/DUPONT-MARAIS/products'] = {
      status: 200,
      body: [{ id: 'P2', name: 'Pain de mie', priceCents: 290, currencyCode: 'EUR' }],
    }
    expect((await products()).json().data).toHaveLength(1)
  })

  it('turns provider failures, odd replies and hang-ups into a 502 POS_PROVIDER_ERROR', async () => {
    for (const reply of [
      { status: 500, body: { error: 'boom' } },
      { status: 200, body: { data: [{ id: 'P1' }] } },
      'hang-up' as const,
    ]) {
      next['/v1/stores/DUPONT-MARAIS/products'] = reply
      const res = await products()
      expect([res.statusCode, res.json().code]).toEqual([502, 'POS_PROVIDER_ERROR'])
    }
    expect(t.logs.join('\n')).not.toContain(KEY)
  })
})

describe.each(databaseKinds())('POS simulator on %s', (kind) => {
  let t: TestApp
  let base: string
  let account: { id: string; webhookSecret: string; storeId: string }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await posSeed.run({ db: t.database.db, log: () => {} })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const [a] = await t.database.db.select().from(posMerchantAccounts)
    account = a!
  })
  afterAll(() => t.close())

  it('posts the catalogue then signed orders with consistent totals, printing each receipt id', async () => {
    const lines: string[] = []
    const pauses: number[] = []
    const receipts = await simulate({
      url: base,
      accountId: account.id,
      secret: account.webhookSecret,
      orders: 3,
      intervalSeconds: 2,
      currencyCode: 'EUR',
      firstReceipt: 5001,
      random: seededRandom(7),
      log: (l) => lines.push(l),
      sleep: async (ms) => {
        pauses.push(ms)
      },
    })
    expect(receipts).toEqual(['R-5001', 'R-5002', 'R-5003'])
    expect(pauses).toEqual([2000, 2000])
    expect(lines[0]).toBe(`catalogue: ${BAKERY_CATALOGUE.length} products`)
    for (const r of receipts)
      expect(lines.some((l) => l.startsWith(`receipt ${r} `) && l.endsWith('created'))).toBe(true)
    const rows = await t.database.db.select().from(posOrders).where(eq(posOrders.storeId, account.storeId))
    for (const r of receipts) {
      const row = rows.find((o) => o.providerOrderId === r)!
      expect(row.totalCents).toBe(row.lines.reduce((n, l) => n + l.quantity * l.unitPriceCents, 0))
      for (const l of row.lines) {
        const item = BAKERY_CATALOGUE.find((p) => p.id === l.productId)!
        expect([l.name, l.unitPriceCents]).toEqual([item.name, item.priceCents])
      }
    }
  })

  it('reports a duplicate run and fails on a wrong secret', async () => {
    const lines: string[] = []
    const run = (secret: string) =>
      simulate({
        url: base,
        accountId: account.id,
        secret,
        orders: 1,
        intervalSeconds: 0,
        currencyCode: 'EUR',
        firstReceipt: 5001,
        log: (l) => lines.push(l),
      })
    await run(account.webhookSecret)
    expect(lines.at(-1)).toMatch(/^receipt R-5001 .* duplicate$/)
    await expect(run('0'.repeat(64))).rejects.toThrow(/HTTP 401/)
  })

  // The receipt a till posted, linked by a customer on the public scan page (engineer C's collect call):
  // a POS_AMOUNT card earns floor(total / 100) × earnRate, once per receipt.
  it('credits the points of a posted order once when its receipt is collected on the scan page', async () => {
    const db = t.database.db
    await tagsSeed.run({ db, log: () => {} })
    const [dupont] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const storeIds = (await db.select().from(stores).where(eq(stores.franchiseId, dupont!.id))).map(
      (s) => s.id,
    )
    await db
      .insert(loyaltyModels)
      .values({ franchiseId: dupont!.id, name: 'Carte', loyaltyType: 'POS_AMOUNT', earnRate: 3, storeIds })
      .onConflictDoUpdate({
        target: loyaltyModels.franchiseId,
        set: { loyaltyType: 'POS_AMOUNT', earnRate: 3 },
      })
    const [receiptId] = await simulate({
      url: base,
      accountId: account.id,
      secret: account.webhookSecret,
      orders: 1,
      intervalSeconds: 0,
      currencyCode: 'EUR',
      firstReceipt: 7001,
      random: seededRandom(3),
      log: () => {},
    })
    const [order] = await db.select().from(posOrders).where(eq(posOrders.providerOrderId, receiptId!))
    const expected = Math.floor(order!.totalCents / 100) * 3
    expect(expected).toBeGreaterThan(0)
    // The store's counter tag (a random id: issue 16 #5).
    const [tag] = await db.select().from(tags).where(eq(tags.storeId, account.storeId))
    const collect = (phone: string, receipt: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/scan/${tag!.tagUid}/collect`,
        remoteAddress: `10.9.0.${phone.slice(-2)}`,
        payload: { phone, receiptId: receipt },
      })
    const first = await collect('06 11 22 33 44', receiptId!)
    expect(first.statusCode).toBe(200)
    // No proven device (issue 24 #4): the points only; the balance is read from the database below.
    expect(first.json()).toMatchObject({ points: expected, balance: null })
    // The client by its phone: an unproven device is not told who it is (issue 34).
    expect(first.json()).not.toHaveProperty('clientId')
    const [client] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.franchiseId, dupont!.id), eq(clients.phone, '+33611223344')))
    expect((await balanceOf(db, client!.id)).points).toBe(expected)
    const [linked] = await db.select().from(posOrders).where(eq(posOrders.id, order!.id))
    expect([linked!.linkedClientId, linked!.transactionId]).toEqual([client!.id, first.json().transactionId])
    // The same receipt again, by anyone: refused, and nobody earns.
    const again = await collect('06 55 66 77 88', receiptId!)
    expect([again.statusCode, again.json().code]).toEqual([409, 'RECEIPT_ALREADY_LINKED'])
    const same = await collect('06 11 22 33 44', receiptId!)
    expect(same.statusCode).toBe(409)
    expect((await balanceOf(db, client!.id)).points).toBe(expected)
    // An order older than the account's receipt link delay is no receipt available.
    await db
      .update(posMerchantAccounts)
      .set({ linkReceiptDelay: 60 })
      .where(eq(posMerchantAccounts.id, account.id))
    await db
      .update(posOrders)
      .set({ orderedAt: new Date(Date.now() - 120_000) })
      .where(eq(posOrders.providerOrderId, 'R-5002'))
    const late = await collect('06 99 88 77 66', 'R-5002')
    expect([late.statusCode, late.json().code]).toEqual([404, 'RECEIPT_NOT_FOUND'])
  })
})
