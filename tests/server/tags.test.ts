import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRESENCE_CODE_PATTERN, PRESENCE_WINDOW_SECONDS } from '../../src/domain/scan'
import { franchises, loyaltyModels, storeOwners, stores, users } from '../../src/server/db/schema'
import { tagsSeed } from '../../src/server/db/seed/tags'
import { tagInjections, tags } from '../../src/server/db/tables-loyalty'
import { currentPresenceCode, isPresenceCodeValid } from '../../src/server/services/presence'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

describe.each(databaseKinds())('tags on %s', (kind) => {
  let t: TestApp
  let owner: string // Maison Dupont (PASSAGE)
  let storeOwner: string // one Dupont store
  let bagels: string // Brooklyn Bagels (MANUAL_AMOUNT, USD)
  let admin: string
  let dupont: string
  let bagelsFid: string
  let bagelsStore: string
  let bagelsTag: string
  let mine: string // the store owner's store
  let other: string // another Dupont store
  let mineTag: string
  let otherTag: string
  let bagelsUserId: string

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
  const call = (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const inject = (tag: string, amount: unknown, token = bagels) =>
    call('POST', `/api/v2/tags/${tag}/inject-points`, token, { amount })
  const open = () =>
    t.database.db
      .select()
      .from(tagInjections)
      .where(
        and(
          eq(tagInjections.tagId, bagelsTag),
          isNull(tagInjections.resetAt),
          isNull(tagInjections.collectedAt),
        ),
      )

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    const db = t.database.db
    await tagsSeed.run({ db, log: () => {} })
    ;[owner, storeOwner, bagels, admin] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test', 'admin@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    dupont = f!.id
    bagelsFid = b!.id
    bagelsUserId = b!.userId!
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, bagelsFid)))[0]!.id
    bagelsTag = (await db.select().from(tags).where(eq(tags.storeId, bagelsStore)))[0]!.id
    const [so] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'store@demo.test'))
    mine = (await db.select().from(storeOwners).where(eq(storeOwners.userId, so!.id)))[0]!.storeId
    other = (await db.select().from(stores).where(eq(stores.franchiseId, dupont))).find(
      (s) => s.id !== mine,
    )!.id
    mineTag = (await db.select().from(tags).where(eq(tags.storeId, mine)))[0]!.id
    otherTag = (await db.select().from(tags).where(eq(tags.storeId, other)))[0]!.id
  })
  afterAll(() => t?.close())

  describe('GET /api/v2/franchises/{id}/tags', () => {
    it('lists a store’s tags with data and metadata, the seeded counter tag first', async () => {
      const res = await call('GET', `/api/v2/franchises/${bagelsFid}/tags?storeId=${bagelsStore}`, bagels)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.metadata).toEqual({ page: 1, size: 1, total: 1 })
      expect(body.data[0]).toEqual({
        id: bagelsTag,
        tagId: expect.stringMatching(/^[a-z2-7]{10}$/),
        name: 'Counter',
        storeId: bagelsStore,
        passages: 0,
        resetDelay: 180,
        manualPointsInfo: null,
      })
    })

    it('answers an empty page, 200, for a store without tags ("nothing yet" is no error, issue 34)', async () => {
      const [s] = await t.database.db
        .insert(stores)
        .values({ franchiseId: bagelsFid, name: 'Bagels — DUMBO', currencyCode: 'USD' })
        .returning()
      const res = await call('GET', `/api/v2/franchises/${bagelsFid}/tags?storeId=${s!.id}`, bagels)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ data: [], metadata: { page: 1, size: 0, total: 0 } })
      await t.database.db.delete(stores).where(eq(stores.id, s!.id))
    })

    it('scopes: a store owner sees only its stores’ tags; foreign franchises and stores are 404', async () => {
      const all = await call('GET', `/api/v2/franchises/${dupont}/tags`, storeOwner)
      expect(all.statusCode).toBe(200)
      expect(all.json().data.map((x: { storeId: string }) => x.storeId)).toEqual([mine])
      const full = await call('GET', `/api/v2/franchises/${dupont}/tags`, owner)
      expect(full.json().metadata.total).toBe(3)
      expect(
        (await call('GET', `/api/v2/franchises/${dupont}/tags?storeId=${other}`, storeOwner)).statusCode,
      ).toBe(404)
      const foreign = await call('GET', `/api/v2/franchises/${bagelsFid}/tags`, owner)
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json().code).toBe('FRANCHISE_NOT_FOUND')
      const foreignStore = await call(
        'GET',
        `/api/v2/franchises/${dupont}/tags?storeId=${bagelsStore}`,
        owner,
      )
      expect(foreignStore.json().code).toBe('STORE_NOT_FOUND')
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v2/franchises/${dupont}/tags` })).statusCode,
      ).toBe(401)
      expect((await call('GET', `/api/v2/franchises/${dupont}/tags`, admin)).statusCode).toBe(403)
    })

    it('refuses bad input naming the field', async () => {
      for (const [url, field] of [
        [`/api/v2/franchises/nope/tags`, 'id'],
        [`/api/v2/franchises/${dupont}/tags?storeId=nope`, 'storeId'],
        [`/api/v2/franchises/${dupont}/tags?page=0`, 'page'],
        [`/api/v2/franchises/${dupont}/tags?size=1000`, 'size'],
      ] as const) {
        const res = await call('GET', url, owner)
        expect(res.statusCode, url).toBe(400)
        expect(res.json().details.field).toBe(field)
      }
    })
  })

  describe('tags of a store: create, read, rename, delete', () => {
    it('creates a tag with a random url-safe uid, renames it and changes its delay', async () => {
      const res = await call('POST', `/api/v2/stores/${mine}/tags`, storeOwner, { name: '  Terrasse ' })
      expect(res.statusCode).toBe(201)
      const tag = res.json()
      expect(tag).toMatchObject({ name: 'Terrasse', storeId: mine, passages: 0, resetDelay: 180 })
      expect(tag.tagId).toMatch(/^[a-z2-7]{10}$/)
      const patched = await call('PATCH', `/api/v2/tags/${tag.id}`, storeOwner, {
        name: 'Bar',
        resetDelay: 60,
      })
      expect(patched.json()).toMatchObject({ name: 'Bar', resetDelay: 60 })
      const read = await call('GET', `/api/v2/tags/${tag.id}`, storeOwner)
      expect(read.json()).toMatchObject({ id: tag.id, name: 'Bar', storeName: expect.any(String) })
      // A store owner may not delete; the franchise owner may.
      expect((await call('DELETE', `/api/v2/tags/${tag.id}`, storeOwner)).statusCode).toBe(403)
      expect((await call('DELETE', `/api/v2/tags/${tag.id}`, owner)).statusCode).toBe(204)
      expect((await call('GET', `/api/v2/tags/${tag.id}`, owner)).statusCode).toBe(404)
    })

    it('refuses bad input naming the field, and changes nothing', async () => {
      for (const [payload, field] of [
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(61) }, 'name'],
        [{ resetDelay: 9 }, 'resetDelay'],
        [{ resetDelay: 86_401 }, 'resetDelay'],
        [{ resetDelay: 12.5 }, 'resetDelay'],
        [{ resetDelay: '60' }, 'resetDelay'],
        [{ extra: 1 }, 'extra'],
      ] as const) {
        const res = await call('PATCH', `/api/v2/tags/${mineTag}`, owner, payload)
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(res.json().details.field).toBe(field)
      }
      const [row] = await t.database.db.select().from(tags).where(eq(tags.id, mineTag))
      expect(row).toMatchObject({ resetDelaySeconds: 180 })
      expect((await call('POST', `/api/v2/stores/${mine}/tags`, owner, {})).json().details.field).toBe('name')
      expect((await call('GET', `/api/v2/tags/nope`, owner)).json().details.field).toBe('id')
    })

    it('answers 404 for foreign tags and stores, and a store owner’s other stores', async () => {
      expect((await call('GET', `/api/v2/tags/${bagelsTag}`, owner)).statusCode).toBe(404)
      expect((await call('GET', `/api/v2/tags/${UNKNOWN}`, owner)).statusCode).toBe(404)
      expect((await call('PATCH', `/api/v2/tags/${otherTag}`, storeOwner, { name: 'X' })).statusCode).toBe(
        404,
      )
      expect((await call('PATCH', `/api/v2/tags/${bagelsTag}`, owner, { name: 'X' })).statusCode).toBe(404)
      expect((await call('POST', `/api/v2/stores/${other}/tags`, storeOwner, { name: 'X' })).statusCode).toBe(
        404,
      )
      expect(
        (await call('POST', `/api/v2/stores/${bagelsStore}/tags`, owner, { name: 'X' })).statusCode,
      ).toBe(404)
      expect((await call('DELETE', `/api/v2/tags/${bagelsTag}`, owner)).statusCode).toBe(404)
      const [row] = await t.database.db.select().from(tags).where(eq(tags.id, bagelsTag))
      expect(row!.name).toBe('Counter')
    })
  })

  describe('GET /api/v2/tags/{id}/presence-code (issue 16 #5)', () => {
    const WINDOW_MS = PRESENCE_WINDOW_SECONDS * 1000

    it('answers the scanner screen the current code of its tag and when the next one starts', async () => {
      const before = Date.now()
      const res = await call('GET', `/api/v2/tags/${mineTag}/presence-code`, storeOwner)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const body = res.json()
      expect(body.code).toMatch(PRESENCE_CODE_PATTERN)
      expect(body.refreshInMs).toBeGreaterThan(0)
      expect(body.refreshInMs).toBeLessThanOrEqual(WINDOW_MS)
      expect(Date.parse(body.expiresAt) % WINDOW_MS).toBe(0)
      expect(Date.parse(body.expiresAt)).toBeGreaterThan(before)
      const [row] = await t.database.db.select().from(tags).where(eq(tags.id, mineTag))
      expect(isPresenceCodeValid(row!, body.code, new Date())).toBe(true)
      // The owner of the franchise reads it too; the secret itself is never sent.
      expect((await call('GET', `/api/v2/tags/${mineTag}/presence-code`, owner)).statusCode).toBe(200)
      for (const url of [`/api/v2/tags/${mineTag}`, `/api/v2/franchises/${dupont}/tags?storeId=${mine}`])
        expect((await call('GET', url, owner)).body).not.toContain(row!.presenceSecret)
    })

    it('changes every window, each tag its own, valid through the next window only', async () => {
      const [a, b] = await t.database.db.select().from(tags).where(eq(tags.franchiseId, dupont)).limit(2)
      const t0 = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 1000)
      const at = (ms: number) => new Date(t0.getTime() + ms)
      const first = currentPresenceCode(a!, t0)
      expect(first.refreshInMs).toBe(WINDOW_MS - 1000)
      expect(currentPresenceCode(a!, at(WINDOW_MS - 1001)).code).toBe(first.code)
      expect(currentPresenceCode(a!, at(WINDOW_MS)).code).not.toBe(first.code)
      expect(currentPresenceCode(b!, t0).code).not.toBe(first.code)
      expect(isPresenceCodeValid(a!, first.code, at(WINDOW_MS))).toBe(true)
      expect(isPresenceCodeValid(a!, first.code, at(2 * WINDOW_MS - 1001))).toBe(true)
      expect(isPresenceCodeValid(a!, first.code, at(2 * WINDOW_MS))).toBe(false)
      expect(isPresenceCodeValid(b!, first.code, t0)).toBe(false)
      expect(isPresenceCodeValid(a!, undefined, t0)).toBe(false)
      expect(isPresenceCodeValid(a!, `${first.code.slice(0, 11)}é`, t0)).toBe(false)
    })

    it('is scoped to the caller’s stores: other stores, franchises and unknown tags are 404', async () => {
      expect((await call('GET', `/api/v2/tags/${otherTag}/presence-code`, storeOwner)).statusCode).toBe(404)
      expect((await call('GET', `/api/v2/tags/${bagelsTag}/presence-code`, owner)).statusCode).toBe(404)
      expect((await call('GET', `/api/v2/tags/${UNKNOWN}/presence-code`, owner)).statusCode).toBe(404)
      const bad = await call('GET', '/api/v2/tags/nope/presence-code', owner)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().details.field).toBe('id')
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/v2/tags/${mineTag}/presence-code` })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('POST /api/v2/tags/{id}/inject-points and reset-points', () => {
    it('injects a sale: points from the card’s rate (1 per dollar without a card), store currency, author', async () => {
      const res = await inject(bagelsTag, '12,50')
      expect(res.statusCode).toBe(200)
      const info = res.json().manualPointsInfo
      expect(info).toMatchObject({ points: 12, amountCents: 1250, currencyCode: 'USD', resetDelay: 180 })
      expect(Math.abs(Date.parse(info.injectionDate) - Date.now())).toBeLessThan(60_000)
      const rows = await open()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ injectedBy: bagelsUserId, impostorOf: null, points: 12 })
      expect(rows[0]!.expiresAt.getTime() - rows[0]!.injectedAt.getTime()).toBe(180_000)
      const list = await call('GET', `/api/v2/franchises/${bagelsFid}/tags?storeId=${bagelsStore}`, bagels)
      expect(list.json().data[0].manualPointsInfo).toEqual(info)
    })

    it('a second injection replaces the first; the card’s earning rate applies', async () => {
      const [card] = await t.database.db
        .insert(loyaltyModels)
        .values({ franchiseId: bagelsFid, name: 'Bagel card', loyaltyType: 'MANUAL_AMOUNT', earnRate: 2 })
        .returning()
      const res = await inject(bagelsTag, 7.99)
      expect(res.json().manualPointsInfo).toMatchObject({ points: 14, amountCents: 799 })
      const rows = await open()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.amountCents).toBe(799)
      await t.database.db.delete(loyaltyModels).where(eq(loyaltyModels.id, card!.id))
    })

    it('records the admin behind an impostor token', async () => {
      const adminMe = (await call('GET', '/api/v2/users/me', admin)).json()
      const enc = await call('POST', '/api/v2/token/encode', admin, {
        userId: bagelsUserId,
        impostorId: adminMe.id,
      })
      expect(enc.statusCode).toBe(200)
      expect((await inject(bagelsTag, 3, enc.json().id)).statusCode).toBe(200)
      expect((await open())[0]).toMatchObject({ injectedBy: bagelsUserId, impostorOf: adminMe.id })
    })

    it('refuses bad amounts naming `amount`, and leaves the open injection alone', async () => {
      await inject(bagelsTag, '20')
      for (const amount of [
        '',
        'abc',
        '12.345',
        12.345,
        '-5',
        -5,
        0,
        '0,00',
        '1e3',
        '100000.01',
        null,
        true,
      ]) {
        const res = await inject(bagelsTag, amount)
        expect(res.statusCode, JSON.stringify(amount)).toBe(400)
        expect(res.json().details.field).toBe('amount')
      }
      const small = await inject(bagelsTag, '0.50')
      expect(small.json()).toMatchObject({ code: 'AMOUNT_EARNS_NO_POINTS', details: { field: 'amount' } })
      const rows = await open()
      expect(rows).toHaveLength(1)
      expect(rows[0]!.amountCents).toBe(2000)
    })

    it('refuses a card that is not MANUAL_AMOUNT (409), foreign tags (404) and store owners elsewhere', async () => {
      const passage = await inject(mineTag, '10', owner)
      expect(passage.statusCode).toBe(409)
      expect(passage.json().code).toBe('LOYALTY_TYPE_NOT_MANUAL_AMOUNT')
      expect((await inject(bagelsTag, '10', owner)).statusCode).toBe(404)
      expect((await inject(otherTag, '10', storeOwner)).statusCode).toBe(404)
      expect((await call('POST', `/api/v2/tags/${bagelsTag}/reset-points`, owner)).statusCode).toBe(404)
      expect((await inject('nope', '10')).json().details.field).toBe('id')
    })

    it('resets the open injection: it is no longer listed', async () => {
      await inject(bagelsTag, '9.00')
      const res = await call('POST', `/api/v2/tags/${bagelsTag}/reset-points`, bagels)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ manualPointsInfo: null })
      expect(await open()).toHaveLength(0)
      const read = await call('GET', `/api/v2/tags/${bagelsTag}`, bagels)
      expect(read.json().manualPointsInfo).toBeNull()
      // Resetting again is harmless.
      expect((await call('POST', `/api/v2/tags/${bagelsTag}/reset-points`, bagels)).statusCode).toBe(200)
    })

    it('an expired injection is no longer shown, and the tag’s delay sets the expiry', async () => {
      await call('PATCH', `/api/v2/tags/${bagelsTag}`, bagels, { resetDelay: 10 })
      const res = await inject(bagelsTag, '5')
      expect(res.json().manualPointsInfo.resetDelay).toBe(10)
      await t.database.db
        .update(tagInjections)
        .set({ injectedAt: new Date(Date.now() - 20_000), expiresAt: new Date(Date.now() - 10_000) })
        .where(eq(tagInjections.tagId, bagelsTag))
      const read = await call('GET', `/api/v2/tags/${bagelsTag}`, bagels)
      expect(read.json().manualPointsInfo).toBeNull()
      await call('PATCH', `/api/v2/tags/${bagelsTag}`, bagels, { resetDelay: 180 })
    })

    it('two injections at once leave exactly one open', async () => {
      const [a, b] = await Promise.all([inject(bagelsTag, '4'), inject(bagelsTag, '6')])
      expect([a.statusCode, b.statusCode]).toEqual([200, 200])
      expect(await open()).toHaveLength(1)
    })
  })
})
