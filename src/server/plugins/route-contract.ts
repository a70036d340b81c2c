// The route contract: every route declares who may call it (`config.access`) and may declare the
// superstruct structs of its input (`schema: { params, querystring, body }`). The routes' context
// enforces both, so a new route cannot forget its guard, and keeps the list of routes (the inventory
// the attack suite in tests/server/attack walks).
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  FastifyTypeProvider,
  RouteOptions,
} from 'fastify'
import { type Struct, validate } from 'superstruct'
import { unstorableTextAt } from '../../domain/input'
import { GROUPS, type Group, hasPermission, type Role } from '../../domain/roles'
import { badRequest, forbidden, unauthorized, unstorableText, validationFailed } from '../errors'

/** 'public': anyone, no token needed; 'signedIn': any valid token; a group or roles: the effective role. */
export type Access = 'public' | 'signedIn' | Group | readonly Role[]

/** What a route's input structs are, as declared in its `schema`. */
export type RouteInput = {
  params?: Struct<unknown, unknown>
  querystring?: Struct<unknown, unknown>
  body?: Struct<unknown, unknown>
}

export type RouteEntry = { method: string; url: string; access: Access; input: RouteInput }

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
    // The access token may travel in the query (SPEC §7): the auth plugin's, not the route's input.
    if (part === 'querystring' && value && typeof value === 'object') {
      const { access_token: _a, token: _t, ...rest } = value as Record<string, unknown>
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
    api.addHook('onRoute', (route: RouteOptions) => {
      const access = route.config?.access
      if (access === undefined)
        throw new Error(
          `${route.method} ${route.url}: the route declares no config.access (route-contract.ts)`,
        )
      const hooks = asArray(route.preValidation)
      // Fastify copies a GET route into its HEAD route: the copy may carry the guard already.
      if (!hooks.some(isGuard)) route.preValidation = [guard(access), storableInput, ...hooks]
      if (route.method === 'HEAD') return
      const schema = (route.schema ?? {}) as RouteInput
      const input: RouteInput = {}
      if (schema.params) input.params = schema.params
      if (schema.querystring) input.querystring = schema.querystring
      if (schema.body) input.body = schema.body
      for (const method of asArray(route.method))
        api.routeInventory.push({ method, url: route.url, access, input })
    })
    await api.register(routes)
  }
}

/** A route's options for its access, e.g. `app.get(url, allow('owner'), handler)`. */
export const allow = (access: Access, config?: { authNeutral?: boolean }) => ({
  config: { access, ...config },
})
