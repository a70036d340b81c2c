// News and happy hours (issue 19): the calls of §7, the §5 limit of offers at once (409 with the
// conflicting offers), the displayed statuses (the list's SQL filter agrees with domain newsStatus),
// store owners' reach, the offers calendar and the scan page's live news.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, NEWS_STATUSES, type NewsItem, newsToday } from '../../src/domain/news'
import { presenceWindow } from '../../src/domain/scan'
import {
  campaigns,
  franchises,
  loyaltyModels,
  loyaltyOffers,
  news,
  storeOwners,
  stores,
  tags,
  users,
} from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { presenceCodeFor } from '../../src/server/services/presence'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { provenDevice } from '../support/scan-device'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

describe.each(databaseKinds())('news and happy hours on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let bagelsFid: string
  let mine: string // the store owner's store
  let other: string // another store of the franchise
  let today: string
  let ipCount = 0

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
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

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    await seed(t.database, () => {}, ['tags', 'news'])
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    fid = f!.id
    bagelsFid = b!.id
    today = newsToday(f!.timezone)
    const [so] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'store@demo.test'))
    mine = (await db.select().from(storeOwners).where(eq(storeOwners.userId, so!.id)))[0]!.storeId
    other = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find((s) => s.id !== mine)!.id
  })
  afterAll(() => t?.close())

  it('creates a happy hour, reads it by id and refuses bad input naming the field', async () => {
    const res = await create(item())
    expect(res.statusCode).toBe(201)
    const created = res.json() as NewsItem
    expect(created).toMatchObject({
      franchiseId: fid,
      storeIds: [other],
      name: 'Apéro',
      type: 'happy-hours',
      priceCents: 650,
      currencyCode: 'EUR',
      happyHourStart: '18:00',
      happyHourEnd: '20:00',
      isStopped: false,
      status: 'upcoming',
      canEdit: true,
    })
    const read = await call(owner, 'GET', `/api/v2/news/${created.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(created)

    for (const [payload, field] of [
      [item({ name: '' }), 'name'],
      [item({ name: '   ' }), 'name'],
      [item({ type: 'party' }), 'type'],
      [item({ priceCents: -1 }), 'priceCents'],
      [item({ priceCents: 4.5 }), 'priceCents'],
      [item({ startDate: '2026-13-01' }), 'startDate'],
      [item({ endDate: addDays(today, 399) }), 'endDate'],
      [item({ endDate: addDays(today, 400 + 3 * 366) }), 'endDate'],
      [item({ happyHourStart: null }), 'happyHourStart'],
      [item({ happyHourEnd: '25:00' }), 'happyHourEnd'],
      [item({ happyHourEnd: '18:00' }), 'happyHourEnd'],
      [item({ storeIds: ['nope'] }), 'storeIds.0'],
      [item({ extra: 1 }), 'extra'],
    ] as const) {
      const bad = await create(payload)
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400)
      expect(bad.json().details.field).toBe(field)
    }
    // A news item needs no times: they are dropped when sent.
    const plain = await create(item({ type: 'news', happyHourStart: '10:00', storeIds: [] }))
    expect(plain.statusCode).toBe(201)
    expect(plain.json()).toMatchObject({ happyHourStart: null, happyHourEnd: null, storeIds: [] })
    await call(owner, 'DELETE', `/api/v2/news/${plain.json().id}`)
  })

  it('answers 404 NEWS_NOT_FOUND for an unknown or foreign id, and a foreign store is not taken', async () => {
    const [foreign] = await t.database.db.select().from(news).where(eq(news.franchiseId, bagelsFid))
    for (const id of [UNKNOWN, foreign!.id]) {
      for (const [method, url, payload] of [
        ['GET', `/api/v2/news/${id}`],
        ['PUT', `/api/v2/news/${id}`, item()],
        ['PATCH', `/api/v2/news/${id}/stop`],
        ['PATCH', `/api/v2/news/${id}/restart`],
        ['DELETE', `/api/v2/news/${id}`],
      ] as [Method, string, object?][]) {
        const res = await call(owner, method, url, payload)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().code).toBe('NEWS_NOT_FOUND')
      }
    }
    expect((await call(owner, 'GET', `/api/v2/franchises/${bagelsFid}/news`)).statusCode).toBe(404)
    expect((await create(item(), owner, bagelsFid)).statusCode).toBe(404)
    const [bagelsStore] = await t.database.db.select().from(stores).where(eq(stores.franchiseId, bagelsFid))
    const res = await create(item({ storeIds: [bagelsStore!.id] }))
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('STORE_NOT_FOUND')
    // Nothing of the other franchise changed.
    const [after] = await t.database.db.select().from(news).where(eq(news.id, foreign!.id))
    expect(after).toEqual(foreign)
  })

  it('§5: refuses an offer beyond the franchise limit with 409 and the conflicting offers', async () => {
    const patch = await call(owner, 'PATCH', `/api/v2/franchises/${fid}`, { newsMaxConcurrent: 2 })
    expect(patch.statusCode).toBe(200)
    expect(patch.json().newsMaxConcurrent).toBe(2)
    expect(
      (await call(owner, 'PATCH', `/api/v2/franchises/${fid}`, { newsMaxConcurrent: 0 })).statusCode,
    ).toBe(400)
    const start = addDays(today, 800)
    const a = (await create(item({ name: 'A', startDate: start, endDate: addDays(start, 9) }))).json()
    // Franchise-wide: it runs in `other` too.
    const b = (
      await create(
        item({ name: 'B', storeIds: [], startDate: addDays(start, 5), endDate: addDays(start, 20) }),
      )
    ).json()
    // A third one overlapping both in `other`: refused, the two listed with their periods.
    const c = await create(item({ name: 'C', startDate: addDays(start, 8), endDate: addDays(start, 8) }))
    expect(c.statusCode).toBe(409)
    expect(c.json()).toMatchObject({ code: 'NEWS_LIMIT_REACHED', details: { limit: 2 } })
    expect(c.json().details.conflicts).toEqual([
      { id: a.id, name: 'A', startDate: start, endDate: addDays(start, 9) },
      { id: b.id, name: 'B', startDate: addDays(start, 5), endDate: addDays(start, 20) },
    ])
    // The same days in the store owner's store meet only B: it fits.
    const d = await create(
      item({ name: 'D', storeIds: [mine], startDate: addDays(start, 8), endDate: addDays(start, 8) }),
    )
    expect(d.statusCode).toBe(201)
    // After A ends only B runs: a later period fits in `other`.
    const e = await create(item({ name: 'E', startDate: addDays(start, 10), endDate: addDays(start, 12) }))
    expect(e.statusCode).toBe(201)
    // Stopping A frees its place; restarting it now conflicts with B and C.
    expect((await call(owner, 'PATCH', `/api/v2/news/${a.id}/stop`)).json()).toMatchObject({
      isStopped: true,
      status: 'unpublished',
    })
    const c2 = await create(item({ name: 'C', startDate: addDays(start, 8), endDate: addDays(start, 8) }))
    expect(c2.statusCode).toBe(201)
    const restart = await call(owner, 'PATCH', `/api/v2/news/${a.id}/restart`)
    expect(restart.statusCode).toBe(409)
    expect(
      restart
        .json()
        .details.conflicts.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['B', 'C'])
    // An update is checked without counting the item itself.
    const moved = await call(
      owner,
      'PUT',
      `/api/v2/news/${e.json().id}`,
      item({ name: 'E', startDate: addDays(start, 11), endDate: addDays(start, 12) }),
    )
    expect(moved.statusCode, moved.body).toBe(200)
    // Concurrent creates cannot both take the last place (the franchise row is locked).
    const day = addDays(start, 100)
    const both = await Promise.all(
      ['F', 'G', 'H'].map((name) => create(item({ name, startDate: day, endDate: day }))),
    )
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 201, 409])
    await call(owner, 'PATCH', `/api/v2/franchises/${fid}`, { newsMaxConcurrent: 3 })
  })

  it('lists by page and status; the status filter agrees with each item’s displayed status', async () => {
    // Room for the demo happy hour and these three running at once.
    await call(owner, 'PATCH', `/api/v2/franchises/${fid}`, { newsMaxConcurrent: 5 })
    const runs = { startDate: addDays(today, -3), endDate: addDays(today, 3) }
    const made = [
      item({ name: 'S-published', ...runs, storeIds: [mine] }),
      item({ name: 'S-premium', ...runs, customersOnly: true, storeIds: [mine] }),
      item({
        name: 'S-annual',
        startDate: addDays(today, -10),
        endDate: addDays(today, 360),
        storeIds: [mine],
      }),
      item({
        name: 'S-expired',
        startDate: addDays(today, -30),
        endDate: addDays(today, -1),
        storeIds: [mine],
      }),
    ]
    for (const m of made) expect((await create(m)).statusCode).toBe(201)
    const all: NewsItem[] = []
    for (let page = 1; ; page++) {
      const res = await call(owner, 'GET', `/api/v2/franchises/${fid}/news?page=${page}&size=4`)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.maxConcurrent).toBe(5)
      all.push(...body.data)
      if (page * 4 >= body.metadata.total) break
    }
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length)
    const byName = Object.fromEntries(all.map((n) => [n.name, n.status]))
    expect(byName).toMatchObject({
      'S-published': 'published',
      'S-premium': 'premium',
      'S-annual': 'annual',
      'S-expired': 'expired',
      A: 'unpublished',
    })
    for (const status of NEWS_STATUSES) {
      const res = await call(owner, 'GET', `/api/v2/franchises/${fid}/news?status=${status}&size=100`)
      const ids = res
        .json()
        .data.map((n: NewsItem) => n.id)
        .sort()
      expect(ids, status).toEqual(
        all
          .filter((n) => n.status === status)
          .map((n) => n.id)
          .sort(),
      )
    }
    expect(
      (await call(owner, 'GET', `/api/v2/franchises/${fid}/news?status=live`)).json().details.field,
    ).toBe('status')
  })

  it('store owners see franchise-wide items and their stores’, and write only their stores’', async () => {
    const list = (await call(storeOwner, 'GET', `/api/v2/franchises/${fid}/news?size=100`)).json()
    expect(list.data.length).toBeGreaterThan(0)
    for (const n of list.data as NewsItem[]) {
      expect(n.storeIds.length === 0 || n.storeIds.includes(mine)).toBe(true)
      expect(n.canEdit).toBe(n.storeIds.length > 0 && n.storeIds.every((s) => s === mine))
    }
    const [otherItem] = await t.database.db.select().from(news).where(eq(news.name, 'A'))
    expect((await call(storeOwner, 'GET', `/api/v2/news/${otherItem!.id}`)).json().code).toBe(
      'NEWS_NOT_FOUND',
    )
    const wide = (list.data as NewsItem[]).find((n) => n.storeIds.length === 0)!
    expect((await call(storeOwner, 'GET', `/api/v2/news/${wide.id}`)).statusCode).toBe(200)
    expect((await call(storeOwner, 'PATCH', `/api/v2/news/${wide.id}/stop`)).statusCode).toBe(404)
    const franchiseWide = await create(item({ storeIds: [] }), storeOwner)
    expect(franchiseWide.statusCode).toBe(400)
    expect(franchiseWide.json().details.field).toBe('storeIds')
    expect((await create(item({ storeIds: [other] }), storeOwner)).json().code).toBe('STORE_NOT_FOUND')
    const own = await create(item({ name: 'Mine', storeIds: [mine] }), storeOwner)
    expect(own.statusCode).toBe(201)
    expect((await call(storeOwner, 'DELETE', `/api/v2/news/${own.json().id}`)).statusCode).toBe(204)
    expect((await call(storeOwner, 'GET', `/api/v2/news/${own.json().id}`)).statusCode).toBe(404)
  })

  it('the calendar lists news, happy hours as daily slots and offers’ expiry days, per store', async () => {
    const [card] = await t.database.db
      .insert(loyaltyModels)
      .values({ franchiseId: fid, name: 'Carte', loyaltyType: 'PASSAGE', storeIds: [mine] })
      .returning()
    // 23:30 UTC on the day before is already that day in Paris.
    const expiry = addDays(today, 2)
    await t.database.db.insert(loyaltyOffers).values({
      franchiseId: fid,
      loyaltyModelId: card!.id,
      name: 'Café offert',
      description: 'Un café offert.',
      redeemPointAmount: 10,
      type: 'PRODUCT',
      expiresAt: new Date(`${addDays(expiry, -1)}T23:30:00Z`),
    })
    // A campaign scheduled for `mine` the day after tomorrow at 10:00 Paris; a cancelled one is not shown.
    const startAt = new Date(`${addDays(today, 2)}T09:00:00Z`)
    const campaign = {
      franchiseId: fid,
      type: 'MANUAL_CAMPAIGN',
      content: 'NEWS',
      channel: 'PUSH',
      message: 'Soldes',
      state: 'VALID',
      dispatch: 'QUEUED',
      isScheduled: true,
      startAt,
      filters: { storeIds: [mine] },
    }
    await t.database.db.insert(campaigns).values([
      { ...campaign, name: 'C-scheduled' },
      { ...campaign, name: 'C-cancelled', state: 'CANCELLED', dispatch: 'CANCELLED' },
    ])
    const from = addDays(today, -5)
    const to = addDays(today, 5)
    const res = await call(owner, 'GET', `/api/v2/franchises/${fid}/calendar?from=${from}&to=${to}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ timezone: 'Europe/Paris', today, from, to })
    const kinds = (name: string) => body.events.filter((e: { title: string }) => e.title === name)
    expect(kinds('S-published')[0]).toMatchObject({
      kind: 'happy-hour',
      startTime: '18:00',
      endTime: '20:00',
    })
    expect(kinds('Café offert')).toEqual([
      expect.objectContaining({ kind: 'offer-expiry', startDate: expiry, endDate: expiry, storeIds: [mine] }),
    ])
    expect(kinds('C-scheduled')).toEqual([
      expect.objectContaining({
        kind: 'campaign',
        startDate: addDays(today, 2),
        campaignStatus: 'scheduled',
        storeIds: [mine],
      }),
    ])
    expect(kinds('C-cancelled')).toEqual([])
    // Per store: `other` sees neither the card's offer nor `mine`'s items.
    const atOther = (
      await call(owner, 'GET', `/api/v2/franchises/${fid}/calendar?from=${from}&to=${to}&storeId=${other}`)
    ).json()
    expect(
      atOther.events.some((e: { title: string }) =>
        ['Café offert', 'S-published', 'C-scheduled'].includes(e.title),
      ),
    ).toBe(false)
    for (const q of [`from=${to}&to=${from}`, `from=${from}&to=${addDays(from, 62)}`, `from=x&to=${to}`]) {
      expect((await call(owner, 'GET', `/api/v2/franchises/${fid}/calendar?${q}`)).statusCode, q).toBe(400)
    }
    expect(
      (await call(bagels, 'GET', `/api/v2/franchises/${fid}/calendar?from=${from}&to=${to}`)).statusCode,
    ).toBe(404)
  })

  it('the calendar puts a campaign at the moment it really goes out, and marks unpublished news', async () => {
    // Easter Sunday 2027 at 10:00 Paris, then Easter Monday (a public holiday in France): the engine
    // holds marketing SMS until Tuesday 08:00. A push is not held on quiet days.
    const startAt = new Date('2027-03-28T08:00:00Z')
    const campaign = {
      franchiseId: fid,
      type: 'MANUAL_CAMPAIGN',
      content: 'NEWS',
      message: 'Chasse aux œufs',
      state: 'VALID',
      dispatch: 'QUEUED',
      isScheduled: true,
      startAt,
      filters: {},
    }
    const [sms, push] = await t.database.db
      .insert(campaigns)
      .values([
        { ...campaign, name: 'Q-sms', channel: 'SMS' },
        { ...campaign, name: 'Q-push', channel: 'PUSH' },
      ])
      .returning()
    await t.database.db.insert(news).values({
      franchiseId: fid,
      name: 'Q-stopped',
      type: 'news',
      startDate: '2027-03-25',
      endDate: '2027-03-31',
      isStopped: true,
    })
    const res = await call(owner, 'GET', `/api/v2/franchises/${fid}/calendar?from=2027-03-22&to=2027-04-04`)
    expect(res.statusCode).toBe(200)
    const named = (name: string) => res.json().events.filter((e: { title: string }) => e.title === name)
    expect(named('Q-sms')).toEqual([
      expect.objectContaining({
        kind: 'campaign',
        startDate: '2027-03-30',
        startTime: '08:00',
        scheduledFor: { date: '2027-03-28', hour: '10:00' },
      }),
    ])
    expect(named('Q-push')).toEqual([
      expect.objectContaining({ startDate: '2027-03-28', startTime: '10:00', scheduledFor: null }),
    ])
    expect(named('Q-stopped')).toEqual([expect.objectContaining({ kind: 'news', status: 'unpublished' })])
    // A week that ends on the Sunday does not show it: it goes out the week after.
    const before = await call(
      owner,
      'GET',
      `/api/v2/franchises/${fid}/calendar?from=2027-03-22&to=2027-03-28`,
    )
    expect(before.json().events.some((e: { title: string }) => e.title === 'Q-sms')).toBe(false)
    // The detail says the same moment; the push goes out at its start.
    const detail = (id: string) => call(owner, 'GET', `/api/v2/communication-campaigns/${id}`)
    expect((await detail(sms!.id)).json()).toMatchObject({
      startDate: startAt.toISOString(),
      sendsAt: '2027-03-30T06:00:00.000Z',
    })
    expect((await detail(push!.id)).json().sendsAt).toBe(startAt.toISOString())
    await t.database.db.delete(campaigns).where(eq(campaigns.franchiseId, fid))
  })

  it('the scan page shows the store’s live items; customers-only ones once the customer is known', async () => {
    const [tag] = await t.database.db.select().from(tags).where(eq(tags.storeId, mine))
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/scan/${tag!.tagUid}`,
      remoteAddress: `10.9.0.${++ipCount}`,
    })
    expect(res.statusCode).toBe(200)
    const names = res.json().news.map((n: { name: string }) => n.name)
    expect(names).toContain('S-published')
    expect(names).toContain('S-annual')
    expect(names).not.toContain('S-premium') // customers only
    expect(names).not.toContain('S-expired')
    expect(names).not.toContain('A') // another store's, stopped
    expect(res.json().news.find((n: { name: string }) => n.name === 'S-published')).toEqual({
      id: expect.any(String),
      name: 'S-published',
      type: 'happy-hours',
      description: 'Deux verres, une planche offerte',
      priceCents: 650,
      currencyCode: 'EUR',
      endDate: addDays(today, 3),
      happyHourStart: '18:00',
      happyHourEnd: '20:00',
      drinkType: 'Vin',
      customersOnly: false,
    })
    // Collecting a visit on a device that proved the phone (issue 24 #4) makes the customer known:
    // the customers-only item comes with the answer.
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/public/scan/${tag!.tagUid}/collect`,
      remoteAddress: `10.9.0.${++ipCount}`,
      headers: await provenDevice(t.app, t.database.db, tag!.tagUid, '06 12 34 56 78', `10.9.1.${ipCount}`),
      payload: { phone: '06 12 34 56 78', code: presenceCodeFor(tag!, presenceWindow(Date.now())) },
    })
    expect(collected.statusCode, collected.body).toBe(200)
    const known = collected.json().news.map((n: { name: string }) => n.name)
    expect(known).toContain('S-premium')
    expect(known).toContain('S-published')
  })
})
