// The OpenAPI 3.1 document of the API, written from the route inventory (route-contract.ts): each
// route's access, its declared input structs and its response structs, converted by struct-schema.ts.
// Nothing here is written by hand per route, so the document cannot drift from what the routes check.
import type { Access, RouteEntry } from '../plugins/route-contract'
import { type AnyStruct, isOptional, type JsonSchema, mediaOf, toJsonSchema } from './struct-schema'

export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, unknown>>
  components: Record<string, unknown>
  tags: Array<{ name: string }>
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)

const accessText = (access: Access) =>
  access === 'public'
    ? 'Anyone (no token).'
    : access === 'signedIn'
      ? 'Any signed-in user.'
      : typeof access === 'string'
        ? `Roles of the \`${access}\` group.`
        : `Roles: ${access.join(', ')}.`

const ERROR: JsonSchema = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string' },
    details: { type: 'object' },
  },
  required: ['statusCode', 'code', 'message'],
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

/** The properties of an object struct (params and query are described one parameter each). */
function propertiesOf(struct: AnyStruct | undefined) {
  if (!struct) return []
  const schema = toJsonSchema(struct)
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(props).map(([name, s]) => ({ name, schema: s, required: required.has(name) }))
}

function responseOf(struct: AnyStruct, status: number) {
  const media = mediaOf(struct)
  const description = media?.description ?? (status < 300 ? 'Success' : `Status ${status}`)
  if (media?.mediaType === null) return { description }
  if (media) return { description, content: { [media.mediaType]: { schema: { type: 'string' } } } }
  return { description, content: { 'application/json': { schema: toJsonSchema(struct) } } }
}

function operationOf(route: RouteEntry) {
  const declared = new Map(propertiesOf(route.input.params).map((p) => [p.name, p.schema]))
  const parameters = [
    ...pathParams(route.url).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: declared.get(name) ?? { type: 'string' },
    })),
    ...propertiesOf(route.input.querystring).map((p) => ({
      name: p.name,
      in: 'query',
      required: p.required,
      schema: p.schema,
    })),
  ]
  const responses: Record<string, unknown> = {}
  for (const [status, struct] of Object.entries(route.response ?? {}))
    responses[status] = responseOf(struct as AnyStruct, Number(status))
  if (!route.response) responses.default = { description: 'Not described yet' }
  const takesInput = parameters.length > 0 || route.input.body
  if (takesInput) responses['400'] ??= errorResponse('Invalid input: the details name the field')
  if (route.access !== 'public') {
    responses['401'] ??= errorResponse('No valid access token')
    if (route.access !== 'signedIn') responses['403'] ??= errorResponse('The role may not call this route')
  }
  return {
    tags: [route.area],
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: `${route.method} ${route.url}`,
    description: `Who may call: ${accessText(route.access)}`,
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.input.body
      ? {
          requestBody: {
            required: !isOptional(route.input.body),
            content: { 'application/json': { schema: toJsonSchema(route.input.body) } },
          },
        }
      : {}),
    responses,
  }
}

/** The document of every route in the inventory. */
export function openApiDocument(routes: readonly RouteEntry[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  for (const route of routes) {
    const path = openApiPath(route.url)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operationOf(route)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loyalty back-office API',
      version,
      // Read by a merchant's developer (a till, a website, a CRM to connect), not by ours: no internals.
      description:
        'The calls your own software (a till, a website, a CRM) can make to read and change your franchise’s data: clients and their points, stores, loyalty card and offers, campaigns and more. Sign in with POST /api/users/login to get an access token, then send it with every call in the Authorization header as "Bearer <token>". Each area below lists its calls, which accounts may make them, what they take and what they answer. A refused call answers a JSON error with a code; a 400 names the field to correct.',
    },
    paths,
    components: {
      schemas: { Error: ERROR },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An access token (POST /api/users/login)' },
      },
    },
    tags: [...new Set(routes.map((r) => r.area))].sort().map((name) => ({ name })),
    ...{ security: [{ bearer: [] }] },
  }
}
