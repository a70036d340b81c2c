// News and happy hours (issue 19): the calls of §7, the §5 limit of offers at once (409 with the
// conflicting offers), the displayed statuses (the list's SQL filter agrees with domain newsStatus) and
// store owners' reach. The offers calendar is in news-calendar.test.ts, the scan page's live news in
// news-scan.test.ts; tests/support/news-world.ts builds each file's world. The list and store owners'
// tests read the item 'A' the §5 test stopped.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, NEWS_STATUSES, type NewsItem } from '../../src/domain/news'
import { news, stores } from '../../src/server/db/schema'
import { databaseKinds } from '../support/database'
import { addListedNews, type Method, type NewsWorld, newsWorld, UNKNOWN } from '../support/news-world'

describe.each(databaseKinds())('news and happy hours on %s', (kind) => {
  let w: NewsWorld

  beforeAll(async () => {
    w = await newsWorld(kind)
  })
  afterAll(() => w?.t.close())

  it('creates a happy hour, reads it by id and refuses bad input naming the field', async () => {
    const res = await w.create(w.item())
    expect(res.statusCode).toBe(201)
    const created = res.json() as NewsItem
    expect(created).toMatchObject({
      franchiseId: w.fid,
      storeIds: [w.other],
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
    const read = await w.call(w.owner, 'GET', `/api/v2/news/${created.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(created)

    for (const [payload, field] of [
      [w.item({ name: '' }), 'name'],
      [w.item({ name: '   ' }), 'name'],
      [w.item({ type: 'party' }), 'type'],
      [w.item({ priceCents: -1 }), 'priceCents'],
      [w.item({ priceCents: 4.5 }), 'priceCents'],
      [w.item({ startDate: '2026-13-01' }), 'startDate'],
      [w.item({ endDate: addDays(w.today, 399) }), 'endDate'],
      [w.item({ endDate: addDays(w.today, 400 + 3 * 366) }), 'endDate'],
      [w.item({ happyHourStart: null }), 'happyHourStart'],
      [w.item({ happyHourEnd: '25:00' }), 'happyHourEnd'],
      [w.item({ happyHourEnd: '18:00' }), 'happyHourEnd'],
      [w.item({ storeIds: ['nope'] }), 'storeIds.0'],
      [w.item({ extra: 1 }), 'extra'],
    ] as const) {
      const bad = await w.create(payload)
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400)
      expect(bad.json().details.field).toBe(field)
    }
    // A news item needs no times: they are dropped when sent.
    const plain = await w.create(w.item({ type: 'news', happyHourStart: '10:00', storeIds: [] }))
    expect(plain.statusCode).toBe(201)
    expect(plain.json()).toMatchObject({ happyHourStart: null, happyHourEnd: null, storeIds: [] })
    await w.call(w.owner, 'DELETE', `/api/v2/news/${plain.json().id}`)
  })

  it('answers 404 NEWS_NOT_FOUND for an unknown or foreign id, and a foreign store is not taken', async () => {
    const [foreign] = await w.t.database.db.select().from(news).where(eq(news.franchiseId, w.bagelsFid))
    for (const id of [UNKNOWN, foreign!.id]) {
      for (const [method, url, payload] of [
        ['GET', `/api/v2/news/${id}`],
        ['PUT', `/api/v2/news/${id}`, w.item()],
        ['PATCH', `/api/v2/news/${id}/stop`],
        ['PATCH', `/api/v2/news/${id}/restart`],
        ['DELETE', `/api/v2/news/${id}`],
      ] as [Method, string, object?][]) {
        const res = await w.call(w.owner, method, url, payload)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().code).toBe('NEWS_NOT_FOUND')
      }
    }
    expect((await w.call(w.owner, 'GET', `/api/v2/franchises/${w.bagelsFid}/news`)).statusCode).toBe(404)
    expect((await w.create(w.item(), w.owner, w.bagelsFid)).statusCode).toBe(404)
    const [bagelsStore] = await w.t.database.db
      .select()
      .from(stores)
      .where(eq(stores.franchiseId, w.bagelsFid))
    const res = await w.create(w.item({ storeIds: [bagelsStore!.id] }))
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('STORE_NOT_FOUND')
    // Nothing of the other franchise changed.
    const [after] = await w.t.database.db.select().from(news).where(eq(news.id, foreign!.id))
    expect(after).toEqual(foreign)
  })

  it('§5: refuses an offer beyond the franchise limit with 409 and the conflicting offers', async () => {
    const patch = await w.call(w.owner, 'PATCH', `/api/v2/franchises/${w.fid}`, { newsMaxConcurrent: 2 })
    expect(patch.statusCode).toBe(200)
    expect(patch.json().newsMaxConcurrent).toBe(2)
    expect(
      (await w.call(w.owner, 'PATCH', `/api/v2/franchises/${w.fid}`, { newsMaxConcurrent: 0 })).statusCode,
    ).toBe(400)
    const start = addDays(w.today, 800)
    const a = (await w.create(w.item({ name: 'A', startDate: start, endDate: addDays(start, 9) }))).json()
    // Franchise-wide: it runs in `other` too.
    const b = (
      await w.create(
        w.item({ name: 'B', storeIds: [], startDate: addDays(start, 5), endDate: addDays(start, 20) }),
      )
    ).json()
    // A third one overlapping both in `other`: refused, the two listed with their periods.
    const c = await w.create(w.item({ name: 'C', startDate: addDays(start, 8), endDate: addDays(start, 8) }))
    expect(c.statusCode).toBe(409)
    expect(c.json()).toMatchObject({ code: 'NEWS_LIMIT_REACHED', details: { limit: 2 } })
    expect(c.json().details.conflicts).toEqual([
      { id: a.id, name: 'A', startDate: start, endDate: addDays(start, 9) },
      { id: b.id, name: 'B', startDate: addDays(start, 5), endDate: addDays(start, 20) },
    ])
    // The same days in the store owner's store meet only B: it fits.
    const d = await w.create(
      w.item({ name: 'D', storeIds: [w.mine], startDate: addDays(start, 8), endDate: addDays(start, 8) }),
    )
    expect(d.statusCode).toBe(201)
    // After A ends only B runs: a later period fits in `other`.
    const e = await w.create(
      w.item({ name: 'E', startDate: addDays(start, 10), endDate: addDays(start, 12) }),
    )
    expect(e.statusCode).toBe(201)
    // Stopping A frees its place; restarting it now conflicts with B and C.
    expect((await w.call(w.owner, 'PATCH', `/api/v2/news/${a.id}/stop`)).json()).toMatchObject({
      isStopped: true,
      status: 'unpublished',
    })
    const c2 = await w.create(w.item({ name: 'C', startDate: addDays(start, 8), endDate: addDays(start, 8) }))
    expect(c2.statusCode).toBe(201)
    const restart = await w.call(w.owner, 'PATCH', `/api/v2/news/${a.id}/restart`)
    expect(restart.statusCode).toBe(409)
    expect(
      restart
        .json()
        .details.conflicts.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['B', 'C'])
    // An update is checked without counting the item itself.
    const moved = await w.call(
      w.owner,
      'PUT',
      `/api/v2/news/${e.json().id}`,
      w.item({ name: 'E', startDate: addDays(start, 11), endDate: addDays(start, 12) }),
    )
    expect(moved.statusCode, moved.body).toBe(200)
    // Concurrent creates cannot both take the last place (the franchise row is locked).
    const day = addDays(start, 100)
    const both = await Promise.all(
      ['F', 'G', 'H'].map((name) => w.create(w.item({ name, startDate: day, endDate: day }))),
    )
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 201, 409])
    await w.call(w.owner, 'PATCH', `/api/v2/franchises/${w.fid}`, { newsMaxConcurrent: 3 })
  })

  it('lists by page and status; the status filter agrees with each item’s displayed status', async () => {
    // S-published, S-premium, S-annual and S-expired in `mine`, 5 offers at once allowed.
    await addListedNews(w)
    const all: NewsItem[] = []
    for (let page = 1; ; page++) {
      const res = await w.call(w.owner, 'GET', `/api/v2/franchises/${w.fid}/news?page=${page}&size=4`)
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
      const res = await w.call(w.owner, 'GET', `/api/v2/franchises/${w.fid}/news?status=${status}&size=100`)
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
      (await w.call(w.owner, 'GET', `/api/v2/franchises/${w.fid}/news?status=live`)).json().details.field,
    ).toBe('status')
  })

  it('store owners see franchise-wide items and their stores’, and write only their stores’', async () => {
    const list = (await w.call(w.storeOwner, 'GET', `/api/v2/franchises/${w.fid}/news?size=100`)).json()
    expect(list.data.length).toBeGreaterThan(0)
    for (const n of list.data as NewsItem[]) {
      expect(n.storeIds.length === 0 || n.storeIds.includes(w.mine)).toBe(true)
      expect(n.canEdit).toBe(n.storeIds.length > 0 && n.storeIds.every((s) => s === w.mine))
    }
    const [otherItem] = await w.t.database.db.select().from(news).where(eq(news.name, 'A'))
    expect((await w.call(w.storeOwner, 'GET', `/api/v2/news/${otherItem!.id}`)).json().code).toBe(
      'NEWS_NOT_FOUND',
    )
    const wide = (list.data as NewsItem[]).find((n) => n.storeIds.length === 0)!
    expect((await w.call(w.storeOwner, 'GET', `/api/v2/news/${wide.id}`)).statusCode).toBe(200)
    expect((await w.call(w.storeOwner, 'PATCH', `/api/v2/news/${wide.id}/stop`)).statusCode).toBe(404)
    const franchiseWide = await w.create(w.item({ storeIds: [] }), w.storeOwner)
    expect(franchiseWide.statusCode).toBe(400)
    expect(franchiseWide.json().details.field).toBe('storeIds')
    expect((await w.create(w.item({ storeIds: [w.other] }), w.storeOwner)).json().code).toBe(
      'STORE_NOT_FOUND',
    )
    const own = await w.create(w.item({ name: 'Mine', storeIds: [w.mine] }), w.storeOwner)
    expect(own.statusCode).toBe(201)
    expect((await w.call(w.storeOwner, 'DELETE', `/api/v2/news/${own.json().id}`)).statusCode).toBe(204)
    expect((await w.call(w.storeOwner, 'GET', `/api/v2/news/${own.json().id}`)).statusCode).toBe(404)
  })
})
