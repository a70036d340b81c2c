// Analytics figures against a small hand-built data set: clients, ledger rows and coupons are
// inserted directly, the rollup job's function runs, and every call's numbers are checked exactly —
// franchise-wide, for one store, and for a store owner. Maison Dupont's days are Paris days (UTC+1
// in March), so a visit at 23:30 UTC belongs to the next day.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  analyticsDays,
  clientStores,
  clients,
  coupons,
  franchises,
  pointsTransactions,
  storeOwners,
  stores,
  users,
} from '../../src/server/db/schema'
import { ANALYTICS_ROLLUP_JOB } from '../../src/server/jobs/analytics'
import { runRollup } from '../../src/server/services/analytics-rollups'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

const PERIOD = 'startDate=2026-03-10&endDate=2026-03-12'

describe.each(databaseKinds())('analytics on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let bagelsFid: string
  let bagelsStore: string
  let a: string // the store owner's store
  let b: string // another Dupont store
  const c: Record<string, string> = {}

  const get = async (url: string, token = owner) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
    return { status: res.statusCode, body: res.json() }
  }
  const ok = async (url: string, token = owner) => {
    const r = await get(url, token)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    fid = f!.id
    expect(f!.timezone).toBe('Europe/Paris')
    const [su] = await db.select().from(users).where(eq(users.email, 'store@demo.test'))
    a = (await db.select().from(storeOwners).where(eq(storeOwners.userId, su!.id)))[0]!.storeId
    b = (await db.select().from(stores).where(eq(stores.franchiseId, fid))).find((s) => s.id !== a)!.id
    const [bf] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    bagelsFid = bf!.id
    bagelsStore = (await db.select().from(stores).where(eq(stores.franchiseId, bagelsFid)))[0]!.id

    for (const [key, postcode] of [
      ['c1', '75001'],
      ['c2', '75001'],
      ['c3', '69002'],
      ['c4', null],
    ] as const) {
      const [row] = await db
        .insert(clients)
        .values({ franchiseId: fid, firstName: key, lastName: 'Test', postcode })
        .returning()
      c[key] = row!.id
    }
    const [other] = await db.insert(clients).values({ franchiseId: bagelsFid, postcode: '11201' }).returning()
    c.bagel = other!.id

    const tx = (
      client: string,
      store: string,
      at: string,
      type: string,
      points: number,
      amountCents?: number,
      reference?: string,
    ) => ({
      franchiseId: fid,
      clientId: c[client]!,
      storeId: store,
      type,
      points,
      amountCents: amountCents ?? null,
      reference: reference ?? null,
      createdAt: new Date(at),
    })
    await db.insert(pointsTransactions).values([
      tx('c1', a, '2026-03-10T09:00:00Z', 'tag', 10, 1000),
      tx('c2', a, '2026-03-10T10:00:00Z', 'tag', 10, 2000),
      tx('c1', b, '2026-03-10T12:00:00Z', 'tag', 10),
      tx('c1', a, '2026-03-11T09:00:00Z', 'tag', 10, 3000),
      tx('c2', a, '2026-03-11T11:00:00Z', 'redeem', -5, undefined, 'offer-1'),
      tx('c1', a, '2026-03-11T12:00:00Z', 'debit', -3),
      // 00:30 in Paris on the 12th.
      tx('c3', b, '2026-03-11T23:30:00Z', 'tag', 10, 500),
      tx('c2', b, '2026-03-12T10:00:00Z', 'tag', 10, 1500),
    ])
    await db.insert(pointsTransactions).values({
      franchiseId: bagelsFid,
      clientId: c.bagel!,
      storeId: bagelsStore,
      type: 'tag',
      points: 10,
      amountCents: 99_900,
      createdAt: new Date('2026-03-10T15:00:00Z'),
    })
    const link = (client: string, store: string) => ({
      franchiseId: fid,
      clientId: c[client]!,
      storeId: store,
    })
    await db
      .insert(clientStores)
      .values([link('c1', a), link('c2', a), link('c1', b), link('c3', b), link('c2', b)])
    const coupon = (claimedAt: string | null, store: string) => ({
      franchiseId: fid,
      clientId: c.c1!,
      type: 'flat',
      value: 500,
      currencyCode: 'EUR',
      header: `Coupon ${claimedAt}`,
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      claimedAt: claimedAt ? new Date(claimedAt) : null,
      claimedStoreId: claimedAt ? store : null,
    })
    await db
      .insert(coupons)
      .values([
        coupon('2026-03-11T08:00:00Z', a),
        coupon('2026-03-12T08:00:00Z', b),
        coupon('2026-02-01T08:00:00Z', a),
        coupon(null, a),
      ])
    const run = await runRollup(db)
    expect(run.backfill).toBe(true)
  })
  afterAll(() => t.close())

  it('rolls each store and the franchise up per Paris day', async () => {
    const rows = await t.database.db.select().from(analyticsDays).where(eq(analyticsDays.franchiseId, fid))
    const pick = (store: string | null, day: string) => {
      const r = rows.find((x) => x.storeId === store && x.day === day)
      return (
        r && [
          r.visits,
          r.visitors,
          r.newClients,
          r.returningClients,
          r.pointsEarned,
          r.pointsSpent,
          r.salesCount,
          r.salesCents,
          r.returningSalesCents,
          r.offersRedeemed,
        ]
      )
    }
    expect(rows).toHaveLength(7)
    expect(pick(a, '2026-03-10')).toEqual([2, 2, 2, 0, 20, 0, 2, 3000, 0, 0])
    expect(pick(a, '2026-03-11')).toEqual([1, 1, 0, 1, 10, 8, 1, 3000, 3000, 1])
    expect(pick(b, '2026-03-10')).toEqual([1, 1, 1, 0, 10, 0, 0, 0, 0, 0])
    expect(pick(b, '2026-03-12')).toEqual([2, 2, 2, 0, 20, 0, 2, 2000, 0, 0])
    expect(pick(null, '2026-03-10')).toEqual([3, 2, 2, 0, 30, 0, 2, 3000, 0, 0])
    expect(pick(null, '2026-03-11')).toEqual([1, 1, 0, 1, 10, 8, 1, 3000, 3000, 1])
    expect(pick(null, '2026-03-12')).toEqual([2, 2, 1, 1, 20, 0, 2, 2000, 1500, 0])
  })

  it('answers the day and month histories', async () => {
    const days = await ok(
      `/api/v2/analytics/franchises/${fid}/history/days?${PERIOD}&events=visits,newClients`,
    )
    expect(days.days).toEqual([
      { day: '2026-03-10', visits: 3, newClients: 2 },
      { day: '2026-03-11', visits: 1, newClients: 0 },
      { day: '2026-03-12', visits: 2, newClients: 1 },
    ])
    const storeDays = await ok(
      `/api/v2/analytics/franchises/${fid}/history/days?${PERIOD}&storeId=${a}&events=visits,returningClients`,
    )
    expect(
      storeDays.days.map((d: { visits: number; returningClients: number }) => [d.visits, d.returningClients]),
    ).toEqual([
      [2, 0],
      [1, 1],
      [0, 0],
    ])
    const years = await ok(`/api/v2/analytics/franchises/${fid}/history/years?events=visits,salesCents`)
    const march = years.months.find((m: { month: string }) => m.month === '2026-03')
    expect(march).toEqual({ month: '2026-03', visits: 6, salesCents: 8000 })
    expect(years.months[0].month).toMatch(/^\d{4}-01$/)
    // The default event is visits.
    expect((await ok(`/api/v2/analytics/franchises/${fid}/history/days?${PERIOD}`)).events).toEqual([
      'visits',
    ])
  })

  it('scopes a store owner to its store', async () => {
    const days = await ok(
      `/api/v2/analytics/franchises/${fid}/history/days?${PERIOD}&events=visits`,
      storeOwner,
    )
    expect(days.days.map((d: { visits: number }) => d.visits)).toEqual([2, 1, 0])
    expect(
      (await get(`/api/v2/analytics/franchises/${fid}/history/days?storeId=${b}`, storeOwner)).status,
    ).toBe(404)
    expect((await get(`/api/v2/stores/${b}/analytics/frequency`, storeOwner)).status).toBe(404)
    expect(
      (await ok(`/api/v2/analytics/franchises/${fid}/average-basket?${PERIOD}`, storeOwner)).salesCents,
    ).toBe(6000)
    expect((await ok(`/api/v2/analytics/franchises/${fid}/clients/count`, storeOwner)).count).toBe(2)
    expect((await ok(`/api/Analytics/topPostCode`, storeOwner)).data).toEqual([
      { rank: 1, postcode: '75001', count: 2 },
    ])
    const coupons = await ok(`/api/v2/analytics/franchises/${fid}/coupons/redeemed?${PERIOD}`, storeOwner)
    expect(coupons.metadata.total).toBe(1)
  })

  it('counts clients and ranks postcodes', async () => {
    expect((await ok(`/api/v2/analytics/franchises/${fid}/clients/count`)).count).toBe(4)
    expect((await ok(`/api/v2/analytics/franchises/${fid}/clients/count?storeId=${b}`)).count).toBe(3)
    expect((await ok(`/api/Analytics/topPostCode?limitRank=5`)).data).toEqual([
      { rank: 1, postcode: '75001', count: 2 },
      { rank: 2, postcode: '69002', count: 1 },
    ])
    expect((await ok(`/api/Analytics/topPostCode?limitRank=1&franchiseId=${fid}`)).data).toHaveLength(1)
    expect((await ok(`/api/Analytics/topPostCode?storeId=${b}`)).data).toEqual([
      { rank: 1, postcode: '75001', count: 2 },
      { rank: 2, postcode: '69002', count: 1 },
    ])
    // A postcode change moves the counters.
    await t.database.db.update(clients).set({ postcode: '69002' }).where(eq(clients.id, c.c2!))
    expect((await ok(`/api/Analytics/topPostCode`)).data).toEqual([
      { rank: 1, postcode: '69002', count: 2 },
      { rank: 2, postcode: '75001', count: 1 },
    ])
    await t.database.db.update(clients).set({ postcode: '75001' }).where(eq(clients.id, c.c2!))
  })

  it('answers frequency and returns of a store', async () => {
    const freq = await ok(`/api/v2/stores/${a}/analytics/frequency?${PERIOD}`)
    // 2026-03-10 is a Tuesday, the 11th a Wednesday.
    expect(freq).toMatchObject({ visits: 3, visitors: 3, byWeekday: [0, 2, 1, 0, 0, 0, 0] })
    const ret = await ok(`/api/v2/stores/${a}/analytics/returns`)
    expect(ret.periods.map((p: { days: number }) => p.days)).toEqual([30, 90, 365])
    const year = ret.periods[2]
    const now = Date.now()
    if (now - Date.parse('2026-03-10') < 360 * 86_400_000)
      expect(year).toEqual({ days: 365, visitors: 3, newClients: 2, returningClients: 1, returnRate: 1 / 3 })
  })

  it('answers ROI, conversion rate and average basket', async () => {
    expect(await ok(`/api/v2/franchises/${fid}/roi?${PERIOD}`)).toEqual({
      startDate: '2026-03-10',
      endDate: '2026-03-12',
      currencyCode: 'EUR',
      salesCents: 8000,
      returningSalesCents: 4500,
      returningShare: 4500 / 8000,
      offersRedeemed: 1,
      couponsRedeemed: 2,
      pointsSpent: 8,
    })
    expect((await ok(`/api/v2/franchises/${fid}/roi?${PERIOD}&storeId=${a}`)).couponsRedeemed).toBe(1)
    expect(await ok(`/api/v2/analytics/franchises/${fid}/users/conversion-rate?${PERIOD}`)).toMatchObject({
      visitors: 5,
      newClients: 3,
      returningClients: 2,
      rate: 0.4,
    })
    expect(await ok(`/api/v2/analytics/franchises/${fid}/average-basket?${PERIOD}`)).toMatchObject({
      currencyCode: 'EUR',
      salesCount: 5,
      salesCents: 8000,
      averageBasketCents: 1600,
    })
    const none = await ok(
      `/api/v2/analytics/franchises/${fid}/average-basket?startDate=2025-01-01&endDate=2025-01-31`,
    )
    expect(none).toMatchObject({ salesCount: 0, averageBasketCents: null })
  })

  it('answers the loyalty graph, offers and coupons redeemed', async () => {
    const graph = await ok(
      `/api/v2/franchises/${fid}/analytics/loyalty-graph?startDate=2026-02-01&endDate=2026-03-31`,
    )
    expect(graph.months).toEqual([
      { month: '2026-02', pointsEarned: 0, pointsSpent: 0 },
      { month: '2026-03', pointsEarned: 60, pointsSpent: 8 },
    ])
    const mine = await ok(
      `/api/v2/franchises/${fid}/analytics/loyalty-graph?startDate=2026-03-01&endDate=2026-03-31&userId=${c.c1}`,
    )
    expect(mine.months).toEqual([{ month: '2026-03', pointsEarned: 30, pointsSpent: 3 }])
    // Twelve months by default.
    expect((await ok(`/api/v2/franchises/${fid}/analytics/loyalty-graph`)).months).toHaveLength(12)
    expect(await ok(`/api/v2/analytics/franchises/${fid}/loyalty-offers/redeemed?${PERIOD}`)).toMatchObject({
      total: 1,
      days: [{ day: '2026-03-11', count: 1 }],
    })
    const page = await ok(`/api/v2/analytics/franchises/${fid}/coupons/redeemed?${PERIOD}&page=1&size=1`)
    expect(page.metadata).toEqual({ page: 1, size: 1, total: 2 })
    expect(page.data).toHaveLength(1)
    expect(page.data[0]).toMatchObject({
      claimedAt: '2026-03-12T08:00:00.000Z',
      storeId: b,
      clientName: 'c1 Test',
      value: 500,
    })
  })

  it('refuses bad input naming the field', async () => {
    const bad = async (url: string, field: string) => {
      const r = await get(url)
      expect(r.status, url).toBe(400)
      expect(r.body.details.field, url).toBe(field)
    }
    await bad(`/api/v2/analytics/franchises/${fid}/history/days?startDate=2026-13-01`, 'startDate')
    await bad(`/api/v2/analytics/franchises/${fid}/history/days?startDate=2026-02-30`, 'startDate')
    await bad(`/api/v2/analytics/franchises/${fid}/history/days?endDate=yesterday`, 'endDate')
    await bad(
      `/api/v2/analytics/franchises/${fid}/history/days?startDate=2026-03-12&endDate=2026-03-10`,
      'startDate',
    )
    await bad(`/api/v2/analytics/franchises/${fid}/history/days?events=visits,bogus`, 'events')
    await bad(`/api/v2/analytics/franchises/${fid}/coupons/redeemed?size=0`, 'size')
    await bad(`/api/Analytics/topPostCode?limitRank=1000`, 'limitRank')
    await bad(`/api/v2/analytics/franchises/${fid}/average-basket?storeId=nope`, 'storeId')
    await bad(`/api/v2/analytics/franchises/not-an-id/average-basket`, 'id')
  })

  it('hides other tenants: foreign ids are 404s', async () => {
    expect((await get(`/api/v2/analytics/franchises/${bagelsFid}/history/days`)).status).toBe(404)
    expect((await get(`/api/v2/analytics/franchises/${fid}/history/days`, bagels)).status).toBe(404)
    expect(
      (await get(`/api/v2/analytics/franchises/${fid}/average-basket?storeId=${bagelsStore}`)).status,
    ).toBe(404)
    expect((await get(`/api/v2/stores/${bagelsStore}/analytics/returns`)).status).toBe(404)
    expect((await get(`/api/v2/franchises/${bagelsFid}/roi`)).status).toBe(404)
    expect((await get(`/api/Analytics/topPostCode?franchiseId=${fid}`, bagels)).status).toBe(404)
    expect((await get(`/api/v2/franchises/${fid}/analytics/loyalty-graph?userId=${c.bagel}`)).status).toBe(
      404,
    )
    // The bagels owner sees only its own sale.
    const basket = await ok(`/api/v2/analytics/franchises/${bagelsFid}/average-basket?${PERIOD}`, bagels)
    expect(basket).toMatchObject({ currencyCode: 'USD', salesCents: 99_900 })
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/franchises/${fid}/roi` })).statusCode).toBe(401)
  })

  it('catches up from the watermark, re-reads late rows and stays idempotent', async () => {
    const db = t.database.db
    const before = await db.select().from(analyticsDays).where(eq(analyticsDays.franchiseId, fid))
    expect((await runRollup(db)).backfill).toBe(false)
    const again = await db.select().from(analyticsDays).where(eq(analyticsDays.franchiseId, fid))
    expect(again).toEqual(expect.arrayContaining(before))
    expect(again).toHaveLength(before.length)
    // A move committed late: created two minutes ago (before the last watermark, within the overlap).
    const late = new Date(Date.now() - 2 * 60_000)
    await db.insert(pointsTransactions).values({
      franchiseId: fid,
      clientId: c.c4!,
      storeId: a,
      type: 'tag',
      points: 10,
      amountCents: 700,
      createdAt: late,
    })
    await runRollup(db)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(late)
    const basket = await ok(
      `/api/v2/analytics/franchises/${fid}/average-basket?startDate=${today}&endDate=${today}`,
    )
    expect(basket).toMatchObject({ salesCount: 1, salesCents: 700 })
    const res = await db.execute(
      sql`select count(*)::int as n from analytics_days where franchise_id = ${fid} and store_id is null and day = ${today}`,
    )
    expect(Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1)
  })
})

describe.each(databaseKinds())('analytics rollup job on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { jobs: true } })
  })
  afterAll(() => t.close())

  const until = async <T>(check: () => Promise<T | undefined>) => {
    const end = Date.now() + 20_000
    for (;;) {
      const v = await check()
      if (v !== undefined) return v
      if (Date.now() > end) throw new Error('timed out waiting')
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('runs once the app is ready, then backfills a franchise whose history arrives later', async () => {
    const db = t.database.db
    // The first run (at ready) found an empty ledger and set its watermark.
    await until(async () => {
      const res = await db.execute(sql`select watermark from analytics_watermarks`)
      return (res as unknown as { rows: unknown[] }).rows[0]
    })
    // History loaded afterwards (like the demo seed): rows dated long before the watermark.
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [store] = await db.select().from(stores).where(eq(stores.franchiseId, f!.id))
    const [client] = await db.insert(clients).values({ franchiseId: f!.id, firstName: 'Late' }).returning()
    await db.insert(pointsTransactions).values([
      {
        franchiseId: f!.id,
        clientId: client!.id,
        storeId: store!.id,
        type: 'tag',
        points: 10,
        amountCents: 1200,
        createdAt: new Date('2025-06-02T10:00:00Z'),
      },
      {
        franchiseId: f!.id,
        clientId: client!.id,
        storeId: store!.id,
        type: 'tag',
        points: 10,
        createdAt: new Date('2025-06-09T10:00:00Z'),
      },
    ])
    await t.app.jobs!.send(ANALYTICS_ROLLUP_JOB, {})
    const rows = await until(async () => {
      const r = await db.select().from(analyticsDays).where(eq(analyticsDays.franchiseId, f!.id))
      return r.length ? r : undefined
    })
    const wide = rows.filter((r) => r.storeId === null).sort((a, b) => a.day.localeCompare(b.day))
    expect(wide.map((r) => [r.day, r.visits, r.newClients, r.returningClients, r.salesCents])).toEqual([
      ['2025-06-02', 1, 1, 0, 1200],
      ['2025-06-09', 1, 0, 1, 0],
    ])
  })
})
