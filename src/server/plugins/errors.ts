// Every error reply has one shape: { statusCode, code, message, details? }. Unknown errors become a
// generic 500 (logged with the stack), so nothing internal reaches the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isDatabaseUnavailable } from '../db/unavailable'
import { AppError } from '../errors'

export type ErrorReply = {
  statusCode: number
  code: string
  message: string
  details?: Record<string, unknown>
}

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
}

/** The longest path parameter the router matches (Fastify's `maxParamLength`, set in app.ts). */
export const MAX_PARAM_LENGTH = 100

type RouteShape = { method: string; url: string }

/**
 * The parameter a too-long path segment stands for: the router refuses such a path before matching
 * any route, so its name comes from the routes whose pattern the path fits (segment by segment).
 */
export function overlongParam(routes: readonly RouteShape[], method: string, path: string) {
  const segments = path.split('?')[0]!.replace(/\/+$/, '').split('/')
  const asked = method === 'HEAD' ? 'GET' : method
  for (const route of routes) {
    if (route.method !== asked) continue
    const pattern = route.url.replace(/\/+$/, '').split('/')
    if (pattern.length !== segments.length) continue
    let found: string | undefined
    const fits = pattern.every((part, i) => {
      const segment = segments[i]!
      if (!part.startsWith(':')) return part === segment
      if (!found && decoded(segment).length > MAX_PARAM_LENGTH) found = part.slice(1).replace(/\(.*$/, '')
      return true
    })
    if (fits && found) return found
  }
  return undefined
}

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const field = (code: string) =>
  code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'url' : 'request'

/**
 * Errors the router answers before any handler (Fastify's `frameworkErrors`), in the one error shape:
 * a path that does not decode (a lone surrogate's bytes, a stray %) names the URL; a path parameter
 * longer than the router takes names that parameter, as the params structs would.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const param =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? overlongParam(request.server.routeInventory ?? [], request.method, request.url)
      : undefined
  const body: ErrorReply = param
    ? {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: `Invalid params: ${param}: longer than ${MAX_PARAM_LENGTH} characters`,
        details: { field: param, in: 'params' },
      }
    : {
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: `Invalid ${field(error.code)}`,
        details: { field: field(error.code) },
      }
  return reply.status(400).type('application/json').send(body)
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      let body: ErrorReply
      if (error instanceof AppError) {
        body = { statusCode: error.statusCode, code: error.code, message: error.message }
        if (error.details) body.details = error.details
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own client errors: malformed JSON, body too large, rate limits …
        body = {
          statusCode: error.statusCode,
          code: codeByStatus[error.statusCode] ?? 'BAD_REQUEST',
          message: error.message,
        }
        if (error.validation) body.details = { field: error.validation[0]?.instancePath.replace(/^\//, '') }
        // The body parser's refusals (not JSON, empty, too large, a prototype key): the body is the field.
        else if (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError)
          body.details = { field: 'body', in: 'body' }
      } else if (isDatabaseUnavailable(error)) {
        // Nothing internal either, but worth a retry: the database restarts or fails over.
        request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable')
        reply.header('retry-after', '1')
        body = {
          statusCode: 503,
          code: 'DATABASE_UNAVAILABLE',
          message: 'The service is briefly unavailable',
        }
      } else {
        request.log.error({ err: error }, 'unhandled error')
        body = { statusCode: 500, code: 'INTERNAL_ERROR', message: 'An error occurred' }
      }
      if (body.statusCode >= 500 && error instanceof AppError)
        request.log.error({ err: error }, 'server error')
      return reply.status(body.statusCode).type('application/json').send(body)
    })
  },
  { name: 'errors' },
)
