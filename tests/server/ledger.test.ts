import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../src/server/db/client'
import { clientAudience, clients, franchises, pointsTransactions, stores } from '../../src/server/db/schema'
import { AppError } from '../../src/server/errors'
import { requestHash, runOnce } from '../../src/server/services/idempotency'
import { applyPoints, moveOnce, openClients } from '../../src/server/services/ledger'
import { balanceOf, insertClient, setBalance } from '../support/balances'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

describe.each(databaseKinds())('points ledger on %s', (kind) => {
  let database: TestDatabase
  let franchiseId: string
  let storeId: string
  const newClient = async (points = 0) => {
    const c = await insertClient(database.db, {
      franchiseId,
      firstName: 'Test',
      lastName: 'Client',
      points,
      totalCollectedPoints: points,
    })
    if (points)
      await database.db
        .insert(pointsTransactions)
        .values({ franchiseId, clientId: c!.id, storeId, type: 'migration', points })
    return c!.id
  }
  const balance = async (clientId: string) => {
    const [c] = await database.db.select().from(clients).where(eq(clients.id, clientId))
    const b = await balanceOf(database.db, clientId)
    const [s] = await database.db
      .select({ sum: sql<number>`coalesce(sum(points), 0)::int` })
      .from(pointsTransactions)
      .where(eq(pointsTransactions.clientId, clientId))
    return { balance: b.points, ledger: s!.sum, client: { ...c!, ...b } }
  }
  const move = (
    clientId: string,
    points: number,
    type: 'credit' | 'debit' | 'redeem' | 'tag' = points > 0 ? 'credit' : 'debit',
  ) =>
    database.db.transaction((tx) =>
      applyPoints(tx, { franchiseId, clientId, storeId, type, points, authorId: null, impostorOf: null }),
    )

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    const [f] = await database.db
      .insert(franchises)
      .values({ name: 'Ledger test', codeAlpha3: 'FRA', timezone: 'Europe/Paris', currencyCode: 'EUR' })
      .returning()
    franchiseId = f!.id
    const [s] = await database.db
      .insert(stores)
      .values({ franchiseId, name: 'Store', currencyCode: 'EUR' })
      .returning()
    storeId = s!.id
  })
  afterAll(() => database.drop())

  it('writes a credit or a debit on the balance row alone; a visit also on the client row', async () => {
    const id = await newClient()
    const before = (await balance(id)).client
    await move(id, 40)
    await move(id, -15)
    const afterMoves = await balance(id)
    expect(afterMoves).toMatchObject({ balance: 25, ledger: 25, client: { totalCollectedPoints: 40 } })
    // ledger_move.sql: the client row (its sort keys, its triggers) is not rewritten by these.
    expect(afterMoves.client.updatedAt).toEqual(before.updatedAt)
    expect(afterMoves.client.visitCount).toBe(0)
    const visit = await move(id, 10, 'tag')
    expect(visit.client).toMatchObject({ points: 35, visitCount: 1 })
    const afterVisit = await balance(id)
    expect(afterVisit.client.visitCount).toBe(1)
    expect(afterVisit.client.lastVisitAt).not.toBeNull()
  })

  it('gives ledger rows time-ordered ids (UUID version 7)', async () => {
    const id = await newClient()
    const first = await move(id, 5)
    await new Promise((r) => setTimeout(r, 5))
    const second = await move(id, 5)
    for (const t of [first.transaction, second.transaction])
      expect(t.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/)
    expect(second.transaction.id > first.transaction.id).toBe(true)
    // The first 48 bits are the row's Unix time in milliseconds.
    const ms = Number.parseInt(second.transaction.id.replace(/-/g, '').slice(0, 12), 16)
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000)
  })

  it('credits and debits, keeping the balance equal to the ledger sum', async () => {
    const id = await newClient()
    await move(id, 120)
    await move(id, -20)
    expect(await balance(id)).toMatchObject({
      balance: 100,
      ledger: 100,
      client: { totalCollectedPoints: 120 },
    })
  })

  it('refuses a spend larger than the balance with 409 and changes nothing', async () => {
    const id = await newClient(50)
    await expect(move(id, -51)).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_POINTS' })
    expect(await balance(id)).toMatchObject({ balance: 50, ledger: 50 })
  })

  it('never overspends under 64 concurrent debits, repeated', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newClient(300)
      const results = await Promise.allSettled(Array.from({ length: 64 }, () => move(id, -10)))
      const ok = results.filter((r) => r.status === 'fulfilled').length
      const refused = results.filter((r) => r.status === 'rejected')
      expect(ok).toBe(30)
      expect(
        refused.every(
          (r) =>
            (r as PromiseRejectedResult).reason instanceof AppError &&
            (r as PromiseRejectedResult).reason.code === 'INSUFFICIENT_POINTS',
        ),
      ).toBe(true)
      expect(await balance(id)).toMatchObject({ balance: 0, ledger: 0 })
    }
  })

  it('enforces the maximum points and the minimum time between two visits where points are earned', async () => {
    await database.db
      .update(franchises)
      .set({ maxPoints: 100, hasMaxPointsEnabled: true, tagScanInterval: 3600 })
      .where(eq(franchises.id, franchiseId))
    try {
      const id = await newClient(90)
      const first = await move(id, 25, 'tag')
      expect(first.transaction.points).toBe(10) // capped at 100
      expect(first.client).toMatchObject({ points: 100, visitCount: 1 })
      await setBalance(database.db, id, { points: 50 })
      await expect(move(id, 5, 'tag')).rejects.toMatchObject({ code: 'VISIT_TOO_SOON' })
      await setBalance(database.db, id, { points: 100 })
      await expect(move(id, 5, 'credit')).rejects.toMatchObject({ code: 'MAX_POINTS_REACHED' })
    } finally {
      await database.db
        .update(franchises)
        .set({ maxPoints: null, hasMaxPointsEnabled: false, tagScanInterval: 0 })
        .where(eq(franchises.id, franchiseId))
    }
  })

  it('opens new clients with their balances in one statement: capped, the audience written once', async () => {
    await database.db
      .update(franchises)
      .set({ maxPoints: 100, hasMaxPointsEnabled: true })
      .where(eq(franchises.id, franchiseId))
    try {
      const [a, b, none, taken] = [randomUUID(), randomUUID(), randomUUID(), await newClient(30)]
      const now = new Date('2026-11-30T10:00:00Z')
      const client = (id: string, points: number | null, row: number) => ({
        id,
        first_name: `Opened${row}`,
        last_name: 'Client',
        email: null,
        phone: null,
        gender: null,
        birth_date: null,
        postcode: null,
        points,
        reference: `import:test:${row}`,
        row,
      })
      const open = (clients: ReturnType<typeof client>[]) =>
        database.db.transaction((tx) =>
          openClients(tx, { franchiseId, clients, authorId: null, impostorOf: null, now }),
        )
      // A client that exists already is not a new one: nothing of the call is written.
      await expect(open([client(a, 20, 1), client(taken, 5, 2)])).rejects.toThrow()
      expect(await database.db.select().from(clients).where(eq(clients.id, a))).toEqual([])
      expect(await balance(taken)).toMatchObject({ balance: 30, ledger: 30 })

      // Each audience row is inserted with its balance, never updated after (this transaction's counts).
      const written = await database.db.transaction(async (tx) => {
        // Read before and after: the view also holds counts of earlier transactions not yet reported.
        const counts = async () =>
          rowsOf<{ ins: number; upd: number }>(
            await tx.execute(
              sql`select n_tup_ins::int as ins, n_tup_upd::int as upd from pg_stat_xact_user_tables where relname = 'client_audience'`,
            ),
          )[0]!
        const before = await counts()
        await openClients(tx, {
          franchiseId,
          clients: [client(b, 250, 3), client(none, null, 4), client(a, 20, 5)],
          authorId: null,
          impostorOf: null,
          now,
        })
        const after = await counts()
        return { ins: after.ins - before.ins, upd: after.upd - before.upd }
      })
      expect(written).toEqual({ ins: 3, upd: 0 })
      expect(await balance(a)).toMatchObject({
        balance: 20,
        ledger: 20,
        client: { totalCollectedPoints: 20, firstName: 'Opened5', acquiredFrom: 'MIGRATION' },
      })
      expect(await balance(b)).toMatchObject({ balance: 100, ledger: 100 }) // capped at 100
      // A client without points gets its empty balance, as any new client does.
      expect(await balance(none)).toMatchObject({ balance: 0, ledger: 0 })
      const rows = await database.db
        .select()
        .from(pointsTransactions)
        .where(sql`${pointsTransactions.reference} like 'import:test:%'`)
        .orderBy(pointsTransactions.reference)
      expect(rows.map((r) => [r.clientId, r.type, r.points, r.reference, r.storeId])).toEqual([
        [b, 'migration', 100, 'import:test:3', null],
        [a, 'migration', 20, 'import:test:5', null],
      ])
      expect(rows.every((r) => r.createdAt.getTime() === now.getTime())).toBe(true)
      // The audience (campaign counts) has each balance, written with the client.
      const audience = await database.db
        .select({
          id: clientAudience.clientId,
          points: clientAudience.points,
          collected: clientAudience.collected,
        })
        .from(clientAudience)
        .where(inArray(clientAudience.clientId, [a, b, none]))
      expect(audience.sort((x, y) => x.points - y.points)).toEqual([
        { id: none, points: 0, collected: 0 },
        { id: a, points: 20, collected: 20 },
        { id: b, points: 100, collected: 100 },
      ])
    } finally {
      await database.db
        .update(franchises)
        .set({ maxPoints: null, hasMaxPointsEnabled: false })
        .where(eq(franchises.id, franchiseId))
    }
  })

  it('replays an idempotent request once, and refuses the key for another request', async () => {
    const id = await newClient(0)
    const userId = '00000000-0000-4000-8000-0000000000aa'
    const body = { points: 15 }
    const hash = requestHash('PATCH', '/points', body)
    const run = () =>
      runOnce(database.db, { key: 'retry-key-0001', userId, hash }, (tx) =>
        applyPoints(tx, {
          franchiseId,
          clientId: id,
          storeId,
          type: 'credit',
          points: 15,
          authorId: null,
          impostorOf: null,
        }).then((r) => ({ points: r.client.points })),
      )
    const [a, b] = await Promise.all([run(), run()])
    const replays = [a, b].filter((r) => r.replayed)
    expect(replays).toHaveLength(1)
    expect(a.body).toEqual(b.body)
    expect((await balance(id)).balance).toBe(15)
    await expect(
      runOnce(
        database.db,
        { key: 'retry-key-0001', userId, hash: requestHash('PATCH', '/points', { points: 16 }) },
        async () => ({}),
      ),
    ).rejects.toMatchObject({ statusCode: 422 })
  })

  it('moves once for eight concurrent repeats of one keyed move; the key for another move is a 422', async () => {
    const id = await newClient(0)
    const userId = '00000000-0000-4000-8000-0000000000bb'
    const entry = {
      franchiseId,
      clientId: id,
      storeId,
      type: 'credit' as const,
      points: 15,
      authorId: null,
      impostorOf: null,
    }
    const key = { key: 'ledger-key-0001', userId, hash: requestHash('PATCH', '/points', { points: 15 }) }
    const answers = await Promise.all(Array.from({ length: 8 }, () => moveOnce(database.db, key, entry)))
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1)
    expect(new Set(answers.map((a) => a.transaction.id)).size).toBe(1)
    expect(await balance(id)).toMatchObject({ balance: 15, ledger: 15 })
    await expect(
      moveOnce(
        database.db,
        { ...key, hash: requestHash('PATCH', '/points', { points: 16 }) },
        { ...entry, points: 16 },
      ),
    ).rejects.toMatchObject({ statusCode: 422 })
    // A refused move stores no key: its repeat is tried again, and goes through once it can.
    const spend = { key: 'ledger-key-0002', userId, hash: requestHash('PATCH', '/points', { points: -20 }) }
    const debit = { ...entry, type: 'debit' as const, points: -20 }
    await expect(moveOnce(database.db, spend, debit)).rejects.toMatchObject({ statusCode: 409 })
    await move(id, 10)
    expect((await moveOnce(database.db, spend, debit)).replayed).toBe(false)
    expect(await balance(id)).toMatchObject({ balance: 5, ledger: 5 })
  })

  it.runIf(kind === 'postgres')('keeps its connections when the ledger refuses a move', async () => {
    const id = await newClient(5)
    const backends = async () =>
      (
        await database.raw(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'loyalty-backoffice'`,
        )
      ).rows.map((r) => Number(r.pid))
    const before = new Set(await backends())
    for (let i = 0; i < 10; i++) {
      const refused = await moveOnce(
        database.db,
        { key: undefined, userId: franchiseId, hash: 'h' },
        { franchiseId, clientId: id, storeId, type: 'debit', points: -50, authorId: null, impostorOf: null },
      ).catch((e: unknown) => e)
      expect(refused).toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_POINTS' })
    }
    // A refusal is PostgreSQL answering one statement: the pool keeps the connection (no new backend).
    expect((await backends()).filter((pid) => !before.has(pid))).toEqual([])
  })
})
