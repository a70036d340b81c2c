// §4 "a user who creates their first store becomes a merchant" (issue 24 #1): a self-registered
// merchant accepts the terms, pays, and its first store creates its franchise; every page then works.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { franchises, outbox, stores, tags, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('first store on %s', (kind) => {
  let t: TestApp

  beforeAll(async () => {
    t = await startTestApp(kind)
  })
  afterAll(() => t?.close())

  type Method = 'GET' | 'POST' | 'PATCH'
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })

  /** /register, accept the terms, pay at the local checkout: what a new merchant does before its store. */
  async function newSubscriber(email: string) {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email, password: 'a-long-password-1', displayName: 'Nina' },
    })
    expect(signUp.statusCode).toBe(202)
    // The account exists once the mailed link is followed (issue 34).
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email))
    const secret = decodeURIComponent(/\/register\/confirm\?token=(\S+)/.exec(mail!.body)![1]!)
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { token: secret },
    })
    expect(confirmed.statusCode).toBe(200)
    const token = await loginAs(t.app, email, 'a-long-password-1')
    expect((await call(token, 'PATCH', '/api/v2/users/accept-terms')).statusCode).toBe(200)
    const link = (await call(token, 'GET', '/stripe/payment-links/loyalty-pro-monthly')).json().url as string
    const pay = await t.app.inject({ method: 'POST', url: `${new URL(link).pathname}/pay` })
    expect(pay.statusCode).toBe(303)
    return token
  }

  it('asks for the franchise when the merchant has none, naming the field', async () => {
    const token = await newSubscriber('nofranchise@example.test')
    const res = await call(token, 'POST', '/api/v2/stores', { name: 'Boutique' })
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toMatchObject({ field: 'franchise', in: 'body' })
    const bad = await call(token, 'POST', '/api/v2/stores', {
      name: 'Boutique',
      franchise: { name: 'Nina', codeAlpha3: 'ATA' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details.field).toMatch(/codeAlpha3/)
  })

  it('creates the franchise with its country’s currency and time zone, and every page works', async () => {
    const token = await newSubscriber('nina@example.test')
    const res = await call(token, 'POST', '/api/v2/stores', {
      name: 'Chez Nina',
      franchise: { name: '  Nina & Co ', codeAlpha3: 'CHE' },
    })
    expect(res.statusCode).toBe(201)
    const store = res.json()
    const db = t.database.db
    const [u] = await db.select().from(users).where(eq(users.email, 'nina@example.test'))
    expect(u!.role).toBe('FRANCHISE_OWNER')
    const [f] = await db.select().from(franchises).where(eq(franchises.userId, u!.id))
    expect(f).toMatchObject({
      name: 'Nina & Co',
      codeAlpha3: 'CHE',
      currencyCode: 'CHF',
      timezone: 'Europe/Zurich',
    })
    expect(store).toMatchObject({ franchiseId: f!.id, currencyCode: 'CHF' })

    const owned = (await call(token, 'GET', '/api/v2/franchises/owned')).json()
    expect(owned).toEqual([expect.objectContaining({ id: f!.id, name: 'Nina & Co' })])
    for (const url of [
      `/api/v2/franchises/${f!.id}`,
      `/api/v2/analytics/franchises/${f!.id}/clients/count`,
      `/api/v2/analytics/franchises/${f!.id}/history/days`,
      `/api/v2/franchises/clients?franchiseId=${f!.id}`,
      '/api/v2/stores/owned',
    ])
      expect((await call(token, 'GET', url)).statusCode, url).toBe(200)

    // A second store is an ordinary one of that franchise; a franchise sent again is not a second one.
    const second = await call(token, 'POST', '/api/v2/stores', {
      name: 'Nina 2',
      franchise: { name: 'Other', codeAlpha3: 'FRA' },
    })
    expect(second.statusCode).toBe(201)
    expect(second.json().franchiseId).toBe(f!.id)
    expect(await db.select().from(franchises).where(eq(franchises.userId, u!.id))).toHaveLength(1)
  })

  it('gives the first store its first tag, so that a first sale has somewhere to go (issue 34)', async () => {
    const token = await newSubscriber('firsttag@example.test')
    const first = await call(token, 'POST', '/api/v2/stores', {
      name: 'Boulangerie de la Place du Marché aux Fleurs et des Quatre Saisons',
      franchise: { name: 'Fleurs', codeAlpha3: 'FRA' },
    })
    expect(first.statusCode).toBe(201)
    const store = first.json()
    const listed = await call(
      token,
      'GET',
      `/api/v2/franchises/${store.franchiseId}/tags?storeId=${store.id}`,
    )
    expect(listed.statusCode).toBe(200)
    expect(listed.json().data).toEqual([
      expect.objectContaining({ name: 'Boulangerie de la Place du Marché aux Fleurs et des Quatre S' }),
    ])
    // Later stores are the merchant's to equip: no tag made for them.
    const second = await call(token, 'POST', '/api/v2/stores', { name: 'Second' })
    expect(second.statusCode).toBe(201)
    const db = t.database.db
    expect(await db.select().from(tags).where(eq(tags.storeId, second.json().id))).toEqual([])
    expect(await db.select().from(tags).where(eq(tags.franchiseId, store.franchiseId))).toHaveLength(1)
  })

  it('creates one franchise when two first stores are sent at once', async () => {
    const token = await newSubscriber('twice@example.test')
    const body = { name: 'Twice', franchise: { name: 'Twice', codeAlpha3: 'FRA' } }
    const answers = await Promise.all([
      call(token, 'POST', '/api/v2/stores', body),
      call(token, 'POST', '/api/v2/stores', body),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201])
    const db = t.database.db
    const [u] = await db.select().from(users).where(eq(users.email, 'twice@example.test'))
    const owned = await db.select().from(franchises).where(eq(franchises.userId, u!.id))
    expect(owned).toHaveLength(1)
    expect(await db.select().from(stores).where(eq(stores.franchiseId, owned[0]!.id))).toHaveLength(2)
  })
})
