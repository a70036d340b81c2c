import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { franchiseFeatures, franchises, storeOwners, stores, users } from '../../src/server/db/schema'
import { isEmpty, resetDatabase, seed, seedIfEmpty } from '../../src/server/db/seed'
import { DEMO_USERS } from '../../src/server/db/seed/accounts'
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
  })

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

  it('starts over on reset', async () => {
    await resetDatabase(database)
    expect(await isEmpty(database)).toBe(true)
    await seed(database, () => {})
    const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(franchises)
    expect(n!.n).toBe(3)
  })
})
