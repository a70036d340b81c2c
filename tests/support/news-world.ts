// The news API's test world (issue 19; tests/server/news.test.ts, news-calendar.test.ts and
// news-scan.test.ts): the demo accounts signed in, the demo tags and news seeded, Maison Dupont's store
// owner's store (`mine`) and another of its stores (`other`), and the calls those tests make;
// addListedNews() and addStoreCard() add what more than one file reads. Each file builds its own world
// in its beforeAll: no file reads what another file's tests made.
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { addDays } from '../../src/domain/news'
import { todayIn } from '../../src/domain/today'
import { franchises, loyaltyModels, storeOwners, stores, users } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { bearer, loginAs, startTestApp, type TestApp } from './app'
import type { DbKind } from './database'

export const UNKNOWN = '00000000-0000-4000-8000-000000000000'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export async function newsWorld(kind: DbKind) {
  const t: TestApp = await startTestApp(kind, { seed: true })
  await seed(t.database, () => {}, ['tags', 'news'])
  const [owner, storeOwner, bagels] = (await Promise.all(
    ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
  )) as [string, string, string]
  const db = t.database.db
  const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
  const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
  const fid = f!.id
  const bagelsFid = b!.id
  const today = todayIn(f!.timezone)
  const [so] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'store@demo.test'))
  /** The store owner's store. */
  const mine = (await db.select().from(storeOwners).where(eq(storeOwners.userId, so!.id)))[0]!.storeId
  /** Another store of the franchise. */
  const other = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find(
    (s) => s.id !== mine,
  )!.id

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  /** A happy hour in `other`, 400 days ahead; `over` replaces any field. */
  const item = (over: Record<string, unknown> = {}) => ({
    name: 'Apéro',
    type: 'happy-hours',
    description: 'Deux verres, une planche offerte',
    priceCents: 650,
    startDate: addDays(today, 400),
    endDate: addDays(today, 410),
    happyHourStart: '18:00',
    happyHourEnd: '20:00',
    drinkType: 'Vin',
    customersOnly: false,
    storeIds: [other],
    ...over,
  })
  const create = (payload: object, token = owner, franchise = fid) =>
    call(token, 'POST', `/api/v2/franchises/${franchise}/news`, payload)

  return { t, owner, storeOwner, bagels, fid, bagelsFid, mine, other, today, call, item, create }
}

export type NewsWorld = Awaited<ReturnType<typeof newsWorld>>

/**
 * The four items of `mine` whose displayed statuses the list, the calendar and the scan page show:
 * S-published and S-premium (customers only) running now, S-annual running for a year, S-expired ended
 * yesterday. The franchise is first allowed 5 offers at once: room for the demo happy hour and these
 * three running at once.
 */
export async function addListedNews(w: NewsWorld) {
  const { today, mine } = w
  await w.call(w.owner, 'PATCH', `/api/v2/franchises/${w.fid}`, { newsMaxConcurrent: 5 })
  const runs = { startDate: addDays(today, -3), endDate: addDays(today, 3) }
  const made = [
    w.item({ name: 'S-published', ...runs, storeIds: [mine] }),
    w.item({ name: 'S-premium', ...runs, customersOnly: true, storeIds: [mine] }),
    w.item({
      name: 'S-annual',
      startDate: addDays(today, -10),
      endDate: addDays(today, 360),
      storeIds: [mine],
    }),
    w.item({
      name: 'S-expired',
      startDate: addDays(today, -30),
      endDate: addDays(today, -1),
      storeIds: [mine],
    }),
  ]
  for (const m of made) {
    const res = await w.create(m)
    expect(res.statusCode, res.body).toBe(201)
  }
}

/**
 * A PASSAGE loyalty card for `mine`: the calendar shows its offers' expiry days, and the scan page
 * collects a visit only in a store that has a card.
 */
export async function addStoreCard(w: NewsWorld) {
  const [card] = await w.t.database.db
    .insert(loyaltyModels)
    .values({ franchiseId: w.fid, name: 'Carte', loyaltyType: 'PASSAGE', storeIds: [w.mine] })
    .returning()
  return card!
}
