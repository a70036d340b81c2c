// Every error reply has one shape: { statusCode, code, message, details? }. Unknown errors become a
// generic 500 (logged with the stack), so nothing internal reaches the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
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

/**
 * Errors the router answers before any handler (Fastify's `frameworkErrors`): a path that does not
 * decode (a lone surrogate's bytes, a stray %) names the URL as the field, in the one error shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const field = error.code === 'FST_ERR_BAD_URL' ? 'url' : 'request'
  const body: ErrorReply = {
    statusCode: 400,
    code: 'BAD_REQUEST',
    message: `Invalid ${field}`,
    details: { field },
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
