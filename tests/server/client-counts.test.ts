// The client-list totals come from counters kept by database triggers (src/server/db/sql/
// clients_counts_trigger.sql and its neighbours). These tests change clients every way the product
// does (create, visit, sale, credit, delete, bulk insert) and check every total against a count of the
// rows themselves, at several period boundaries.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, desc, eq, ilike, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClientType } from '../../src/domain/clients'
import { sqlFolder } from '../../src/server/db/functions'
import { clientStores, clients, franchises, stores } from '../../src/server/db/schema'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import {
  compactStoreDayCounts,
  countByType,
  countForStore,
  countStoreByType,
} from '../../src/server/services/client-counts'
import { listClients } from '../../src/server/services/client-queries'
import { linkClientToStore } from '../../src/server/services/clients'
import { applyPoints } from '../../src/server/services/ledger'
import { deleteStore } from '../../src/server/services/stores'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

const DAY = 86_400_000
const TYPES: ClientType[] = ['LOST_CUSTOMER', 'NEW_CUSTOMER', 'REGULAR_CUSTOMER']
const SOURCES = ['STORE', 'MIGRATION', 'EMARKETING']

/** Every non-empty subset of a list, and the empty one. */
const subsets = <T>(items: T[]): T[][] => {
  const all: T[][] = [[]]
  for (const item of items) for (const s of [...all]) all.push([...s, item])
  return all
}

