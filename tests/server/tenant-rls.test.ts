// Issue 36 §1: the tenant is enforced by the database. Every table with a franchise_id has row-level
// security for the app's role (which cannot bypass it); a statement that forgets its scope, sent
// directly or by a route, reaches only the caller's franchises; a connection that says nobody sees no
// tenant row; a write into another franchise is refused by the database itself.
import { count, eq, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clients,
  franchises,
  loyaltyModels,
  loyaltyOffers,
  pointsTransactions,
  stores,
} from '../../src/server/db/schema'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { allow } from '../../src/server/plugins/route-contract'
import { selectionSql } from '../../src/server/services/automation-selection'
import { emailIn } from '../../src/server/services/client-lookups'
import { applyPoints } from '../../src/server/services/ledger'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { insertClient } from '../support/balances'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('row-level security on %s', (kind) => {
  let t: TestApp
  let dupont: string
  let bagels: string
  let owner: string
  let ownerId: string

  const countClients = async () => Number((await t.database.db.select({ n: count() }).from(clients))[0]!.n)
  const asTenant = <T>(franchiseIds: string[], fn: () => Promise<T>) =>
    runAs({ kind: 'tenant', userId: ownerId, franchiseIds }, fn)

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      // A route that forgets its scope: every client, no franchise condition.
      extend: (app) =>
        app.get('/test/every-client', allow('owner'), async () => {
          const rows = await app.database.db.select({ franchiseId: clients.franchiseId }).from(clients)
          return { franchiseIds: [...new Set(rows.map((r) => r.franchiseId))], n: rows.length }
        }),
    })
    const db = t.database.db
    const [d] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [b] = await db.select().from(franchises).where(eq(franchises.name, 'Brooklyn Bagels'))
    dupont = d!.id
    bagels = b!.id
    ownerId = d!.userId!
    for (const [franchiseId, firstName] of [
      [dupont, 'Léa'],
      [dupont, 'Marc'],
      [bagels, 'Sam'],
    ] as const)
      await insertClient(db, { franchiseId, firstName, lastName: 'Test', points: 0, totalCollectedPoints: 0 })
    owner = await loginAs(t.app, 'owner@demo.test')
  }, 120_000)
  afterAll(() => t?.close())

  it('covers every table with a franchise_id, for a role that cannot bypass it', async () => {
    const { rows: uncovered } = await t.database.raw(`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'franchise_id'
                     and not a.attisdropped) or c.relname = 'franchises')
        and (not c.relrowsecurity or not exists (select 1 from pg_policy p where p.polrelid = c.oid))`)
    expect(uncovered).toEqual([])
    const { rows } = await t.database.raw(
      `select rolsuper, rolbypassrls from pg_roles where rolname = 'loyalty_app'`,
    )
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }])
    const { rows: me } = await t.database.raw('select current_user as role')
    expect(me).toEqual([{ role: 'loyalty_app' }])
  })

  it('lets a statement without its scope reach only the tenant’s franchises', async () => {
    const all = await countClients()
    const own = await asTenant([dupont], countClients)
    const theirs = await asTenant([bagels], countClients)
    expect(own).toBeGreaterThanOrEqual(2)
    expect(theirs).toBeGreaterThanOrEqual(1)
    expect(own + theirs).toBe(all)
    expect(await asTenant([], countClients)).toBe(0)
  })

  it('shows nothing to a connection that names no actor', async () => {
    const seen = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.actor', '', true)`)
      return Number((await tx.select({ n: count() }).from(clients))[0]!.n)
    })
    expect(seen).toBe(0)
    expect(await countClients()).toBeGreaterThan(0)
  })

  it("keeps the client search function (run as the tables' owner, for its index) to the caller's franchises", async () => {
    const search = (franchiseId: string, max: number | null = null) =>
      t.database.db.execute(sql`select client_search_ids(${franchiseId}::uuid, '%test%', ${max}::int) as id`)
    const ids = async (franchiseId: string, max: number | null = null) =>
      (await search(franchiseId, max)) as unknown as { rows: { id: string }[] }
    expect((await asTenant([dupont], () => ids(dupont))).rows).toHaveLength(2)
    expect((await asTenant([dupont], () => ids(bagels))).rows).toEqual([])
    expect((await runAs({ kind: 'system' }, () => ids(bagels))).rows).toHaveLength(1)
    // At most max_rows: a capped count ("1,000+") stops reading matches at its cap.
    expect((await asTenant([dupont], () => ids(dupont, 1))).rows).toHaveLength(1)
  })

  it("keeps the e-mail lookup (run as the tables' owner, for its index) to the caller's franchises", async () => {
    const db = t.database.db
    const [sam] = await db.select().from(clients).where(eq(clients.firstName, 'Sam'))
    await db.update(clients).set({ email: 'Sam@Bagels.test' }).where(eq(clients.id, sam!.id))
    const lookup = (franchiseIds: string[]) =>
      asTenant(franchiseIds, async () => {
        const r = (await db.execute(
          sql`select client_ids_by_email(${bagels}::uuid, array['sam@bagels.test']) as id`,
        )) as unknown as { rows: { id: string }[] }
        return r.rows.map((row) => row.id)
      })
    expect(await lookup([bagels])).toEqual([sam!.id])
    expect(await lookup([dupont])).toEqual([])
  })

  it("keeps the ledger's function (run as the tables' owner, for its speed) to the caller's franchises", async () => {
    const db = t.database.db
    const [sam] = await db.select().from(clients).where(eq(clients.firstName, 'Sam'))
    // An offer of Brooklyn Bagels, redeemed by a tenant of Maison Dupont.
    const [model] = await db
      .insert(loyaltyModels)
      .values({ franchiseId: bagels, name: 'Bagel Club', loyaltyType: 'POINTS' })
      .returning()
    const [offer] = await db
      .insert(loyaltyOffers)
      .values({
        franchiseId: bagels,
        loyaltyModelId: model!.id,
        name: 'Free bagel',
        description: 'One bagel',
        redeemPointAmount: 5,
        type: 'PRODUCT',
      })
      .returning()
    // A move with no scope of its own (the service's): only the database's rule stands in the way.
    const move = (franchiseIds: string[], o: { offerId?: string; storeId?: string } = {}) =>
      asTenant(franchiseIds, () =>
        t.database.db.transaction((tx) =>
          applyPoints(tx, {
            franchiseId: o.offerId ? null : bagels,
            clientId: sam!.id,
            // A visit in a store names it, checked as a route does.
            storeId: o.storeId ?? null,
            ...(o.storeId ? { checkStore: true } : {}),
            type: o.offerId ? 'redeem' : o.storeId ? 'tag' : 'credit',
            points: o.offerId ? null : 5,
            ...(o.offerId ? { offerId: o.offerId, redeems: true } : {}),
            amountCents: null,
            currencyCode: null,
            authorId: null,
            impostorOf: null,
            now: new Date(),
          } as Parameters<typeof applyPoints>[1]),
        ),
      ).then(
        () => 'moved',
        (err: { code?: string }) => err.code,
      )
    const ledgerRows = async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(pointsTransactions)
            .where(eq(pointsTransactions.clientId, sam!.id))
        )[0]!.n,
      )
    expect(await move([dupont])).toBe('CLIENT_NOT_FOUND')
    expect(await move([])).toBe('CLIENT_NOT_FOUND')
    expect(await move([dupont], { offerId: offer!.id })).toBe('OFFER_NOT_FOUND')
    const [dupontStore] = await db.select().from(stores).where(eq(stores.franchiseId, dupont)).limit(1)
    const [bagelsStore] = await db.select().from(stores).where(eq(stores.franchiseId, bagels)).limit(1)
    expect(await move([dupont], { storeId: bagelsStore!.id })).toBe('STORE_NOT_FOUND')
    expect(await move([bagels], { storeId: dupontStore!.id })).toBe('STORE_NOT_FOUND')
    expect(await ledgerRows()).toBe(0)
    expect(await move([bagels])).toBe('moved')
    expect(await move([bagels], { storeId: bagelsStore!.id })).toBe('moved')
    expect(await ledgerRows()).toBe(2)
    // Another franchise's offer named beside a move's points is not counted as redeemed.
    const [lea] = await db.select().from(clients).where(eq(clients.firstName, 'Léa'))
    await asTenant([dupont], () =>
      db.transaction((tx) =>
        applyPoints(tx, {
          franchiseId: dupont,
          clientId: lea!.id,
          storeId: null,
          type: 'credit',
          points: 5,
          offerId: offer!.id,
          authorId: null,
          impostorOf: null,
        }),
      ),
    )
    const [after] = await db.select().from(loyaltyOffers).where(eq(loyaltyOffers.id, offer!.id))
    expect(after!.redeemedCount).toBe(0)
  })

  it('refuses a write into another franchise', async () => {
    // Awaited inside: a drizzle query runs when awaited, as whoever awaits it.
    const write = asTenant([dupont], async () => {
      await t.database.db.insert(clients).values({ franchiseId: bagels, firstName: 'Intrus', lastName: 'X' })
    })
    const refused = await write.then(
      () => null,
      (err: Error & { cause?: Error }) => (err.cause ?? err).message,
    )
    expect(refused).toMatch(/row-level security/)
    const moved = await asTenant([dupont], async () => {
      await t.database.db.update(clients).set({ franchiseId: bagels }).where(eq(clients.franchiseId, dupont))
    }).then(
      () => null,
      (err: Error & { cause?: Error }) => (err.cause ?? err).message,
    )
    expect(moved).toMatch(/row-level security/)
  })

  it('gives a route that forgets its scope the caller’s clients only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/every-client', headers: bearer(owner) })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { franchiseIds: string[]; n: number }
    expect(body.franchiseIds).not.toContain(bagels)
    expect(body.franchiseIds).toContain(dupont)
    expect(body.n).toBeLessThan(await countClients())
  })

  it('keeps a public route public when a merchant calls it with its token', async () => {
    // Sign-up writes a mail of no franchise: readable by no tenant, so a tenant could not write it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(owner),
      payload: { email: 'nouveau@example.com', password: 'Un-mot-de-passe-long-42', displayName: 'Nouveau' },
    })
    expect(res.statusCode, res.body).toBe(202)
  })

  // A condition that is not leakproof (lower(), substr(), LIKE) waits for the policy's check, so
  // PostgreSQL reads every row the policy lets through instead of the index: the counter's e-mail
  // lookup, a new client's duplicate check, each batch of an import and a birthday automation's daily
  // selection read the whole franchise.
  describe('lookups that need an index the policy would keep out of reach', () => {
    let n = 0
    beforeAll(async () => {
      // A franchise of some size (last in this file: the counts above are of the first clients).
      await runAs({ kind: 'system' }, () =>
        t.database.db.execute(sql`insert into clients (franchise_id, first_name, email, phone, birth_date)
          select ${dupont}::uuid, 'Many', 'Many' || g || '@Dupont.test', '+3361' || lpad(g::text, 7, '0'),
                 '1980-' || to_char(date '2001-01-01' + g % 365, 'MM-DD')
          from generate_series(1, 1000) g`),
      )
      await runAs(OWNER, () => t.database.raw('analyze clients'))
      n = await asTenant([dupont], countClients)
    })

    /**
     * Rows of `clients` that `query` read (returned or filtered out, inside the functions it calls too:
     * the transaction's own table statistics), and the rows it found.
     */
    const rowsRead = (query: SQL, actor: Parameters<typeof runAs>[0]) =>
      runAs(actor, () =>
        t.database.db.transaction(async (tx) => {
          // A small table is read whole whatever its indexes: the planner is left only index lookups, as
          // it would choose at scale, so what it reads is what the indexes allow under the policy.
          for (const plan of ['seqscan', 'bitmapscan', 'hashjoin', 'mergejoin'])
            await tx.execute(sql.raw(`set local enable_${plan} = off`))
          const tuples = async () => {
            const r = (await tx.execute(sql`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n
              from pg_stat_xact_user_tables where relname = 'clients'`)) as unknown as {
              rows: { n: unknown }[]
            }
            return Number(r.rows[0]?.n ?? 0)
          }
          const before = await tuples()
          const found = (await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }
          return { read: (await tuples()) - before, rows: found.rows }
        }),
      )
    const tenant = () => ({ kind: 'tenant' as const, userId: ownerId, franchiseIds: [dupont] })

    it('finds a client by e-mail through the index, not by reading the franchise', async () => {
      expect(n).toBeGreaterThan(1000)
      const byEmail = (condition: SQL) =>
        rowsRead(
          sql`select ${clients.id} from ${clients} where ${clients.franchiseId} = ${dupont}::uuid
          and ${condition}`,
          tenant(),
        )
      const indexed = await byEmail(emailIn(dupont, ['many7@dupont.test']))
      expect(indexed.rows).toHaveLength(1)
      // The client, read twice: by the function through the e-mail index, then by its id.
      expect(indexed.read).toBeLessThanOrEqual(2)
      // What the lookup was: the same client found, the franchise read to find it.
      const leaky = await byEmail(sql`lower(${clients.email}) = 'many7@dupont.test'`)
      expect(leaky.rows).toEqual(indexed.rows)
      expect(leaky.read).toBeGreaterThanOrEqual(n - 1)
    })

    it("selects a birthday automation's clients through the birthday index", async () => {
      const [f] = await runAs({ kind: 'system' }, () =>
        t.database.db.select().from(franchises).where(eq(franchises.id, dupont)),
      )
      const automation = { type: 'BIRTHDAY', daysBefore: 0, channel: 'SMS', filters: {} }
      const now = new Date('2026-03-15T10:00:00Z')
      const selection = selectionSql(automation as Parameters<typeof selectionSql>[0], f!, {
        days: ['2026-03-15'],
        from: now,
        now,
      })!
      // The job's actor: every franchise, under the same policy.
      const picked = await rowsRead(selection, { kind: 'system' })
      // Born on 15 March: g % 365 = 73, three of the thousand (73, 438, 803).
      expect(picked.rows).toHaveLength(3)
      // Each read twice: by the function through the birthday index, then by its id.
      expect(picked.read).toBeLessThanOrEqual(6)
      // The function keeps to the caller's reach: a tenant of another franchise finds nobody.
      const born = (franchiseIds: string[]) =>
        asTenant(franchiseIds, async () => {
          const r = (await t.database.db.execute(
            sql`select client_id from client_birthdays(${dupont}::uuid, array['03-15'])`,
          )) as unknown as { rows: unknown[] }
          return r.rows.length
        })
      expect(await born([dupont])).toBe(3)
      expect(await born([bagels])).toBe(0)
      const leaky = await rowsRead(
        sql`select id from clients where franchise_id = ${dupont}::uuid and substr(birth_date, 6, 5) = '03-15'`,
        { kind: 'system' },
      )
      expect(leaky.rows).toHaveLength(3)
      expect(leaky.read).toBeGreaterThanOrEqual(n - 1)
    })
  })
})
