// A page of the client list is an index range: its ids come from the sort's index alone, so a deep
// page skips index entries, not rows (issue 38 §5). The list leaves erased clients out; with erased_at
// in none of those indexes every entry a page skipped cost a visit to its row (page 10,001 of 1M
// clients: 378 ms by last visit, 1,062 ms by points). Each sort's page statement, as the app sends it,
// is planned here on vacuumed tables with sequential and bitmap scans off: the page's ids must come from
// an index-only scan of the sort's index (an index scan visits rows), with no join inside the page.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_TOTAL_LIMIT } from '../../src/domain/clients'
import { rowsOf } from '../../src/server/db/client'
import { clients, franchises, users } from '../../src/server/db/schema'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { insertClient } from '../support/balances'
import { databaseKinds } from '../support/database'
import { StatementRecorder } from '../support/tenant-sql'

const SORT_INDEX: Record<string, string> = {
  lastVisit: 'clients_list_last_visit_idx',
  firstName: 'clients_list_first_name_idx',
  visitCount: 'clients_list_visits_idx',
  averageBasket: 'clients_list_basket_idx',
  createdAt: 'clients_franchise_created_idx',
  points: 'client_balances_points_idx',
  totalCollectedPoints: 'client_balances_collected_idx',
}

/** The plan's Limit node and the lines under it (the page's ids), from an indented EXPLAIN. */
function pageSubtree(plan: string[]): string[] {
  const at = plan.findIndex((l) => /->\s+Limit\b/.test(l))
  if (at < 0) throw new Error(`no Limit in the plan:\n${plan.join('\n')}`)
  const depth = plan[at]!.search(/\S/)
  const end = plan.findIndex(
    (l, i) => i > at && l.search(/\S/) <= depth && !/^\s*(Filter|Index Cond|SubPlan)/.test(l.trim()),
  )
  return plan.slice(at, end < 0 ? undefined : end)
}

describe.each(databaseKinds())('the client list’s pages on %s', (kind) => {
  const recorder = new StatementRecorder()
  let t: TestApp
  let owner: string
  let fid: string
  let ownerId: string
  let erasedId: string

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, db: { logger: recorder } })
    owner = await loginAs(t.app, 'owner@demo.test')
    const db = t.database.db
    const [f] = await db.select().from(franchises).where(eq(franchises.name, 'Maison Dupont'))
    const [u] = await db.select().from(users).where(eq(users.email, 'owner@demo.test'))
    fid = f!.id
    ownerId = u!.id
    for (let i = 0; i < 12; i++)
      await insertClient(db, {
        franchiseId: fid,
        firstName: `Client ${i}`,
        lastName: 'Plan',
        phone: `+3361234${String(5600 + i)}`,
        points: 10 * i,
        totalCollectedPoints: 20 * i,
      })
    const erased = await insertClient(db, {
      franchiseId: fid,
      firstName: 'Erased',
      lastName: 'Plan',
      phone: '+33612349999',
      points: 1000,
      totalCollectedPoints: 1000,
    })
    erasedId = erased.id
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/franchises/${fid}/clients/${erasedId}/erase`,
      headers: bearer(owner),
    })
    expect(res.statusCode, res.body).toBe(200)
    // Every page visible to all (the visibility map), as a table in service is: an index-only scan
    // then reads no row, and the planner prefers it to an index scan whenever it can use one.
    await runAs(OWNER, () => t.database.raw('vacuum analyze clients, client_balances'))
  })
  afterAll(() => t.close())

  /** The page statement a list request sends, planned as the owner's tenant with the full scans off. */
  async function pagePlan(url: string): Promise<string[]> {
    const from = recorder.statements.length
    const sent = await recorder.during(async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner) })
      expect(res.statusCode, res.body).toBe(200)
    })
    const at = sent.findIndex((q) => /\boffset\b/i.test(q))
    if (at < 0) throw new Error(`no page statement among:\n${sent.join('\n')}`)
    const params = recorder.params[from + at]!
    const parts = sent[at]!.split(/\$(\d+)/)
    const statement = sql.join(parts.map((p, i) => (i % 2 ? sql`${params[Number(p) - 1]}` : sql.raw(p))))
    const actor = { kind: 'tenant' as const, userId: ownerId, franchiseIds: [fid] }
    return runAs(actor, () =>
      t.database.db.transaction(async (tx) => {
        // (enable_indexscan stays on: PostgreSQL 18, PGlite's, switches index-only scans off with it.)
        for (const scan of ['seqscan', 'bitmapscan'])
          await tx.execute(sql.raw(`set local enable_${scan} = off`))
        const result = await tx.execute(sql`explain (costs off) ${statement}`)
        return rowsOf<{ 'QUERY PLAN': string }>(result).map((r) => r['QUERY PLAN'])
      }),
    )
  }

  it.each(Object.entries(SORT_INDEX))('reads a page sorted by %s from %s alone', async (sort, index) => {
    for (const order of ['asc', 'desc']) {
      const plan = await pagePlan(`/api/v2/franchises/clients?sort=${sort}&order=${order}&page=2&size=5`)
      const page = pageSubtree(plan).join('\n')
      expect(page, plan.join('\n')).toMatch(new RegExp(`Index Only Scan (Backward )?using ${index}\\b`))
      expect(page, plan.join('\n')).not.toMatch(/Join|Nested Loop/)
    }
  })

  it('leaves the erased client out of every sort', async () => {
    for (const sort of Object.keys(SORT_INDEX)) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/franchises/clients?sort=${sort}&order=desc&size=50`,
        headers: bearer(owner),
      })
      const body = res.json()
      expect(body.metadata.total, sort).toBe(12)
      expect(
        body.data.map((c: { id: string }) => c.id),
        sort,
      ).not.toContain(erasedId)
      expect(body.data, sort).toHaveLength(12)
    }
  })

  it('reads a broad search’s page (more matches than the count reads) with parallel workers off', async () => {
    // The planner expects a text to match few rows and shares the walk in the list's order among
    // parallel workers: their start was 50 ms of a 70 ms page at 1M clients, the walk 15.
    await t.database.db.insert(clients).values(
      Array.from({ length: SEARCH_TOTAL_LIMIT + 5 }, (_, i) => ({
        franchiseId: fid,
        firstName: `Broad ${i}`,
        lastName: 'Widespread',
      })),
    )
    const sent = await recorder.during(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v2/franchises/clients?filter=widespread&size=5',
        headers: bearer(owner),
      })
      expect(res.json().metadata).toMatchObject({ total: SEARCH_TOTAL_LIMIT, totalIsLowerBound: true })
    })
    const page = sent.findIndex((q) => /\blimit\b/i.test(q) && /client_search s/.test(q))
    expect(page, sent.join('\n')).toBeGreaterThan(0)
    expect(sent[page - 1]).toMatch(/set local max_parallel_workers_per_gather = 0/)
    // A narrow search (counted whole) reads its page as any list, without a transaction.
    const narrow = await recorder.during(() =>
      t.app.inject({
        method: 'GET',
        url: '/api/v2/franchises/clients?filter=client',
        headers: bearer(owner),
      }),
    )
    expect(narrow.join('\n')).not.toMatch(/max_parallel_workers_per_gather/)
  })
})
