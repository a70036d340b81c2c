// Issue 16 item 6: property-based fuzzing of every route of the app's inventory. Each run takes the
// route's valid input (cases.ts) and replaces one part — a key its struct declares, a prototype key,
// the whole body — with a hostile value (hostile.ts), sent by a caller the route admits. Expected: no
// answer ≥ 500, every 400 names a field, and no table changed unless the route accepted the input.
// Seeded: FUZZ_SEED replays a run (the seed is printed), FUZZ_RUNS sets the runs per route.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../../src/server/plugins/route-contract'
import { bearer, loginAs } from '../../support/app'
import { databaseKinds } from '../../support/database'
import { admits, caseOf, fillUrl, queryOf, type RouteCase } from './cases'
import { asText, encode, type Mutation, mutations, type Part, structKeys, toJson, withKey } from './hostile'
import { changedTables, startWorld, type World } from './world'

const RUNS = Number(process.env.FUZZ_RUNS ?? 4)
/** Replays one route only: FUZZ_ROUTE='GET /api/v2/tags/:id'. */
const ONLY = process.env.FUZZ_ROUTE
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const RAW_TYPES = ['multipart/form-data', 'multipart/form-data; boundary=x', 'application/json', 'text/plain']

/** The parts of the route a run may mutate, with the keys its struct or valid input names. */
function partsOf(route: RouteEntry, c: RouteCase, w: World): Partial<Record<Part, string[]>> {
  const parts: Partial<Record<Part, string[]>> = {}
  const params = Object.keys(c.params ?? {})
  if (params.length) parts.params = params
  if (c.query || route.input.querystring)
    parts.query = [...new Set([...structKeys(route.input.querystring), ...Object.keys(queryOf(c, w.own))])]
  const body = c.body?.(w.own)
  if (c.rawBody || body !== undefined || route.input.body)
    parts.body = [...new Set([...structKeys(route.input.body), ...Object.keys(body ?? {})])]
  // A read without input still gets hostile query keys; a write without input has nothing to mutate.
  if (!Object.keys(parts).length && route.method === 'GET') parts.query = []
  return parts
}

/** The request of one run: the valid input with the mutation applied. */
function requestOf(route: RouteEntry, c: RouteCase, w: World, m: Mutation) {
  const override = m.part === 'params' && m.key !== null ? { [m.key]: asText(m.value) } : {}
  const url = fillUrl(route.url, c, w.own, override)!
  const query: Record<string, unknown> = { ...queryOf(c, w.own) }
  if (m.part === 'query' && m.key !== null) query[m.key] = m.value
  const qs = Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(asText(x))}`))
    .join('&')
  let body: unknown = c.body?.(w.own)
  if (m.part === 'body') body = m.key === null ? m.value : withKey((body ?? {}) as object, m.key, m.value)
  const json = body === undefined ? undefined : toJson(body)
  return {
    method: route.method as 'GET',
    url: qs ? `${url}?${qs}` : url,
    ...(json === undefined
      ? {}
      : {
          payload: json,
          headers: {
            'content-type': c.rawBody ? RAW_TYPES[json.length % RAW_TYPES.length]! : 'application/json',
          },
        }),
  }
}

describe.each(databaseKinds())('fuzz on %s', (kind) => {
  let w: World
  beforeAll(async () => {
    w = await startWorld(kind)
  }, 180_000)
  afterAll(() => w?.close())

  it(`every route, ${RUNS} runs each: no 5xx, every 400 names a field, nothing changed`, async () => {
    console.info(`fuzz on ${kind}: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`)
    const failures: string[] = []
    let requests = 0
    let serverErrors = 0
    let before = await w.digest()
    for (const route of w.app.routeInventory) {
      if (ONLY && ONLY !== `${route.method} ${route.url}`) continue
      const c = caseOf(route.method, route.url)
      const parts = partsOf(route, c, w)
      if (!Object.keys(parts).length) continue
      if (fillUrl(route.url, c, w.own) === undefined) {
        failures.push(`${route.method} ${route.url}: the demo data has none of the resources its path names`)
        continue
      }
      const caller = admits(route.access, 'FRANCHISE_OWNER')
        ? w.owner
        : admits(route.access, 'LB_SALE')
          ? w.admin
          : {}
      let accepted = false
      try {
        await fc.assert(
          fc.asyncProperty(mutations(parts), async (m) => {
            const req = requestOf(route, c, w, m)
            const headers = c.endsSession ? bearer(await loginAs(w.app, 'owner@demo.test')) : caller
            const res = await w.app.inject({ ...req, headers: { ...req.headers, ...headers } })
            requests++
            if (res.statusCode >= 500) serverErrors++
            if (res.statusCode < 400) accepted = true
            expect(res.statusCode, res.body).toBeLessThan(500)
            if (res.statusCode === 400) expect(res.json().details?.field, res.body).toBeTruthy()
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
      } catch (err) {
        const cause = (err as Error).cause as Error | undefined
        if (ONLY) console.error(err)
        const why = `${(err as Error).message.split('\n').slice(0, 3).join(' ')} — ${cause?.message ?? ''}`
        failures.push(`${route.method} ${route.url}: ${why.slice(0, 1500)}`)
      }
      // Reads change nothing: the data is compared after each write route (and so covers the reads before it).
      if (route.method === 'GET') continue
      const after = await w.digest()
      const changed = changedTables(before, after)
      if (!accepted && changed.length)
        failures.push(`${route.method} ${route.url} (or a read before it): refused, yet changed ${changed}`)
      before = after
    }
    console.info(
      `fuzz on ${kind}: ${w.app.routeInventory.length} routes, ${requests} requests, ${serverErrors} answers ≥ 500`,
    )
    expect(failures).toEqual([])
  }, 600_000)
})