describe.each(databaseKinds())('client list counters on %s', (kind) => {
  let database: TestDatabase
  let franchiseId: string
  let storeIds: string[]
  const now = new Date()

  const typeOf = (c: typeof clients.$inferSelect, start: Date): ClientType => {
    if ((c.lastVisitAt ?? c.createdAt).getTime() < start.getTime()) return 'LOST_CUSTOMER'
    if ((c.firstVisitAt ?? c.createdAt).getTime() >= start.getTime()) return 'NEW_CUSTOMER'
    return 'REGULAR_CUSTOMER'
  }

  /** Compares every combination of sources and types, at several period starts, with the rows. */
  const expectCountsMatchRows = async () => {
    // An erased client (GDPR) is no longer counted anywhere.
    const rows = (
      await database.db.select().from(clients).where(eq(clients.franchiseId, franchiseId))
    ).filter((c) => !c.erasedAt)
    const starts = [3, 10.5, 30, 90.25, 400].map((days) => new Date(now.getTime() - days * DAY))
    for (const start of starts)
      for (const sources of subsets(SOURCES))
        for (const types of subsets(TYPES)) {
          const expected = rows.filter(
            (c) =>
              (!sources.length || sources.includes(c.acquiredFrom)) &&
              (!types.length || types.includes(typeOf(c, start))),
          ).length
          const counted = await countByType(database.db, franchiseId, sources, types, start)
          expect(counted, `${start.toISOString()} ${sources} ${types}`).toBe(expected)
        }
    // Every client has one balance row (client_balances, kept by src/server/db/sql/
    // client_balances_insert.sql), in its franchise.
    const mirror = await database.db.execute(sql`select count(*)::int as n from clients c
      full join client_balances b on b.client_id = c.id
      where (c.franchise_id = ${franchiseId} or b.franchise_id = ${franchiseId})
        and (b.client_id is null or c.id is null or b.franchise_id <> c.franchise_id)`)
    expect((mirror as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    // A store's clients by type, from its day counters (store_day_counts).
    const links = await database.db
      .select()
      .from(clientStores)
      .where(eq(clientStores.franchiseId, franchiseId))
    for (const storeId of storeIds) {
      const inStore = new Set(links.filter((l) => l.storeId === storeId).map((l) => l.clientId))
      for (const start of starts)
        for (const types of subsets(TYPES)) {
          const expected = rows.filter(
            (c) => inStore.has(c.id) && (!types.length || types.includes(typeOf(c, start))),
          ).length
          const counted = await countStoreByType(database.db, franchiseId, storeId, types, start)
          expect(counted, `store ${storeId} ${start.toISOString()} ${types}`).toBe(expected)
        }
    }
    for (const storeId of storeIds) {
      const inStore = links.filter((l) => l.storeId === storeId && rows.some((c) => c.id === l.clientId))
      expect(await countForStore(database.db, franchiseId, storeId)).toBe(inStore.length)
    }
  }

  const visit = (clientId: string, storeId: string, at: Date, amountCents?: number) =>
    database.db.transaction((tx) =>
      applyPoints(tx, {
        franchiseId,
        clientId,
        storeId,
        type: 'tag',
        points: 10,
        amountCents: amountCents ?? null,
        authorId: null,
        impostorOf: null,
        now: at,
      }),
    )

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    const [f] = await database.db
      .insert(franchises)
      .values({ name: 'Counters', codeAlpha3: 'FRA', timezone: 'Europe/Paris', currencyCode: 'EUR' })
      .returning()
    franchiseId = f!.id
    const created = await database.db
      .insert(stores)
      .values([1, 2].map((i) => ({ franchiseId, name: `Store ${i}`, currencyCode: 'EUR' })))
      .returning()
    storeIds = created.map((s) => s.id)
    // A bulk insert (one statement) of clients created over 500 days, a third never visited.
    await database.db.insert(clients).values(
      Array.from({ length: 90 }, (_, i) => {
        const createdAt = new Date(now.getTime() - (i * 5.55 + 0.3) * DAY)
        const visited = i % 3 !== 0
        const first = new Date(createdAt.getTime() + (i % 7) * 3600_000)
        const last = new Date(Math.min(now.getTime(), first.getTime() + (i % 11) * 17 * DAY))
        return {
          franchiseId,
          firstName: `C${i}`,
          acquiredFrom: SOURCES[i % 3]!,
          createdAt,
          firstVisitAt: visited ? first : null,
          lastVisitAt: visited ? last : null,
          visitCount: visited ? 2 : 0,
        }
      }),
    )
  })
  afterAll(() => database.drop())

  it('counts a bulk insert exactly', async () => {
    await expectCountsMatchRows()
  })

  it('follows visits (first, repeat the same day, later days), sales and credits', async () => {
    const some = await database.db
      .select()
      .from(clients)
      .where(eq(clients.franchiseId, franchiseId))
      .limit(40)
    for (const [i, c] of some.entries()) {
      const at = new Date(now.getTime() - (i % 4) * 2 * DAY - 3600_000)
      await visit(c.id, storeIds[i % 2]!, at, i % 5 === 0 ? 1250 : undefined)
      if (i % 3 === 0) await visit(c.id, storeIds[(i + 1) % 2]!, new Date(at.getTime() + 60_000))
      if (i % 4 === 0)
        await database.db.transaction((tx) =>
          applyPoints(tx, {
            franchiseId,
            clientId: c.id,
            storeId: null,
            type: 'credit',
            points: 5,
            authorId: null,
            impostorOf: null,
          }),
        )
    }
    await expectCountsMatchRows()
  })

  it("folds a store's appended day counters into one row per day, and keeps every total", async () => {
    const rowsOf = async () => {
      const r = await database.db.execute(
        sql`select count(*)::int as n, count(distinct (store_id, kind, day))::int as keys
              from store_day_counts where franchise_id = ${franchiseId}`,
      )
      return (r as unknown as { rows: { n: number; keys: number }[] }).rows[0]!
    }
    const before = await rowsOf()
    expect(before.n).toBeGreaterThan(before.keys) // the visits above appended −1/+1 rows
    expect(await compactStoreDayCounts(database.db)).toBeGreaterThan(0)
    const after = await rowsOf()
    expect(after.n).toBe(after.keys)
    expect(await compactStoreDayCounts(database.db)).toBe(0)
    await expectCountsMatchRows()
  })

  it('follows a store link removed, a client linked to a store outside a visit, and an erased client', async () => {
    const [link] = await database.db.select().from(clientStores).where(eq(clientStores.storeId, storeIds[0]!))
    await database.db
      .delete(clientStores)
      .where(sql`${clientStores.clientId} = ${link!.clientId} and ${clientStores.storeId} = ${link!.storeId}`)
    // A client who never came, created 40 days ago, then linked to a store by its owner (no visit).
    const [away] = await database.db
      .insert(clients)
      .values({ franchiseId, firstName: 'Linked', createdAt: new Date(now.getTime() - 40 * DAY) })
      .returning()
    await linkClientToStore(database.db, franchiseId, away!.id, storeIds[1]!)
    // A lost client of a store, erased (GDPR keeps its row, without a name, for the ledger).
    const lost = (await database.db.select().from(clients).where(eq(clients.franchiseId, franchiseId))).find(
      (c) => c.visitCount > 0 && (c.lastVisitAt?.getTime() ?? 0) < now.getTime() - 120 * DAY,
    )
    await linkClientToStore(database.db, franchiseId, lost!.id, storeIds[0]!)
    await database.db.update(clients).set({ erasedAt: now }).where(eq(clients.id, lost!.id))
    const links = await database.db.select().from(clientStores).where(eq(clientStores.clientId, away!.id))
    expect(links.map((l) => l.storeId)).toEqual([storeIds[1]])
    await expectCountsMatchRows()
  })

  it("drops a deleted store's counters and keeps the others'", async () => {
    const [gone] = await database.db
      .insert(stores)
      .values({ franchiseId, name: 'Closed', currencyCode: 'EUR' })
      .returning()
    const some = await database.db
      .select()
      .from(clients)
      .where(eq(clients.franchiseId, franchiseId))
      .limit(12)
    for (const c of some) await visit(c.id, gone!.id, new Date(now.getTime() - 3600_000))
    await deleteStore(database.db, { franchiseIds: [franchiseId], storeIds: null }, gone!.id)
    await compactStoreDayCounts(database.db)
    const left = await database.db.execute(
      sql`select count(*)::int as n from store_day_counts where store_id = ${gone!.id}`,
    )
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    await expectCountsMatchRows()
  })

  it('follows new clients, a change of source and deletions (one and many)', async () => {
    await database.db.insert(clients).values({ franchiseId, firstName: 'New', acquiredFrom: 'EMARKETING' })
    const [one] = await database.db.select().from(clients).where(eq(clients.firstName, 'C4'))
    await database.db.update(clients).set({ acquiredFrom: 'MIGRATION' }).where(eq(clients.id, one!.id))
    await database.db.delete(clients).where(eq(clients.firstName, 'C7'))
    await database.db.delete(clients).where(sql`${clients.firstName} like 'C1%'`)
    await expectCountsMatchRows()
  })
  it("fills a store's day counters once from its links when they were never filled (migration 0054's deploy)", async () => {
    const source = readFileSync(path.join(sqlFolder, 'client_stores_counts_trigger.sql'), 'utf8')
    // Applied again over filled counters: nothing is added.
    await runAs(OWNER, () => database.raw(source))
    await expectCountsMatchRows()
    await runAs(OWNER, () => database.raw('delete from store_day_counts'))
    await runAs(OWNER, () => database.raw(source))
    await expectCountsMatchRows()
  })

  it('searches a typed phone number as a prefix, and counts a broad search up to the limit', async () => {
    await database.db.insert(clients).values(
      Array.from({ length: 1_005 }, (_, i) => ({
        franchiseId,
        firstName: 'Margaux',
        lastName: `Broad${i}`,
        phone: `+3361200${String(i).padStart(4, '0')}`,
      })),
    )
    const list = (search: string) =>
      listClients(
        database.db,
        { franchiseIds: [franchiseId], storeIds: null },
        {
          franchiseId,
          storeIds: null,
          page: 1,
          size: 10,
          sort: 'lastVisit',
          order: 'desc',
          search,
          acquiredFrom: [],
          clientTypes: [],
        },
      )
    const byPhone = await list('06 12 00 00 4')
    expect(byPhone.metadata.total).toBe(10) // +33612000040 … +33612000049
    expect(byPhone.data.every((c) => c.phone?.startsWith('+3361200004'))).toBe(true)
    expect((await list('+33 6 12 00 10 04')).data.map((c) => c.lastName)).toEqual(['Broad1004'])
    const exact = await list('broad100')
    expect(exact.metadata).toEqual({ page: 1, size: 10, total: 6 }) // Broad100, Broad1000 … Broad1004
    const broad = await list('margaux')
    expect(broad.metadata).toEqual({ page: 1, size: 10, total: 1000, totalIsLowerBound: true })
    expect(broad.data).toHaveLength(10)
    // More matches than the count reads: the page tries each client in the list's order against its
    // search row. The same first page as every match listed, then sorted.
    const everyMatch = await database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.franchiseId, franchiseId), ilike(clients.firstName, '%margaux%')))
      .orderBy(desc(clients.lastVisitKey), desc(clients.id))
      .limit(10)
    expect(broad.data.map((c) => c.id)).toEqual(everyMatch.map((c) => c.id))
  })
})
