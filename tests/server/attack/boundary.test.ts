// Issue 36 §1: the tenant boundary over the whole route inventory, as the attack matrix walks it. Each
// route the demo owner (else staff) may call is called once on Maison Dupont's own resources with its
// valid input (cases.ts); every statement it sends is recorded, and a write on a tenant table or a read
// of one of its rows by id without the franchise condition fails the test (tests/support/tenant-sql.ts).
// The tenant tables are read from the catalogue, so a new table and a new route are covered the day they
// are added. Row-level security (sql/tenant_policies.sql) is the database's backstop; this keeps every
// statement scoped by itself, as a single-shard query of a distributed table must be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loginAs } from '../../support/app'
import { databaseKinds } from '../../support/database'
import { StatementRecorder, tenantTablesOf, unscopedStatements } from '../../support/tenant-sql'
import { admits, caseOf, fillUrl, queryOf } from './cases'
import { startWorld, type World } from './world'

describe.each(databaseKinds())('the tenant boundary over the route inventory on %s', (kind) => {
  const recorder = new StatementRecorder()
  let w: World
  let tables: string[]
  beforeAll(async () => {
    w = await startWorld(kind, { logger: recorder })
    tables = await tenantTablesOf(w.database)
  }, 180_000)
  afterAll(() => w?.close())

  it('every route its caller may use sends only statements scoped to the franchise', async () => {
    const failures: string[] = []
    const answered: string[] = []
    // The owner's routes first, its deletions last among them (the routes before find what they name);
    // then staff's own (one of them ends the owner's subscription).
    const rank = (r: (typeof w.app.routeInventory)[number]) =>
      (admits(r.access, 'FRANCHISE_OWNER') ? 0 : 2) + Number(r.method === 'DELETE')
    const routes = [...w.app.routeInventory]
      .filter((r) => r.access !== 'public')
      .sort((a, b) => rank(a) - rank(b))
    let walked = 0
    for (const route of routes) {
      const c = caseOf(route.method, route.url)
      const url = fillUrl(route.url, c, w.own)
      const caller = admits(route.access, 'FRANCHISE_OWNER')
        ? w.owner
        : admits(route.access, 'LB_SALE')
          ? w.admin
          : undefined
      if (url === undefined || caller === undefined) continue
      const headers = c.endsSession ? bearer(await loginAs(w.app, 'owner@demo.test')) : caller
      const body = c.rawBody ? undefined : c.body?.(w.own)
      const name = `${route.method} ${route.url}`
      walked++
      const statements = await recorder.during(async () => {
        const res = await w.app.inject({
          method: route.method as 'GET',
          url,
          query: queryOf(c, w.own),
          headers,
          ...(body !== undefined ? { payload: body as object } : {}),
        })
        if (res.statusCode >= 500) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        else if (res.statusCode < 300) answered.push(name)
        if (process.env.BOUNDARY_DEBUG) console.info(name, res.statusCode, res.body.slice(0, 100))
      })
      for (const s of unscopedStatements(statements, tables))
        failures.push(`${name}: ${s.reason}: ${s.sql.slice(0, 400)}`)
    }
    console.info(`tenant boundary on ${kind}: ${walked} routes called, ${answered.length} answered 2xx`)
    expect(failures).toEqual([])
    // The walk means something only when most routes did their work (not a 4xx on their input).
    expect(answered.length).toBeGreaterThan(walked * 0.7)
  }, 300_000)
})
