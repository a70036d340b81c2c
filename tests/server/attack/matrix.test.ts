// Issue 16 item 6: every route of the app's inventory × callers of another tenant or the wrong role,
// aimed at Maison Dupont's resources (a store owner: at another store's). Expected: 401 without a
// valid token, 403 for a role the route refuses, 403/404 for another tenant's resource; never a 5xx,
// never the target's data in the body, and the data unchanged (a digest of every table). Item 1 (a store
// owner linking, editing or deleting a client of another store) is among these rows; its finer rules
// are tests/server/client-access.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds } from '../../support/database'
import { admits, caseOf, fillUrl, namesResources, queryOf } from './cases'
import { changedTables, startWorld, type World } from './world'

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

describe.each(databaseKinds())('attack matrix on %s', (kind) => {
  let w: World
  beforeAll(async () => {
    w = await startWorld(kind)
  }, 180_000)
  afterAll(() => w?.close())

  it('no caller reaches another tenant or a route its role is refused', async () => {
    const failures: string[] = []
    let requests = 0
    let before = await w.digest()
    for (const route of w.app.routeInventory) {
      const c = caseOf(route.method, route.url)
      // Public routes are everyone's; the fuzz covers them.
      if (route.access === 'public') continue
      for (const a of w.attackers) {
        const admitted = admits(route.access, a.role)
        // Staff reach every franchise through their tenant context: only the roles they are refused count.
        if (admitted && a.role === 'LB_SALE') continue
        const expected = !admitted
          ? a.role === undefined
            ? [401]
            : [403]
          : namesResources(c)
            ? [403, 404]
            : null
        const target = admitted ? a.target : w.own
        const url = fillUrl(route.url, c, target)
        if (url === undefined) continue // the caller's own resource
        // Ids the target shares with the caller (a store owner's franchise) fill the rest of the input.
        const input = { ...w.own, ...defined(target) }
        const body = c.body?.(input)
        const query = queryOf(c, input)
        // Admitted, no resource in the path: only a call carrying the target's ids is an attack.
        const carries = JSON.stringify([query, body ?? null])
        if (expected === null && !Object.values(target).some((v) => v && carries.includes(v))) continue
        const res = await w.app.inject({
          method: route.method as 'GET',
          url,
          query,
          headers: a.headers,
          ...(body !== undefined && !c.rawBody ? { payload: body as object } : {}),
        })
        requests++
        const what = `${route.method} ${route.url} as ${a.name}: ${res.statusCode}`
        if (res.statusCode >= 500) failures.push(`${what} (server error)`)
        else if (expected && !expected.includes(res.statusCode))
          failures.push(`${what}, expected ${expected}`)
        else if (expected === null && route.method !== 'GET' && res.statusCode < 400)
          failures.push(`${what}: accepted the target's ids`)
        const leaked = a.foreign.find((v) => res.body.toLowerCase().includes(v.toLowerCase()))
        if (leaked) failures.push(`${what}: the body shows "${leaked}"`)
      }
      if (route.method !== 'GET') {
        const after = await w.digest()
        const changed = changedTables(before, after)
        if (changed.length) failures.push(`${route.method} ${route.url}: changed ${changed.join(', ')}`)
        before = after
      }
    }
    console.info(`attack matrix on ${kind}: ${w.app.routeInventory.length} routes, ${requests} requests`)
    expect(failures).toEqual([])
  }, 300_000)
})
