import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientStores,
  clients,
  franchises,
  storeOpinions,
  storeOwners,
  stores,
  users,
} from '../../src/server/db/schema'
import { opinionsSeed } from '../../src/server/db/seed/opinions'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.each(databaseKinds())('store opinions on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let mine: string // the store owner's store
  let other: string // another Dupont store
  let bagelsStore: string
  let dupontClient: string
  let bagelsClient: string
  let ipCount = 0
  /** A fresh address per call: each test counts its own hits. */
  const ip = () => `10.0.${Math.floor(++ipCount / 250)}.${ipCount % 250}`

  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const leave = (store: string, payload: object, address = ip()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores/${store}/storeOpinions`,
      remoteAddress: address,
      payload,
    })
  const answer = (store: string, opinion: string, payload: object, token = owner) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/stores/${store}/storeOpinions/${opinion}`,
      headers: bearer(token),
      payload,
    })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    const [so] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'store@demo.test'))
    const [link] = await db.select().from(storeOwners).where(eq(storeOwners.userId, so!.id))
    mine = link!.storeId
    const dupontStores = await db.select().from(stores).where(eq(stores.franchiseId, f!.id))
    other = dupontStores.find((s) => s.id !== mine)!.id
    const [bs] = await db.select().from(stores).where(eq(stores.franchiseId, b!.id))
    bagelsStore = bs!.id
    const [c1] = await db
      .insert(clients)
      .values({ franchiseId: f!.id, firstName: 'Marie', lastName: 'Curie', acquiredFrom: 'STORE' })
      .returning()
    const [c2] = await db
      .insert(clients)
      .values({ franchiseId: b!.id, firstName: 'Sam', lastName: 'Cohen', acquiredFrom: 'STORE' })
      .returning()
    dupontClient = c1!.id
    // The seed picks each store's own clients.
    await db.insert(clientStores).values({ franchiseId: f!.id, clientId: c1!.id, storeId: other })
    bagelsClient = c2!.id
  })
  afterAll(() => t?.close())

  describe('POST /api/stores/{id}/storeOpinions (public)', () => {
    it('records a customer’s opinion without a merchant token, comment trimmed', async () => {
      const res = await leave(mine, { rating: 4, comment: '  Très bon accueil  ', clientId: dupontClient })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        storeId: mine,
        rating: 4,
        comment: 'Très bon accueil',
        clientId: dupontClient,
        clientName: 'Marie Curie',
        reply: null,
      })
      const anonymous = await leave(mine, { rating: 5 })
      expect(anonymous.statusCode).toBe(201)
      expect(anonymous.json()).toMatchObject({ comment: '', clientId: null, clientName: null })
    })

    it('refuses bad input naming the field', async () => {
      for (const [payload, field] of [
        [{ rating: 0 }, 'rating'],
        [{ rating: 6 }, 'rating'],
        [{ rating: 3.5 }, 'rating'],
        [{ rating: '5' }, 'rating'],
        [{}, 'rating'],
        [{ rating: 3, comment: 'x'.repeat(1001) }, 'comment'],
        [{ rating: 3, comment: 42 }, 'comment'],
        [{ rating: 3, clientId: 'nope' }, 'clientId'],
        [{ rating: 3, extra: true }, 'extra'],
      ] as const) {
        const res = await leave(mine, payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(res.json().details.field).toBe(field)
      }
      const bad = await leave('not-a-uuid', { rating: 3 })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().details.field).toBe('id')
    })

    it('answers 404 for an unknown store, and for a client of another franchise', async () => {
      expect((await leave(UNKNOWN, { rating: 3 })).statusCode).toBe(404)
      const foreign = await leave(mine, { rating: 3, clientId: bagelsClient })
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json().code).toBe('CLIENT_NOT_FOUND')
      expect((await leave(mine, { rating: 3, clientId: UNKNOWN })).statusCode).toBe(404)
    })

    it('limits opinions per address and per client and store', async () => {
      const address = '10.9.9.9'
      for (let i = 0; i < 20; i++)
        expect((await leave(bagelsStore, { rating: 5 }, address)).statusCode).toBe(201)
      const limited = await leave(bagelsStore, { rating: 5 }, address)
      expect(limited.statusCode).toBe(429)
      expect(limited.json().code).toBe('TOO_MANY_OPINIONS')
      // One client: three a day for one store, from any address.
      for (let i = 0; i < 3; i++)
        expect((await leave(bagelsStore, { rating: 4, clientId: bagelsClient })).statusCode).toBe(201)
      expect((await leave(bagelsStore, { rating: 4, clientId: bagelsClient })).statusCode).toBe(429)
    })
  })

  describe('PUT /api/stores/{id}/storeOpinions/{opinionId}', () => {
    let onMine: string
    let onOther: string
    beforeAll(async () => {
      onMine = (await leave(mine, { rating: 2, comment: 'Attente trop longue' })).json().id
      onOther = (await leave(other, { rating: 3, comment: 'Correct' })).json().id
    })

    it('lets the franchise owner reply, and reply again', async () => {
      const res = await answer(other, onOther, { reply: '  Merci pour votre retour  ' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: onOther, reply: 'Merci pour votre retour' })
      expect(res.json().repliedAt).toEqual(expect.any(String))
      const again = await answer(other, onOther, { reply: 'Merci, à bientôt' })
      expect(again.json().reply).toBe('Merci, à bientôt')
      const [row] = await t.database.db.select().from(storeOpinions).where(eq(storeOpinions.id, onOther))
      expect(row!.repliedBy).toBeTruthy()
    })

    it('lets a store owner reply on its store only', async () => {
      expect((await answer(mine, onMine, { reply: 'Désolés !' }, storeOwner)).statusCode).toBe(200)
      expect((await answer(other, onOther, { reply: 'Non' }, storeOwner)).statusCode).toBe(404)
    })

    it('hides other franchises’ stores and opinions, and mismatched pairs', async () => {
      expect((await answer(mine, onMine, { reply: 'Hi' }, bagels)).statusCode).toBe(404)
      expect((await answer(other, onMine, { reply: 'Mauvais magasin' })).statusCode).toBe(404)
      expect((await answer(mine, UNKNOWN, { reply: 'Inconnu' })).statusCode).toBe(404)
    })

    it('refuses an empty or too long reply, bad ids and no token', async () => {
      for (const payload of [{ reply: '   ' }, { reply: 'x'.repeat(1001) }, {}, { reply: 3 }]) {
        const res = await answer(mine, onMine, payload)
        expect(res.statusCode).toBe(400)
        expect(res.json().details.field).toBe('reply')
      }
      const bad = await answer(mine, 'zzz', { reply: 'ok' })
      expect(bad.json().details.field).toBe('opinionId')
      const anon = await t.app.inject({
        method: 'PUT',
        url: `/api/stores/${mine}/storeOpinions/${onMine}`,
        payload: { reply: 'x' },
      })
      expect(anon.statusCode).toBe(401)
    })
  })

  describe('reading', () => {
    beforeAll(async () => {
      await t.database.db.delete(storeOpinions)
      await opinionsSeed.run({ db: t.database.db, log: () => {} })
    })

    it('summarises each store of the caller and the franchise', async () => {
      const res = await get('/api/v2/stores/opinions')
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.stores).toHaveLength(3)
      for (const s of body.stores) {
        const n = Object.values(s.distribution as Record<string, number>).reduce((a, b) => a + b, 0)
        expect(s.count).toBe(n)
        expect(s.count).toBeGreaterThan(0)
        expect(s.average).toBeGreaterThanOrEqual(1)
        expect(s.average).toBeLessThanOrEqual(5)
      }
      expect(body.total.count).toBe(body.stores.reduce((a: number, s: { count: number }) => a + s.count, 0))
      expect(body.recent).toHaveLength(10)
      const dates = body.recent.map((o: { createdAt: string }) => o.createdAt)
      expect([...dates].sort().reverse()).toEqual(dates)

      const one = (await get(`/api/v2/stores/opinions?storeId=${other}`)).json()
      expect(one.recent.every((o: { storeId: string }) => o.storeId === other)).toBe(true)
    })

    it('limits a store owner to its store and other franchises to theirs', async () => {
      const so = (await get('/api/v2/stores/opinions', storeOwner)).json()
      expect(so.stores.map((s: { storeId: string }) => s.storeId)).toEqual([mine])
      expect(so.recent.every((o: { storeId: string }) => o.storeId === mine)).toBe(true)
      expect((await get(`/api/v2/stores/opinions?storeId=${other}`, storeOwner)).statusCode).toBe(404)
      const b = (await get('/api/v2/stores/opinions', bagels)).json()
      expect(b.stores.map((s: { storeId: string }) => s.storeId)).toEqual([bagelsStore])
      expect((await get(`/api/v2/stores/opinions?storeId=${mine}`, bagels)).statusCode).toBe(404)
      expect((await get('/api/v2/stores/opinions?storeId=x')).statusCode).toBe(400)
    })

    it('pages one store’s opinions newest first, filtered by rating and reply', async () => {
      const all = (await get(`/api/v2/stores/${other}/opinions?page=1&size=5`)).json()
      expect(all.data).toHaveLength(5)
      expect(all.metadata).toEqual({ page: 1, size: 5, total: 14 })
      const second = (await get(`/api/v2/stores/${other}/opinions?page=2&size=5`)).json()
      expect(second.data[0].createdAt <= all.data[4].createdAt).toBe(true)
      const fives = (await get(`/api/v2/stores/${other}/opinions?rating=5&size=100`)).json()
      expect(fives.data.length).toBeGreaterThan(0)
      expect(fives.data.every((o: { rating: number }) => o.rating === 5)).toBe(true)
      const replied = (await get(`/api/v2/stores/${other}/opinions?replied=true&size=100`)).json()
      const open = (await get(`/api/v2/stores/${other}/opinions?replied=false&size=100`)).json()
      expect(replied.data.every((o: { reply: string | null }) => o.reply)).toBe(true)
      expect(open.data.every((o: { reply: string | null }) => o.reply === null)).toBe(true)
      expect(replied.metadata.total + open.metadata.total).toBe(14)
      expect(all.data.some((o: { clientName: string | null }) => o.clientName)).toBe(true)
    })

    it('refuses bad queries and foreign stores', async () => {
      for (const [q, field] of [
        ['rating=6', 'rating'],
        ['size=0', 'size'],
        ['page=abc', 'page'],
        ['replied=maybe', 'replied'],
      ])
        expect((await get(`/api/v2/stores/${other}/opinions?${q}`)).json().details.field).toBe(field)
      expect((await get(`/api/v2/stores/${other}/opinions`, storeOwner)).statusCode).toBe(404)
      expect((await get(`/api/v2/stores/${other}/opinions`, bagels)).statusCode).toBe(404)
      expect((await get(`/api/v2/stores/${UNKNOWN}/opinions`)).statusCode).toBe(404)
      expect((await get(`/api/v2/stores/${mine}/opinions`, storeOwner)).statusCode).toBe(200)
      const anon = await t.app.inject({ method: 'GET', url: '/api/v2/stores/opinions' })
      expect(anon.statusCode).toBe(401)
    })
  })
})
