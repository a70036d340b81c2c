import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countryDefaults } from '../../src/domain/countries'
import { franchiseFeatures, franchises, storeOwners, stores, users } from '../../src/server/db/schema'
import { ACCOUNT_MODULES, isEmpty, resetDatabase, seed, seedIfEmpty } from '../../src/server/db/seed'
import { DEMO_USERS } from '../../src/server/db/seed/accounts'
import { DEMO_FRANCHISE_NAME } from '../../src/server/db/seed/demo'
import { DEMO_PASSWORD } from '../../src/server/db/seed/types'
import { verifyPassword } from '../../src/server/services/passwords'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

describe.each(databaseKinds())('demo data on %s', (kind) => {
  let database: TestDatabase
  const lines: string[] = []
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(() => database.drop())

  it('seeds an empty database once, reporting progress', async () => {
    expect(await isEmpty(database)).toBe(true)
    expect(await seedIfEmpty(database, (m) => lines.push(m))).toBe(true)
    expect(await seedIfEmpty(database, () => {})).toBe(false)
    expect(lines.some((l) => l.startsWith('seed accounts:'))).toBe(true)
    expect(lines.join('\n')).not.toContain(DEMO_PASSWORD)
  }, 120_000)

  it('creates every demo account with the demo password hashed with argon2id', async () => {
    const rows = await database.db.select().from(users)
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort())
    const owner = rows.find((r) => r.email === 'owner@demo.test')!
    expect(owner.passwordHash.startsWith('$argon2id$')).toBe(true)
    expect(await verifyPassword(owner.passwordHash, DEMO_PASSWORD)).toBe(true)
    expect(await verifyPassword(owner.passwordHash, 'wrong')).toBe(false)
    const registered = rows.find((r) => r.email === 'registered@demo.test')!
    expect(registered.hasAcceptedCgv).toBe(false)
    const unpaid = rows.find((r) => r.email === 'unpaid@demo.test')!
    expect([unpaid.hasAcceptedCgv, unpaid.isSubscribedRetailer]).toEqual([true, false])
  })

  it('creates the two franchises with their stores, owner links and features', async () => {
    const db = database.db
    const count = async (name: string) => {
      const [f] = await db.select().from(franchises).where(eq(franchises.name, name))
      const [n] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(stores)
        .where(eq(stores.franchiseId, f!.id))
      return { f: f!, stores: n!.n }
    }
    const dupont = await count('Maison Dupont')
    expect(dupont.stores).toBe(3)
    expect(dupont.f).toMatchObject({
      codeAlpha3: 'FRA',
      currencyCode: 'EUR',
      timezone: 'Europe/Paris',
      loyaltyType: 'PASSAGE',
    })
    const bagels = await count('Brooklyn Bagels')
    expect(bagels.stores).toBe(1)
    expect(bagels.f).toMatchObject({
      codeAlpha3: 'USA',
      currencyCode: 'USD',
      timezone: 'America/New_York',
      loyaltyType: 'MANUAL_AMOUNT',
    })
    const links = await db.select().from(storeOwners)
    expect(links).toHaveLength(1)
    expect(links[0]!.franchiseId).toBe(dupont.f.id)
    const features = await db
      .select()
      .from(franchiseFeatures)
      .where(eq(franchiseFeatures.franchiseId, dupont.f.id))
    expect(features.map((f) => f.feature)).toContain('GAME')
  })

  it('prices every demo franchise and store in its country’s currency, at its first zone', async () => {
    const rows = await database.db
      .select({
        country: franchises.codeAlpha3,
        zone: franchises.timezone,
        f: franchises.currencyCode,
        s: stores.currencyCode,
      })
      .from(stores)
      .innerJoin(franchises, eq(stores.franchiseId, franchises.id))
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      const d = countryDefaults(r.country)
      expect([r.f, r.s, r.zone], r.country).toEqual([d?.currencyCode, d?.currencyCode, d?.timezone])
    }
  })

  it('gives Maison Dupont 2,000 clients over 18 months whose balances equal their ledger', async () => {
    const { rows } = await database.raw(`
      select f.name, count(*)::int as clients,
             count(*) filter (where b.points <> coalesce(l.sum, 0))::int as mismatched,
             count(*) filter (where b.points < 0)::int as negative,
             count(distinct c.acquired_from)::int as sources,
             min(l.first)::text as first_tx
      from clients c join franchises f on f.id = c.franchise_id
      join client_balances b on b.client_id = c.id
      left join (select client_id, sum(points) as sum, min(created_at) as first from points_transactions group by client_id) l on l.client_id = c.id
      group by f.name order by f.name`)
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]))
    expect(byName['Maison Dupont']).toMatchObject({ clients: 2000, mismatched: 0, negative: 0, sources: 3 })
    expect(byName['Brooklyn Bagels']).toMatchObject({ clients: 300, mismatched: 0, negative: 0 })
    // The demo franchise of /pages/demo/* (issue 8): owned by nobody, its own 300 clients.
    expect(byName[DEMO_FRANCHISE_NAME]).toMatchObject({
      clients: 300,
      mismatched: 0,
      negative: 0,
      sources: 3,
    })
    const demo = await database.db.select().from(franchises).where(eq(franchises.isDemo, true))
    expect(demo.map((f) => [f.name, f.userId])).toEqual([[DEMO_FRANCHISE_NAME, null]])
    const months =
      (Date.now() - new Date(String(byName['Maison Dupont']!.first_tx)).getTime()) / (30 * 86400_000)
    expect(months).toBeGreaterThanOrEqual(18)
  })

  it('spreads the three client types and the three coupon states', async () => {
    const { rows } = await database.raw(`
      select
        count(*) filter (where coalesce(last_visit_at, created_at) < now() - interval '3 months')::int as lost,
        count(*) filter (where coalesce(first_visit_at, created_at) >= now() - interval '3 months')::int as new,
        count(*)::int as total
      from clients c join franchises f on f.id = c.franchise_id where f.name = 'Maison Dupont'`)
    const r = rows[0]!
    expect(Number(r.lost)).toBeGreaterThan(300)
    expect(Number(r.new)).toBeGreaterThan(300)
    expect(Number(r.total) - Number(r.lost) - Number(r.new)).toBeGreaterThan(300)
    const coupons = await database.raw(`
      select count(*) filter (where claimed_at is not null)::int as claimed,
             count(*) filter (where claimed_at is null and expires_at < now())::int as expired,
             count(*) filter (where claimed_at is null and expires_at >= now())::int as active
      from coupons where franchise_id = (select id from franchises where name = 'Maison Dupont')`)
    expect(coupons.rows[0]).toMatchObject({ claimed: 100, expired: 100, active: 100 })
  })

  // Issue 24: figures a buyer would call fake.
  it('looks real: no reply after today, local postcodes, counted tags, more visits than client-days', async () => {
    const one = async <T>(q: string) => (await database.raw(q)).rows[0] as T
    expect(
      await one(
        `select count(*)::int as n from store_opinions where replied_at > now() or created_at > now()`,
      ),
    ).toEqual({ n: 0 })
    // Each store's clients mostly live in its own département (Lyon's are 69…).
    const postcodes = await database.raw(`
      select s.address_postcode as store, c.postcode, count(*)::int as n
        from clients c join client_stores cs on cs.client_id = c.id join stores s on s.id = cs.store_id
       where s.address_postcode is not null and c.postcode is not null
       group by 1, 2`)
    const byStore = new Map<string, { local: number; all: number }>()
    for (const r of postcodes.rows as { store: string; postcode: string; n: number }[]) {
      const e = byStore.get(r.store) ?? { local: 0, all: 0 }
      e.all += r.n
      if (r.postcode.slice(0, 2) === r.store.slice(0, 2)) e.local += r.n
      byStore.set(r.store, e)
    }
    expect(byStore.size).toBeGreaterThan(0)
    for (const [store, e] of byStore) expect(e.local / e.all, store).toBeGreaterThan(0.7)
    // Every counter tag has counted its store's tag visits.
    const tags = await database.raw(`
      select t.passages, (select count(*)::int from points_transactions p
                           where p.store_id = t.store_id and p.type = 'tag') as visits
        from tags t join stores s on s.id = t.store_id
       where s.franchise_id in (select id from franchises where name = 'Maison Dupont')`)
    for (const r of tags.rows as { passages: number; visits: number }[]) {
      expect(r.passages).toBeGreaterThan(0)
      expect(r.passages).toBe(r.visits)
    }
    const v = await one<{ visits: number; days: number }>(`
      select count(*)::int as visits, count(distinct (client_id, (created_at at time zone 'UTC')::date))::int as days
        from points_transactions where type = 'tag'`)
    expect(v.visits).toBeGreaterThan(v.days)
  })

  it('starts over on reset', async () => {
    await resetDatabase(database)
    expect(await isEmpty(database)).toBe(true)
    await seed(database, () => {}, ACCOUNT_MODULES)
    const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(franchises)
    expect(n!.n).toBe(3)
  })
})
