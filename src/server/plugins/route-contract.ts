// The route contract: every route declares who may call it (`config.access`), the superstruct structs
// of its input (`schema: { params, querystring, body }`) and of its answers per status
// (`schema: { response: { 200: ThingResponse } }`). The routes' context enforces access and input, so
// a new route cannot forget its guard, and keeps the list of routes (the inventory the attack suite in
// tests/server/attack walks and the OpenAPI document at /api/docs/openapi.json is written from).
//
// Declaring a route:
//   app.get('/api/v2/things/:id', { ...allow('owner'), schema: {
//     params: IdParams, querystring: ThingQuery, body: ThingInput,    // validated, coerced, 400 naming the field
//     response: { 200: ThingResponse },                              // documented; sent with JSON.stringify
//   } }, handler)
// `ThingResponse` is an exported struct in src/domain/<area>.ts (or <area>-contract.ts); answers that
// are not JSON use the structs below (HtmlPage, CsvFile, FileBody, Redirect, NoContent).
// tests/server/openapi.test.ts fails, naming the route, when a route declares no response or
// takes input without declaring it, and checks each route's real 2xx answer against its struct.
// Superstruct's own union() keeps no members: import `union` from ../openapi/struct-schema for
// unions the document should describe member by member.
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  FastifyTypeProvider,
  RouteOptions,
} from 'fastify'
import { define, type Struct, validate } from 'superstruct'
import { unstorableTextAt } from '../../domain/input'
import { GROUPS, type Group, hasPermission, type Role } from '../../domain/roles'
import { badRequest, forbidden, unauthorized, unstorableText, validationFailed } from '../errors'
import { describeMedia } from '../openapi/struct-schema'

/** 'public': anyone, no token needed; 'signedIn': any valid token; a group or roles: the effective role. */
export type Access = 'public' | 'signedIn' | Group | readonly Role[]

/** What a route's input structs are, as declared in its `schema`. */
export type RouteInput = {
  params?: Struct<unknown, unknown>
  querystring?: Struct<unknown, unknown>
  body?: Struct<unknown, unknown>
}

/** The structs of a route's answers by status code. */
export type RouteResponse = Record<number, Struct<unknown, unknown>>

export type RouteEntry = {
  method: string
  url: string
  access: Access
  input: RouteInput
  response?: RouteResponse
  /** The route file's area (its plugin's name), the document's tag. */
  area: string
}

const text = (name: string) => define<string>(name, (v) => typeof v === 'string' || Buffer.isBuffer(v))
/** An HTML page. */
export const HtmlPage = describeMedia(text('html'), 'text/html', 'An HTML page')
/** A CSV download (streamed). */
export const CsvFile = describeMedia(text('csv'), 'text/csv', 'A CSV file')
/** A file's bytes, in the media type it was stored with. */
export const FileBody = describeMedia(text('file'), 'application/octet-stream', 'The file')
/** A redirect: no body, the Location header says where. */
export const Redirect = describeMedia(
  define<unknown>('redirect', () => true),
  null,
  'Redirect (see Location)',
)
/** An empty answer. */
export const NoContent = describeMedia(
  define<unknown>('empty', () => true),
  null,
  'No content',
)

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: required on every route (see route-contract.ts). */
    access?: Access
  }
  interface FastifyInstance {
    /** Every route of the API with its access and input structs, filled as routes are declared. */
    routeInventory: RouteEntry[]
  }
}

/** Lets `request.params`, `.query` and `.body` take the types of the structs a route declares. */
export interface StructTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Struct<infer T, infer _S> ? T : unknown
  serializer: this['schema'] extends Struct<infer T, infer _S> ? T : unknown
}

const WHERE: Record<string, string> = { params: 'params', querystring: 'query', body: 'body' }

/**
 * Validates (coercing where the struct says so) one part of the request; a failure is a 400 naming
 * the first failing field, the same answer as `parse()` in errors.ts.
 */
