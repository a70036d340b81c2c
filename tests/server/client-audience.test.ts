// The audience rows (client_audience, migration 0025) that the campaign counts read: kept equal to
// their sources (clients, client_balances, client_stores, sms_opt_outs) by the triggers of
// src/server/db/sql/client_audience_triggers.sql through every kind of write, the SQL SMS rule
// (sql/sms_reachable.sql) equal to SMS_PREFIXES, and the recipients' cascade triggers
// (sql/campaign_recipients_cascade.sql) that replace their foreign keys.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../src/server/db/client'
import {
  campaignRecipients,
  campaigns,
  clientAudience,
  clientStores,
  clients,
  franchises,
  smsOptOuts,
  stores,
} from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { analyzeEmbedded } from '../../src/server/jobs/housekeeping'
import { SMS_PREFIXES } from '../../src/server/services/campaign-audience'
import { applyPoints } from '../../src/server/services/ledger'
import { addCampaign, addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'

describe.each(databaseKinds())('client audience rows on %s', (kind) => {
  let database: TestDatabase
  let franchiseId: string
  let storeIds: string[]
  let ids: string[]
  const db = () => database.db

  // Rows of client_audience that differ from the same row computed from the sources (either side
  // missing included): the migration's backfill rule.
  const mismatches = async () =>
    rowsOf<{ n: number }>(
      await db().execute(sql`
        with truth as (
          select c.id as client_id, c.franchise_id,
                 sms_reachable(c.phone) and not exists (select 1 from sms_opt_outs o
                   where o.franchise_id = c.franchise_id and o.phone = c.phone) as sms,
                 c.phone, c.app_last_used_at, c.gender, c.birth_date, c.postcode, c.acquired_from,
                 b.points, b.total_collected_points as collected, c.average_basket_key, c.weekly_basket_key,
                 c.last_visit_key, c.last_visit_at, c.created_at, c.first_seen_at,
                 coalesce((select array_agg(s.store_id order by s.store_id) from client_stores s
                   where s.client_id = c.id), '{}') as store_ids,
                 client_visit_days_list(c.id) as visit_days
            from clients c join client_balances b on b.client_id = c.id)
        select count(*)::int as n from truth t full join client_audience a using (client_id)
         where t.client_id is null or a.client_id is null
            or (t.franchise_id, t.sms, t.phone, t.app_last_used_at, t.gender, t.birth_date, t.postcode,
                t.acquired_from, t.points, t.collected, t.average_basket_key, t.weekly_basket_key,
                t.last_visit_key, t.last_visit_at, t.created_at, t.first_seen_at, t.store_ids, t.visit_days)
               is distinct from
               (a.franchise_id, a.sms, a.phone, a.app_last_used_at, a.gender, a.birth_date, a.postcode,
                a.acquired_from, a.points, a.collected, a.average_basket_key, a.weekly_basket_key,
                a.last_visit_key, a.last_visit_at, a.created_at, a.first_seen_at, a.store_ids, a.visit_days)`),
    )[0]!.n

  const move = (clientId: string, store: number, o: { amountCents?: number; type?: 'tag' | 'credit' } = {}) =>
    db().transaction((tx) =>
      applyPoints(tx, {
        franchiseId,
        clientId,
        storeId: storeIds[store]!,
        type: o.type ?? 'tag',
        points: 5,
        amountCents: o.amountCents ?? null,
        currencyCode: o.amountCents ? 'EUR' : null,
        authorId: null,
        impostorOf: null,
        now: new Date(),
      }),
    )
  const row = async (id: string) =>
    (await db().select().from(clientAudience).where(eq(clientAudience.clientId, id)))[0]

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await seed(database, () => {}, ['categories', 'accounts'])
    const f = await franchiseNamed(db(), 'Maison Dupont')
    franchiseId = f.id
    await db()
      .update(franchises)
      .set({ tagScanInterval: 0, hasMaxPointsEnabled: false })
      .where(eq(franchises.id, f.id))
    storeIds = (await db().select({ id: stores.id }).from(stores).where(eq(stores.franchiseId, f.id))).map(
      (s) => s.id,
    )
    ids = await addClients(db(), franchiseId, 6)
  }, 120_000)
  afterAll(async () => {
    await database?.drop()
  })

  it('has one row per client from its insert, in one statement or many', async () => {
    expect(await mismatches()).toBe(0)
    expect(await row(ids[0]!)).toMatchObject({ sms: true, points: 0, storeIds: [] })
  })

  it('follows points moves, visits, sales and new stores', async () => {
    await move(ids[0]!, 0, { amountCents: 2500 })
    await move(ids[0]!, 1)
    await move(ids[1]!, 0, { type: 'credit' })
    expect(await mismatches()).toBe(0)
    const r = await row(ids[0]!)
    expect(r?.points).toBe(10)
    expect(r?.storeIds).toHaveLength(2)
    expect(r?.averageBasketKey).toBe(2500)
  })

  it('writes the audience row and the client row once per visit (a sale in a new week and a new store included), and follows them', async () => {
    // Writes to client_audience and clients by the move: the backend's counts (pg_stat_xact, which also
    // holds the session's earlier transactions until they are reported) before and after it, in its
    // transaction.
    const writesOf = (o: Parameters<typeof move>[2], store: number) =>
      db().transaction(async (tx) => {
        const count = async () => {
          const rows = rowsOf<{ relname: string; n: number }>(
            await tx.execute(sql`select relname, (n_tup_ins + n_tup_upd)::int as n from pg_stat_xact_user_tables
                                  where relname in ('client_audience', 'clients')`),
          )
          const of = (name: string) => rows.find((r) => r.relname === name)?.n ?? 0
          return { audience: of('client_audience'), client: of('clients') }
        }
        const before = await count()
        await applyPoints(tx, {
          franchiseId,
          clientId: ids[2]!,
          storeId: storeIds[store]!,
          type: o?.type ?? 'tag',
          points: 5,
          amountCents: o?.amountCents ?? null,
          currencyCode: o?.amountCents ? 'EUR' : null,
          authorId: null,
          impostorOf: null,
          now: new Date(),
        })
        const after = await count()
        return { audience: after.audience - before.audience, client: after.client - before.client }
      })
    // First visit, a sale (its client's first week with one), a new store.
    expect(await writesOf({ amountCents: 1800 }, 1)).toEqual({ audience: 1, client: 1 })
    expect(await writesOf({}, 1)).toEqual({ audience: 1, client: 1 }) // a visit the same day
    expect(await writesOf({ amountCents: 700 }, 1)).toEqual({ audience: 1, client: 1 }) // a sale the same week
    // A credit: its balance copied into the audience row; the client row is left alone.
    expect(await writesOf({ type: 'credit' }, 1)).toEqual({ audience: 1, client: 0 })
    expect(await mismatches()).toBe(0)
    // After a visit, the same transaction's next writes of that client reach its row again.
    await db().transaction(async (tx) => {
      const base = { franchiseId, clientId: ids[2]!, points: 5, authorId: null, impostorOf: null }
      await applyPoints(tx, {
        ...base,
        storeId: storeIds[0]!,
        type: 'tag',
        amountCents: null,
        now: new Date(),
      })
      await applyPoints(tx, { ...base, storeId: null, type: 'credit', amountCents: null, now: new Date() })
      await tx.update(clients).set({ postcode: '69002' }).where(eq(clients.id, ids[2]!))
    })
    expect(await mismatches()).toBe(0)
    const r = await row(ids[2]!)
    expect(r).toMatchObject({ points: 30, averageBasketKey: 1250, postcode: '69002' })
    expect(r?.storeIds).toHaveLength(2)
    expect(r?.visitDays).toHaveLength(4)
    // Two sales in one week: one week with a sale, 25 EUR over it.
    const [c] = await db().select().from(clients).where(eq(clients.id, ids[2]!))
    expect(c).toMatchObject({ salesWeeks: 1, weeklyBasketKey: 2500 })
  })

  it('writes each client’s row once for a bulk insert of its visits and sales (one statement, as a load)', async () => {
    const fresh = await addClients(db(), franchiseId, 3, '+3363')
    const updates = await db().transaction(async (tx) => {
      const count = async () =>
        rowsOf<{ n: number }>(
          await tx.execute(sql`select n_tup_upd::int as n from pg_stat_xact_user_tables
                                where relname = 'client_audience'`),
        )[0]?.n ?? 0
      const before = await count()
      // Two visits each, one with a sale: a new week of sales (the client row's weekly basket moves).
      await tx.execute(sql`insert into points_transactions (franchise_id, client_id, store_id, type, points,
                             amount_cents, currency_code, created_at)
        select ${franchiseId}, c, ${storeIds[0]}, 'tag', 5, a, case when a is not null then 'EUR' end, now()
          from unnest(${`{${fresh.join(',')}}`}::uuid[]) c, unnest(array[1500, null]::int[]) a`)
      return (await count()) - before
    })
    // Three rows, each updated once (the visit days and the weekly basket together): it was twice.
    expect(updates).toBe(3)
    expect(await mismatches()).toBe(0)
    expect((await row(fresh[0]!))?.visitDays).toHaveLength(2)
  })

  it("refreshes a visiting client's row by its keys: no table is read whole", async () => {
    // Enough clients and store links for the planner to weigh a whole-table read against an index
    // lookup. The refresh once joined the balances in a plan made for ten unknown ids: on a table grown
    // by updates, a merge join read all of client_balances at every visit (19 ms on 2,600 clients).
    await addClients(db(), franchiseId, 3000, '+3362')
    await db().execute(sql`insert into client_stores (franchise_id, client_id, store_id, first_visit_at, last_visit_at)
      select franchise_id, id, ${storeIds[1]}::uuid, now(), now() from clients where phone like '+3362%'`)
    // Fresh statistics, which also have cached plans made again: on PGlite the hourly housekeeping's
    // (without it, the plans made while the tables held six clients read both tables whole); on
    // PostgreSQL autovacuum's, here as the tables' owner (the app's role may not analyze them).
    if (!(await analyzeEmbedded(database)))
      await runAs(OWNER, async () => {
        await db().execute(sql`analyze clients, client_balances, client_stores, client_audience`)
      })
    const wholeReads = await db().transaction(async (tx) => {
      const reads = async () =>
        rowsOf<{ relname: string; n: number }>(
          // The tables of 3,000 rows and more (a read of a one-page table whole is the right plan).
          await tx.execute(sql`select relname, seq_scan::int as n from pg_stat_xact_user_tables
                                where relname in ('clients', 'client_balances', 'client_stores', 'client_audience')`),
        )
      const before = new Map((await reads()).map((r) => [r.relname, r.n]))
      await applyPoints(tx, {
        franchiseId,
        clientId: ids[5]!,
        storeId: storeIds[0]!,
        type: 'tag',
        points: 5,
        amountCents: 1200,
        currencyCode: 'EUR',
        authorId: null,
        impostorOf: null,
        now: new Date(),
      })
      return (await reads()).filter((r) => r.n !== (before.get(r.relname) ?? 0)).map((r) => r.relname)
    })
    expect(wholeReads).toEqual([])
    expect(await mismatches()).toBe(0)
  })

  it('follows updates of the client: phone, profile, a number outside the SMS countries', async () => {
    await db()
      .update(clients)
      .set({ gender: 'female', birthDate: '1990-01-02', postcode: '75004', acquiredFrom: 'MIGRATION' })
      .where(eq(clients.id, ids[2]!))
    await db().update(clients).set({ phone: '+81312345678' }).where(eq(clients.id, ids[3]!))
    await db().update(clients).set({ phone: null }).where(eq(clients.id, ids[4]!))
    expect(await mismatches()).toBe(0)
    expect(await row(ids[3]!)).toMatchObject({ sms: false, phone: '+81312345678' })
  })

  it('follows opt-outs and their removal, and store links removed', async () => {
    const [c] = await db().select().from(clients).where(eq(clients.id, ids[5]!))
    await db().insert(smsOptOuts).values({ franchiseId, phone: c!.phone! })
    expect((await row(ids[5]!))?.sms).toBe(false)
    await db()
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.franchiseId, franchiseId), eq(smsOptOuts.phone, c!.phone!)))
    expect((await row(ids[5]!))?.sms).toBe(true)
    await db()
      .delete(clientStores)
      .where(and(eq(clientStores.clientId, ids[0]!), eq(clientStores.storeId, storeIds[1]!)))
    expect(await mismatches()).toBe(0)
  })

  it('loses the row with its client', async () => {
    await db().delete(clients).where(eq(clients.id, ids[1]!))
    expect(await row(ids[1]!)).toBeUndefined()
    expect(await mismatches()).toBe(0)
  })

  it('deletes recipients with their client or campaign (the cascade triggers)', async () => {
    const c = await addCampaign(db(), franchiseId)
    const recipients = () =>
      db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, c.id))
    await db()
      .insert(campaignRecipients)
      .values(
        [ids[2]!, ids[3]!].map((clientId) => ({
          campaignId: c.id,
          clientId,
          franchiseId,
          channel: 'SMS',
          address: '+33600000000',
        })),
      )
    await db().delete(clients).where(eq(clients.id, ids[2]!))
    expect((await recipients()).map((r) => r.clientId)).toEqual([ids[3]])
    await db().delete(campaigns).where(eq(campaigns.id, c.id))
    expect(await recipients()).toEqual([])
  })

  it('applies the SMS rule of SMS_PREFIXES', async () => {
    const numbers = [...SMS_PREFIXES.map((p) => `${p}612345678`), '+81312345678', '+2126123', '0612345678']
    const res = rowsOf<{ phone: string; ok: boolean }>(
      await db().execute(
        sql`select p as phone, sms_reachable(p) as ok from unnest(${`{${numbers.join(',')}}`}::text[]) p`,
      ),
    )
    for (const r of res) expect(r.ok, r.phone).toBe(SMS_PREFIXES.some((p) => r.phone.startsWith(p)))
  })
})
