// The campaign audience (issue 18, §3 campaignFilters): every filter alone and combined, inclusive
// bounds, clients with missing data, the visits rollup kept exact by ledger writes, the client-type
// rule shared with the client list, and the channel rules (SMS reachable numbers, PUSH app users).
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CampaignFilters, type Channel, localClock } from '../../src/domain/campaigns'
import { clientType, periodStart } from '../../src/domain/clients'
import { rowsOf } from '../../src/server/db/client'
import {
  clientStores,
  clients,
  franchises,
  postcodeLocations,
  smsOptOuts,
  stores,
} from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { countAudience } from '../../src/server/services/campaign-audience'
import { periodStartSql } from '../../src/server/services/client-queries'
import { distanceKm } from '../../src/server/services/geo'
import { applyPoints } from '../../src/server/services/ledger'
import { franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

const NOW = new Date('2026-11-24T09:00:00Z')
const CLOCK = { today: localClock(NOW, 'Europe/Paris').day, now: NOW }
const PARIS = { lat: 48.8546, lng: 2.357 }
const BOULOGNE = { lat: 48.8397, lng: 2.2399 }

describe.each(databaseKinds())('campaign audience on %s', (kind) => {
  let database: TestDatabase
  let franchiseId: string
  let storeIds: string[]
  const ids: Record<string, string> = {}
  const db = () => database.db
  const count = (filters: CampaignFilters, channel: Channel = 'SMS') =>
    countAudience(db(), franchiseId, channel, filters, CLOCK)

  // A ledger move as the ledger writes it (ledger_move), at a given instant.
  const move = (
    client: string,
    at: string,
    o: { type?: 'tag' | 'credit' | 'debit'; amountCents?: number; points?: number; store?: number } = {},
  ) =>
    db().transaction((tx) =>
      applyPoints(tx, {
        franchiseId,
        clientId: ids[client]!,
        storeId: storeIds[o.store ?? 0]!,
        type: o.type ?? 'tag',
        points: o.points ?? 1,
        amountCents: o.amountCents ?? null,
        currencyCode: o.amountCents ? 'EUR' : null,
        authorId: null,
        impostorOf: null,
        now: new Date(at),
      }),
    )

  // The rollup recomputed from the ledger: what client_visit_days, sales_weeks and the audience rows'
  // visit days (one local day per visit, sorted) must equal.
  const rollupMismatches = async () =>
    rowsOf<{ n: number }>(
      await db().execute(sql`
        with truth as (
          select t.client_id, (t.created_at at time zone f.timezone)::date as day,
                 count(*) filter (where t.type in ('tag', 'sync'))::int as visits,
                 count(*) filter (where t.amount_cents > 0)::int as sales,
                 coalesce(sum(t.amount_cents) filter (where t.amount_cents > 0), 0)::bigint as sales_cents
            from points_transactions t join franchises f on f.id = t.franchise_id
           where t.type in ('tag', 'sync') or t.amount_cents > 0 group by 1, 2),
        days as (
          select count(*)::int as n from truth full join client_visit_days d using (client_id, day)
           where d.client_id is null or truth.client_id is null or d.visits <> truth.visits
              or d.sales <> truth.sales or d.sales_cents <> truth.sales_cents),
        weeks as (
          select count(*)::int as n from clients c left join (
              select client_id, count(distinct date_trunc('week', day))::int as w from truth
               where sales > 0 group by 1) tw on tw.client_id = c.id
           where c.sales_weeks <> coalesce(tw.w, 0)),
        visit_days as (
          select count(*)::int as n from client_audience a left join (
              select client_id, array_agg(day order by day) as days
                from truth cross join lateral generate_series(1, truth.visits) where visits > 0
               group by 1) tv on tv.client_id = a.client_id
           where a.visit_days <> coalesce(tv.days, '{}'))
        select (select n from days) + (select n from weeks) + (select n from visit_days) as n`),
    )[0]!.n

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await seed(database, () => {}, ['categories', 'accounts'])
    const f = await franchiseNamed(db(), 'Maison Dupont')
    franchiseId = f.id
    // No wait between two visits here: the moves below are days apart but written out of order.
    await db()
      .update(franchises)
      .set({ tagScanInterval: 0, hasMaxPointsEnabled: false })
      .where(eq(franchises.id, f.id))
    storeIds = (
      await db()
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.franchiseId, f.id))
        .orderBy(stores.createdAt)
    ).map((s) => s.id)
    const rows: (Omit<typeof clients.$inferInsert, 'franchiseId'> & { key: string })[] = [
      // Ana: three sales in two weeks, an app user.
      { key: 'ana', gender: 'female', birthDate: '1990-11-24', postcode: '75004', appLastUsedAt: NOW },
      { key: 'bob', gender: 'male', birthDate: '2000-01-01', postcode: '69002', acquiredFrom: 'MIGRATION' },
      // Cleo: no birth date, no postcode; visits without sales.
      { key: 'cleo', gender: 'female', acquiredFrom: 'EMARKETING' },
      // Dan: born the day after Ana turned 36, nothing in the ledger.
      { key: 'dan', gender: 'male', birthDate: '1990-11-25', postcode: '92100' },
      // Eve: a postcode without coordinates.
      { key: 'eve', gender: 'female', birthDate: '1985-03-10', postcode: '99999' },
    ]
    for (const [i, { key, ...r }] of rows.entries()) {
      const [c] = await db()
        .insert(clients)
        .values({
          franchiseId,
          firstName: key,
          phone: `+336100000${i}`,
          createdAt: new Date('2026-01-05'),
          ...r,
        })
        .returning({ id: clients.id })
      ids[key] = c!.id
    }
    // Not reachable by SMS, though matching every filter below that Ana matches.
    await db()
      .insert(clients)
      .values([
        { franchiseId, firstName: 'no phone', gender: 'female', birthDate: '1990-11-24', postcode: '75004' },
        { franchiseId, firstName: 'stop', gender: 'female', phone: '+33699999999', birthDate: '1990-11-24' },
      ])
    await db().insert(smsOptOuts).values({ franchiseId, phone: '+33699999999' })
    await db()
      .insert(postcodeLocations)
      .values([
        { country: 'FRA', postcode: '75004', ...PARIS },
        { country: 'FRA', postcode: '92100', ...BOULOGNE },
        { country: 'USA', postcode: '69002', lat: 40.7, lng: -74 },
      ])
    // Ana: Mon 2 and Tue 3 November (one week), Tue 10 (the next): 10 + 20 + 30 EUR.
    await move('ana', '2026-11-10T10:00:00Z', { amountCents: 3000 })
    await move('ana', '2026-11-02T10:00:00Z', { amountCents: 1000 })
    await move('ana', '2026-11-03T10:00:00Z', { amountCents: 2000, store: 1 })
    // Bob: one sale of 50 EUR, a credit and a debit (neither a visit nor a sale).
    await move('bob', '2026-11-10T11:00:00Z', { amountCents: 5000 })
    await move('bob', '2026-11-11T11:00:00Z', { type: 'credit', points: 5 })
    await move('bob', '2026-11-12T11:00:00Z', { type: 'debit', points: -2 })
    // Cleo: two visits without a sale; the second is 9 November 23:30 UTC, 10 November in Paris.
    await move('cleo', '2026-11-05T10:00:00Z')
    await move('cleo', '2026-11-09T23:30:00Z')
  }, 120_000)
  afterAll(async () => {
    await database?.drop()
  })

  it('keeps the SMS and PUSH rules: reachable, not opted-out numbers; app users only', async () => {
    expect(await count({})).toBe(5)
    expect(await count({ gender: 'women', minAge: 36, maxAge: 36 })).toBe(1)
    expect(await count({}, 'PUSH')).toBe(1)
    expect(await count({ gender: 'men' }, 'PUSH')).toBe(0)
  })

  it('filters on age with inclusive bounds; no birth date only in the default range', async () => {
    // Ana is 36 today, Dan turns 36 tomorrow.
    expect(await count({ minAge: 36, maxAge: 36 })).toBe(1)
    expect(await count({ minAge: 35, maxAge: 35 })).toBe(1)
    expect(await count({ minAge: 0, maxAge: 100 })).toBe(5)
    expect(await count({ maxAge: 99 })).toBe(4)
    expect(await count({ gender: 'men', minAge: 26 })).toBe(2)
    expect(await count({ gender: 'men', minAge: 27 })).toBe(1)
  })

  it('filters on the average basket (sales total over sales, EUR), inclusive, no sales as 0', async () => {
    expect(await count({ minAverageBasket: 20, maxAverageBasket: 20 })).toBe(1)
    expect(await count({ minAverageBasket: 20 })).toBe(2)
    expect(await count({ minAverageBasket: 20.01 })).toBe(1)
    expect(await count({ maxAverageBasket: 20 })).toBe(4)
    expect(await count({ minAverageBasket: 0, maxAverageBasket: 0 })).toBe(3)
  })

  it('filters on the weekly average basket: sales total over the local weeks with a sale', async () => {
    // Ana: 60 EUR over 2 weeks = 30; Bob: 50 over 1.
    expect(await count({ minWeeklyAverageBasket: 30, maxWeeklyAverageBasket: 30 })).toBe(1)
    expect(await count({ minWeeklyAverageBasket: 30.01 })).toBe(1)
    expect(await count({ minWeeklyAverageBasket: 31, maxWeeklyAverageBasket: 50 })).toBe(1)
    expect(await count({ maxWeeklyAverageBasket: 29.99 })).toBe(3)
  })

  it('counts visits in a period of local days, bounds included', async () => {
    const period = { startPassageDate: '2026-11-01', endPassageDate: '2026-11-10' }
    expect(await count(period)).toBe(3)
    expect(await count({ ...period, minNbPassageTransactions: 2 })).toBe(2)
    expect(await count({ ...period, minNbPassageTransactions: 2, maxNbPassageTransactions: 2 })).toBe(1)
    expect(await count({ ...period, minNbPassageTransactions: 3, maxNbPassageTransactions: 3 })).toBe(1)
    // At most one: Bob (one), and Dan and Eve (none).
    expect(await count({ ...period, maxNbPassageTransactions: 1 })).toBe(3)
    expect(await count({ ...period, minNbPassageTransactions: 0, maxNbPassageTransactions: 0 })).toBe(2)
    // Ana's Tuesday, both ends included.
    expect(await count({ startPassageDate: '2026-11-03', endPassageDate: '2026-11-04' })).toBe(1)
    // Cleo's late visit is on 10 November in Paris, not on the 9th.
    expect(await count({ startPassageDate: '2026-11-08', endPassageDate: '2026-11-09' })).toBe(0)
    expect(await count({ startPassageDate: '2026-11-10', endPassageDate: '2026-11-11' })).toBe(3)
  })

  it('keeps the rollup exact after ledger writes (visits, sales, weeks)', async () => {
    expect(await rollupMismatches()).toBe(0)
    const before = await count({ minWeeklyAverageBasket: 30, maxWeeklyAverageBasket: 30 })
    // A second sale in Bob's week: still one week, 100 EUR a week now.
    await move('bob', '2026-11-13T11:00:00Z', { amountCents: 5000 })
    // Dan's first visit, a sale in a new week.
    await move('dan', '2026-11-17T09:00:00Z', { amountCents: 3000 })
    expect(await rollupMismatches()).toBe(0)
    expect(await count({ minWeeklyAverageBasket: 100, maxWeeklyAverageBasket: 100 })).toBe(1)
    expect(await count({ minWeeklyAverageBasket: 30, maxWeeklyAverageBasket: 30 })).toBe(before + 1)
    expect(await count({ startPassageDate: '2026-11-13', endPassageDate: '2026-11-17' })).toBe(2)
    const [bob] = await db().select().from(clients).where(eq(clients.id, ids.bob!))
    expect(bob).toMatchObject({ salesWeeks: 1, weeklyBasketKey: 10000, averageBasketKey: 5000 })
  })

  it('filters within a radius of a postcode or a store, inclusive; no coordinates, never within', async () => {
    const d = distanceKm(PARIS.lat, PARIS.lng, BOULOGNE.lat, BOULOGNE.lng)
    expect(await count({ radius: { km: 1, center: { postcode: '75004' } } })).toBe(1)
    expect(await count({ radius: { km: d + 1e-6, center: { postcode: '75004' } } })).toBe(2)
    expect(await count({ radius: { km: d - 1e-3, center: { postcode: '75004' } } })).toBe(1)
    // 69002 is known in another country only; Lyon's store gives it its coordinates here.
    expect(await count({ radius: { km: 5, center: { postcode: '69002' } } })).toBe(1)
    expect(await count({ radius: { km: 200, center: { postcode: '00000' } } })).toBe(0)
    // The Paris Marais store is about 0.5 km from 75004's centre, 8.6 km from 92100's.
    expect(await count({ radius: { km: 5, center: { storeId: storeIds[0]! } } })).toBe(1)
    expect(await count({ radius: { km: 10, center: { storeId: storeIds[0]! } } })).toBe(2)
    expect(
      await count({ radius: { km: 200, center: { storeId: '00000000-0000-4000-8000-000000000000' } } }),
    ).toBe(0)
  })

  it('filters on stores, origin provider, acquisition source and postcodes', async () => {
    expect(await count({ storeIds: [storeIds[1]!] })).toBe(1)
    expect(await count({ storeIds: [storeIds[0]!] })).toBe(4)
    await db().update(stores).set({ providerId: 'deliveroo' }).where(eq(stores.id, storeIds[1]!))
    expect(await count({ originProviderId: 'deliveroo' })).toBe(1)
    expect(await count({ originProviderId: 'ubereats' })).toBe(0)
    expect(await count({ clientsAcquiredFrom: ['MIGRATION', 'EMARKETING'] })).toBe(2)
    expect(await count({ zipOrPostcodes: ['75004', ' 92100 '] })).toBe(2)
    expect(await count({ clientsAcquiredFrom: ['MIGRATION'], gender: 'women' })).toBe(0)
  })

  it("takes the origin provider from the client's first store, not a store it visited later", async () => {
    await db().update(stores).set({ providerId: 'deliveroo' }).where(eq(stores.id, storeIds[1]!))
    const before = await count({ originProviderId: 'deliveroo' })
    // Eve (no visit so far) first comes to the first store, then to the deliveroo one.
    expect(await db().select().from(clientStores).where(eq(clientStores.clientId, ids.eve!))).toEqual([])
    const visit = (store: number, at: string) => ({
      franchiseId,
      clientId: ids.eve!,
      storeId: storeIds[store]!,
      firstVisitAt: new Date(at),
      lastVisitAt: new Date(at),
    })
    await db()
      .insert(clientStores)
      .values([visit(0, '2026-02-01T10:00:00Z'), visit(1, '2026-03-01T10:00:00Z')])
    expect(await count({ originProviderId: 'deliveroo' })).toBe(before)
    expect(await count({ storeIds: [storeIds[1]!], originProviderId: 'deliveroo' })).toBe(before)
    // Her first visit was in the deliveroo store after all: she comes from it.
    await db()
      .update(clientStores)
      .set({ firstVisitAt: new Date('2026-01-15T10:00:00Z') })
      .where(and(eq(clientStores.clientId, ids.eve!), eq(clientStores.storeId, storeIds[1]!)))
    expect(await count({ originProviderId: 'deliveroo' })).toBe(before + 1)
    await db().delete(clientStores).where(eq(clientStores.clientId, ids.eve!))
  })

  it('filters on client types with the client list rule (src/domain/clients.ts)', async () => {
    const [f] = await db().select().from(franchises).where(eq(franchises.id, franchiseId))
    const q = f!.customersQualification.lostCustomers.timeSinceLastVisit
    const reachable = await db().select().from(clients).where(sql`${clients.phone} like '+3361%'`)
    for (const type of ['LOST_CUSTOMER', 'NEW_CUSTOMER', 'REGULAR_CUSTOMER'] as const) {
      const expected = reachable.filter((c) => clientType(c, q, NOW) === type).length
      expect(await count({ clientsTypes: [type] }), type).toBe(expected)
    }
    expect(await count({ clientsTypes: ['LOST_CUSTOMER', 'NEW_CUSTOMER', 'REGULAR_CUSTOMER'] })).toBe(5)
    expect(await count({ storeIds: [storeIds[0]!], clientsTypes: ['NEW_CUSTOMER'] })).toBe(
      reachable.filter((c) => c.firstVisitAt && clientType(c, q, NOW) === 'NEW_CUSTOMER').length,
    )
  })

  it('computes the type period in SQL exactly as periodStart does, month ends included', async () => {
    for (const [qualification, at] of [
      [{ value: 1, unit: 'months' }, '2026-03-31T10:00:00Z'],
      [{ value: 3, unit: 'months' }, '2026-05-31T23:59:59Z'],
      [{ value: 2, unit: 'weeks' }, '2026-03-29T01:30:00Z'],
      [{ value: 10, unit: 'days' }, '2026-10-25T02:30:00Z'],
    ] as const) {
      await db()
        .update(franchises)
        .set({ customersQualification: { lostCustomers: { timeSinceLastVisit: qualification } } })
        .where(eq(franchises.id, franchiseId))
      const now = new Date(at)
      const [row] = rowsOf<{ start: string | Date }>(
        await db().execute(sql`select ${periodStartSql(franchiseId, now)} as start`),
      )
      expect(new Date(row!.start).toISOString()).toBe(periodStart(qualification, now).toISOString())
    }
  })

  it('combines filters', async () => {
    expect(
      await count({
        gender: 'women',
        minAge: 30,
        maxAge: 40,
        minAverageBasket: 10,
        startPassageDate: '2026-11-01',
        endPassageDate: '2026-11-30',
        minNbPassageTransactions: 3,
        radius: { km: 10, center: { postcode: '75004' } },
        clientsAcquiredFrom: ['STORE'],
      }),
    ).toBe(1)
    expect(await count({ gender: 'women', minCollectedPoints: 1, maxLoyaltyPoints: 1000 })).toBe(2)
  })
})
