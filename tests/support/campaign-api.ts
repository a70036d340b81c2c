// The campaign API's test world (tests/server/campaigns.test.ts and campaign-lifecycle.test.ts): the
// demo accounts signed in, Maison Dupont with N SMS-reachable clients (5 at the store owner's store,
// the rest at another), and the calls those tests make. The job queue is off. A NEWS campaign must create
// or link its news item (issue 19): body() links one franchise-wide fixture item, so that many campaigns
// take no slot of the §5 limit of offers at once.
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Campaign } from '../../src/domain/campaign-contract'
import { addDays } from '../../src/domain/news'
import { todayIn } from '../../src/domain/today'
import { clientStores, users } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from './app'
import { addClients, franchiseNamed } from './campaign-fixtures'
import type { DbKind } from './database'

export const UNKNOWN = '00000000-0000-4000-8000-000000000000'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'
/** SMS-reachable Dupont clients, 5 of them linked to the store owner's store. */
export const N = 12

/** Tomorrow in Paris, a weekday far enough ahead to be in the future whatever the hour. */
export const nextDay = (days = 2) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

export async function campaignApiWorld(kind: DbKind) {
  const t: TestApp = await startTestApp(kind, { seed: true })
  const [owner, storeOwner, admin, bagels] = (await Promise.all(
    ['owner@demo.test', 'store@demo.test', 'admin@demo.test', 'bagels@demo.test'].map((e) =>
      loginAs(t.app, e),
    ),
  )) as [string, string, string, string]
  const db = t.database.db
  const f = await franchiseNamed(db, 'Maison Dupont')
  const fid = f.id
  const ownerId = f.userId!
  const bagelsFid = (await franchiseNamed(db, 'Brooklyn Bagels')).id
  const ids = Object.fromEntries(
    (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
  )
  const storeOwnerId = ids['store@demo.test']!
  const adminId = ids['admin@demo.test']!
  const [link] = await db
    .execute(sql`select store_id from store_owners where user_id = ${storeOwnerId}`)
    .then((r) => (r as unknown as { rows: { store_id: string }[] }).rows)
  const mine = link!.store_id
  const [o] = await db
    .execute(sql`select id from stores where franchise_id = ${fid} and id <> ${mine} limit 1`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows)
  const other = o!.id
  const clientIds = await addClients(db, fid, N)
  await db
    .insert(clientStores)
    .values(clientIds.slice(0, 5).map((clientId) => ({ franchiseId: fid, clientId, storeId: mine })))
  await db
    .insert(clientStores)
    .values(clientIds.slice(5).map((clientId) => ({ franchiseId: fid, clientId, storeId: other })))

  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    })
  // Far ahead of the periods the news tests use, so it is never one of their conflicts.
  const today = todayIn(f.timezone)
  const fixture = await call(owner, 'POST', `/api/v2/franchises/${fid}/news`, {
    name: 'Actualité des campagnes',
    type: 'news',
    description: 'Liée aux campagnes des tests',
    startDate: addDays(today, 1000),
    endDate: addDays(today, 1100),
    storeIds: [],
  })
  expect(fixture.statusCode, fixture.body).toBe(201)
  const fixtureNewsId: string = fixture.json().id
  /**
   * A campaign's body; a NEWS one links the fixture news unless `over` names `newsId` or `news` (give
   * `newsId: undefined` to send neither).
   */
  const body = (over: Record<string, unknown> = {}, cc: Record<string, unknown> = {}) => ({
    userId: ownerId,
    channel: 'PUSH',
    content: 'NEWS',
    ...((over.content ?? 'NEWS') === 'NEWS' && !('newsId' in over) && !('news' in over)
      ? { newsId: fixtureNewsId }
      : {}),
    ...over,
    communicationCampaign: {
      name: 'Soldes d’hiver',
      type: 'MANUAL_CAMPAIGN',
      notification: { title: 'Soldes', message: 'Soldes -20% ce week-end' },
      isScheduled: false,
      campaignFilters: {},
      ...cc,
    },
  })
  const create = (payload: unknown, token = owner, franchise = fid) =>
    call(token, 'POST', `/api/v2/franchises/${franchise}/communication-campaigns`, payload)
  const created = async (payload: unknown, token = owner): Promise<Campaign> => {
    const res = await create(payload, token)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const expect400 = (
    res: { statusCode: number; body: string; json(): { details?: { field?: string } } },
    field: string,
  ) => {
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().details?.field).toBe(field)
  }
  return {
    t,
    owner,
    storeOwner,
    admin,
    bagels,
    fid,
    ownerId,
    storeOwnerId,
    adminId,
    bagelsFid,
    fixtureNewsId,
    mine,
    other,
    call,
    body,
    create,
    created,
    expect400,
  }
}
export type CampaignApiWorld = Awaited<ReturnType<typeof campaignApiWorld>>
