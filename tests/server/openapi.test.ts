// Issue 23 "OpenAPI": the document at /api/docs/openapi.json is valid OpenAPI 3.1; every route declares
// its input and answers (a test names the routes that do not); and every route keeps its word: the
// attack suite's valid input of each route (tests/server/attack/cases.ts) passes the route's request
// schemas, and the real 2xx answer of the route, called by a caller it admits, passes its response
// schema (ajv, JSON Schema 2020-12).
import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../src/server/plugins/route-contract'
import { databaseKinds } from '../support/database'
import { admits, CASES, caseOf, fillUrl, queryOf } from './attack/cases'
import { startWorld, type World } from './attack/world'

type Schema = Record<string, unknown>
type Operation = {
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Schema }>
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
type Doc = { paths: Record<string, Record<string, Operation>> }

const key = (r: RouteEntry) => `${r.method} ${r.url}`
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/** What each route fails to declare: its answers, or an input part its valid case uses. */
function undeclared(routes: readonly RouteEntry[]) {
  const response: string[] = []
  const input: string[] = []
  for (const r of routes) {
    if (!r.response || !Object.keys(r.response).some((s) => Number(s) < 400)) response.push(key(r))
    const c = CASES[key(r)]
    const parts = [
      /:\w/.test(r.url) && !r.input.params && 'params',
      c?.query && !r.input.querystring && 'querystring',
      c?.body && !c.rawBody && !r.input.body && 'body',
    ].filter(Boolean)
    if (parts.length) input.push(key(r))
  }
  return { response, input }
}

const ajv = (coerce: boolean) => {
  const a = new Ajv2020({
    strict: false,
    allErrors: true,
    // superstruct tests its patterns without the u flag.
    unicodeRegExp: false,
    ...(coerce ? { coerceTypes: 'array' as const } : {}),
  })
  addFormats(a)
  return a
}

describe.each(databaseKinds())('the API document on %s', (kind) => {
  let w: World
  let doc: Doc
  beforeAll(async () => {
    w = await startWorld(kind)
    const res = await w.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    expect(res.statusCode).toBe(200)
    doc = res.json()
  }, 400_000)
  afterAll(() => w?.close())

  it('is valid OpenAPI 3.1 and describes every route of the inventory', async () => {
    const result = await new Validator().validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    const described = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    )
    expect(described.sort()).toEqual(w.app.routeInventory.map((r) => `${r.method} ${pathOf(r.url)}`).sort())
  })

  it('has a readable page grouping the routes by area, under the content security policy', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/api/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.body).toContain('<h2 id="area-client-account">Client account</h2>')
    expect(res.body).toContain('/api/v2/franchises/{fid}/clients/{id}')
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!localhost)/)
  })

  // Issue 34: "campaign Result", "game Play" beside "Client"; and an intro about our source files.
  it('names its areas in one casing (sentence case, acronyms upper case) and introduces itself plainly', async () => {
    const names = (doc as unknown as { tags: Array<{ name: string }> }).tags.map((t) => t.name)
    expect(names).toContain('Campaign result')
    expect(names).toContain('Game play')
    expect(names).toContain('POS')
    expect(names.filter((n) => !/^(?:[A-Z][a-z]*|[A-Z]{2,})(?: (?:[a-z]+|[A-Z]{2,}))*$/.test(n))).toEqual([])
    const page = (await w.app.inject({ method: 'GET', url: '/api/docs' })).body
    expect(page).not.toContain('text-transform')
    const intro = (doc as unknown as { info: { description: string } }).info.description
    expect(intro).toContain('Authorization')
    expect(intro).not.toMatch(/superstruct|src\/|struct|inventory/i)
  })

  // No exceptions: every route declares its answers and every input its case uses.
  it('names every route registered without its schemas', () => {
    expect(undeclared(w.app.routeInventory)).toEqual({ response: [], input: [] })
  })

  it('a route without its schemas is named', () => {
    const bare: RouteEntry = { method: 'POST', url: '/api/v2/stores', access: 'owner', input: {}, area: 'x' }
    expect(undeclared([bare])).toEqual({ response: ['POST /api/v2/stores'], input: ['POST /api/v2/stores'] })
  })

  it("each route's valid input passes its request schemas and its real 2xx answer its response schema", async () => {
    const loose = ajv(true)
    const strict = ajv(false)
    const failures: string[] = []
    let checked = 0
    // Reads first, then writes, deletions last: a deletion must not take a later route's resource.
    const rank = (r: RouteEntry) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1)
    const routes = [...w.app.routeInventory].sort((a, b) => rank(a) - rank(b))
    for (const route of routes) {
      const c = caseOf(route.method, route.url)
      const op = doc.paths[pathOf(route.url)]![route.method.toLowerCase()]!
      const what = key(route)
      const query = queryOf(c, w.own)
      const body = c.body?.(w.own)
      const url = fillUrl(route.url, c, w.own)
      if (url === undefined) continue
      // The case's input against the request schemas.
      const values: Record<string, Record<string, string>> = {
        path: Object.fromEntries(
          Object.entries(c.params ?? {}).map(([name, fill]) => [
            name,
            typeof fill === 'string' ? w.own[fill]! : fill.literal,
          ]),
        ),
        query,
      }
      for (const p of op.parameters ?? []) {
        const value = values[p.in]?.[p.name]
        if (value === undefined) {
          if (p.required) failures.push(`${what}: the case has no ${p.in} ${p.name}`)
          continue
        }
        const check = loose.compile({ type: 'object', properties: { v: p.schema } })
        // A number among an enum's values arrives as text: ajv coerces by type, not by enum.
        if (!check({ v: value }) && !check({ v: Number(value) }))
          failures.push(`${what}: ${p.in} ${p.name}: ${loose.errorsText(check.errors)}`)
      }
      const bodySchema = op.requestBody?.content['application/json']?.schema
      if (bodySchema && body !== undefined && !c.rawBody) {
        const check = strict.compile(bodySchema)
        if (!check(body)) failures.push(`${what}: body: ${strict.errorsText(check.errors)}`)
      }
      if (c.rawBody || c.endsSession) continue
      // The real answer, from a caller the route admits.
      const headers = admits(route.access, 'FRANCHISE_OWNER')
        ? w.owner
        : admits(route.access, 'LB_SALE')
          ? w.admin
          : {}
      const res = await w.app.inject({
        method: route.method as 'GET',
        url,
        query,
        headers,
        ...(body !== undefined ? { payload: body as object } : {}),
      })
      if (res.statusCode >= 300) continue
      const declared = op.responses[String(res.statusCode)]
      if (!declared) {
        if (route.response) failures.push(`${what}: answered ${res.statusCode}, which it does not declare`)
        continue
      }
      const json = declared.content?.['application/json']?.schema
      if (!json) continue
      const check = strict.compile(json)
      if (!check(res.json()))
        failures.push(`${what}: answer ${res.statusCode}: ${strict.errorsText(check.errors)}`)
      checked++
    }
    console.info(`openapi on ${kind}: ${checked} real answers checked against their schemas`)
    expect(failures).toEqual([])
  }, 300_000)
})