function validator(struct: Struct<unknown, unknown>, part: string) {
  const where = WHERE[part] ?? part
  return (data: unknown) => {
    let value = data ?? (part === 'body' ? undefined : {})
    // The access token (SPEC §7) or a download ticket may travel in the query: the auth plugin's, not the
    // route's input.
    if (part === 'querystring' && value && typeof value === 'object') {
      const { access_token: _a, token: _t, download: _d, ...rest } = value as Record<string, unknown>
      value = rest
    }
    try {
      const [error, result] = validate(value, struct, { coerce: true })
      return error ? { error: validationFailed(error, where) } : { value: result }
    } catch (err) {
      // A value too deep to walk (the parser bounds depth; this is the last line): bad input, not a 500.
      if (err instanceof RangeError)
        return { error: badRequest('VALIDATION_FAILED', `Invalid ${where}`, { field: where, in: where }) }
      throw err
    }
  }
}

/**
 * Refuses params, query or body holding text the database cannot store (NUL, a lone surrogate): one
 * check for every route, whether it declares its structs or not (domain/input.ts).
 */
async function storableInput(request: FastifyRequest) {
  const parts = { params: request.params, query: request.query, body: request.body }
  for (const [where, value] of Object.entries(parts)) {
    const at = unstorableTextAt(value)
    if (at === undefined) continue
    throw unstorableText(at || where, where)
  }
}

const GUARD = Symbol('route guard')
const isGuard = (hook: unknown) => typeof hook === 'function' && GUARD in hook

/** The guard run before validation: 401 without a valid token, 403 when the role is not allowed. */
export function guard(access: Access) {
  const check = async (request: FastifyRequest) => {
    if (access === 'public') return
    const p = request.principal
    if (!p) throw unauthorized(request.tokenRejected ? 'Invalid access_token' : 'Authentication required')
    if (access === 'signedIn') return
    const list = typeof access === 'string' ? GROUPS[access] : access
    if (!hasPermission(list, p.role)) throw forbidden()
  }
  return Object.assign(check, { [GUARD]: true })
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/** Words of area names written as acronyms. */
const ACRONYMS = new Set(['api', 'crm', 'gdpr', 'pos', 'sms'])

/**
 * 'clientAccountRoutes' (the route file's default export, in the chain of plugins) → 'Client account',
 * 'posRoutes' → 'POS': one casing rule, sentence case, for every area name the API reference shows
 * (issue 34).
 */
const areaOf = (pluginName: string) => {
  const name = (pluginName.split(' -> ').findLast((p) => /^\w+Routes$/.test(p)) ?? '').replace(/Routes?$/, '')
  const words = (name || 'api')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w))
    .join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * Registers `routes` in a context where the contract holds: a route without `config.access` fails at
 * start, the guard runs before the input is validated (an anonymous caller learns nothing from a 400),
 * and the declared structs validate the input.
 */
export function withRouteContract(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (api: FastifyInstance) => {
    api.setValidatorCompiler(({ schema, httpPart }) =>
      validator(schema as unknown as Struct<unknown, unknown>, httpPart ?? 'body'),
    )
    // Answers are sent as they are: superstructs are not JSON Schemas for fast-json-stringify, and a
    // serializer dropping fields the struct does not name would hide a contract error.
    api.setSerializerCompiler(() => (data) => JSON.stringify(data))
    api.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
      const access = route.config?.access
      if (access === undefined)
        throw new Error(
          `${route.method} ${route.url}: the route declares no config.access (route-contract.ts)`,
        )
      const hooks = asArray(route.preValidation)
      // Fastify copies a GET route into its HEAD route: the copy may carry the guard already.
      if (!hooks.some(isGuard)) route.preValidation = [guard(access), storableInput, ...hooks]
      if (route.method === 'HEAD') return
      const schema = (route.schema ?? {}) as RouteInput & { response?: RouteResponse }
      const input: RouteInput = {}
      if (schema.params) input.params = schema.params
      if (schema.querystring) input.querystring = schema.querystring
      if (schema.body) input.body = schema.body
      const area = areaOf(this.pluginName)
      for (const method of asArray(route.method))
        api.routeInventory.push({
          method,
          url: route.url,
          access,
          input,
          ...(schema.response ? { response: schema.response } : {}),
          area,
        })
    })
    await api.register(routes)
  }
}

/** A route's options for its access, e.g. `app.get(url, allow('owner'), handler)`. */
export const allow = (access: Access, config?: { authNeutral?: boolean; download?: boolean }) => ({
  config: { access, ...config },
})
