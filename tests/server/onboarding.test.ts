// Issue 34 item 4: GET /api/v2/onboarding answers a new merchant's first steps from its data. A fresh
// sign-up has done none; its first store ticks the store and the poster's tag (the first store gets
// one); the card and a first sale tick theirs. Another franchise's owner reads only its own status.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { franchises, outbox, tags } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('onboarding on %s', (kind) => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
  })
  afterAll(() => t?.close())

  type Method = 'GET' | 'POST' | 'PATCH'
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const status = async (token: string, query = '') => {
    const res = await call(token, 'GET', `/api/v2/onboarding${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  /** /register, confirm the mailed link, accept the terms, pay: a merchant with no store yet. */
  async function newSubscriber(email: string) {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email, password: 'a-long-password-1', displayName: 'Nina' },
    })
    expect(signUp.statusCode).toBe(202)
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email))
    const secret = decodeURIComponent(/\/register\/confirm\?token=(\S+)/.exec(mail!.body)![1]!)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/confirm', payload: { token: secret } }))
        .statusCode,
    ).toBe(200)
    const token = await loginAs(t.app, email, 'a-long-password-1')
    expect((await call(token, 'PATCH', '/api/v2/users/accept-terms')).statusCode).toBe(200)
    const link = (await call(token, 'GET', '/stripe/payment-links/loyalty-pro-monthly')).json().url as string
    expect((await t.app.inject({ method: 'POST', url: `${new URL(link).pathname}/pay` })).statusCode).toBe(
      303,
    )
    return token
  }

  it('ticks each step as the new merchant takes it: store (and its tag), card, first sale', async () => {
    const token = await newSubscriber('onboarding@example.test')
    expect(await status(token)).toEqual({
      franchiseId: null,
      steps: { store: false, card: false, poster: false, sale: false },
      posterStoreId: null,
    })

    const created = await call(token, 'POST', '/api/v2/stores', {
      name: 'Chez Nina',
      franchise: { name: 'Nina & Co', codeAlpha3: 'FRA' },
    })
    expect(created.statusCode).toBe(201)
    const store = created.json()
    // The first store comes with its first tag: the poster has a tag to show.
    expect(await status(token)).toEqual({
      franchiseId: store.franchiseId,
      steps: { store: true, card: false, poster: true, sale: false },
      posterStoreId: store.id,
    })

    const card = await call(token, 'POST', '/api/LoyaltyModels', {
      name: 'Carte Nina',
      image: null,
      maxPoints: 500,
      hasMaxPointsEnabled: false,
      minTimeBetweenVisits: 0,
      loyaltyType: 'MANUAL_AMOUNT',
      earnRate: 1,
      storeIds: [store.id],
    })
    expect(card.statusCode, card.body).toBe(201)
    expect((await status(token)).steps).toEqual({ store: true, card: true, poster: true, sale: false })

    const [tag] = await t.database.db.select().from(tags).where(eq(tags.storeId, store.id))
    const sale = await call(token, 'POST', `/api/v2/tags/${tag!.id}/inject-points`, { amount: '12.50' })
    expect(sale.statusCode, sale.body).toBe(200)
    expect(await status(token, `?franchiseId=${store.franchiseId}`)).toEqual({
      franchiseId: store.franchiseId,
      steps: { store: true, card: true, poster: true, sale: true },
      posterStoreId: store.id,
    })
  })

  it('counts a sale recorded in the ledger (a client’s sale at the counter) as the first sale', async () => {
    const token = await newSubscriber('ledger@example.test')
    const store = (
      await call(token, 'POST', '/api/v2/stores', {
        name: 'Chez Léa',
        franchise: { name: 'Léa', codeAlpha3: 'FRA' },
      })
    ).json()
    const client = await call(token, 'POST', `/api/v2/franchises/${store.franchiseId}/users`, {
      firstName: 'Zoé',
      lastName: 'Martin',
      phone: '+33612345678',
      storeId: store.id,
    })
    expect(client.statusCode, client.body).toBeLessThan(300)
    expect((await status(token)).steps.sale).toBe(false)
    const res = await call(token, 'POST', `/api/v2/stores/${store.id}/clients/${client.json().id}/sale`, {
      amount: '8.00',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await status(token)).steps.sale).toBe(true)
  })

  it('gives another franchise’s owner its own status only, and refuses other callers', async () => {
    const [dupont] = await t.database.db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [bagels] = await t.database.db
      .select()
      .from(franchises)
      .where(eq(franchises.name, 'Brooklyn Bagels'))
    const bagelsOwner = await loginAs(t.app, 'bagels@demo.test')
    expect((await status(bagelsOwner)).franchiseId).toBe(bagels!.id)
    // Naming Maison Dupont's franchise is a 404, as if it did not exist, with nothing of it in the body.
    const foreign = await call(bagelsOwner, 'GET', `/api/v2/onboarding?franchiseId=${dupont!.id}`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('FRANCHISE_NOT_FOUND')
    expect(foreign.body).not.toContain(dupont!.id)
    // A store owner does not set up the franchise: the checklist is the franchise owner's.
    const storeOwner = await loginAs(t.app, 'store@demo.test')
    expect((await call(storeOwner, 'GET', '/api/v2/onboarding')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/onboarding' })).statusCode).toBe(401)
    const bad = await call(bagelsOwner, 'GET', '/api/v2/onboarding?franchiseId=nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toBe('franchiseId')
  })
})
