// The one error type routes and services throw. The error plugin turns it into
// `{ statusCode, code, message, details? }`.
import { type Struct, type StructError, validate } from 'superstruct'
import { unstorableTextAt } from '../domain/input'

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details)
export const unauthorized = (message = 'Invalid access_token', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message)
export const forbidden = (message = 'Forbidden', code = 'FORBIDDEN') => new AppError(403, code, message)
export const notFound = (code = 'NOT_FOUND', message = 'Not found') => new AppError(404, code, message)
export const conflict = (code: string, message: string) => new AppError(409, code, message)

/** Field-level details of a superstruct failure: the failing path and why. */
export function structErrorDetails(error: StructError) {
  const failures = error.failures()
  return {
    field: failures[0]?.path.join('.') || undefined,
    fields: failures.map((f) => ({ field: f.path.join('.'), message: f.message })),
  }
}

/**
 * Validates (and coerces, where the struct says so) request input; a failure is a 400 naming the
 * first failing field. `where` says which part of the request it was (body, query, params).
 */
export function parse<T, S>(struct: Struct<T, S>, value: unknown, where = 'body'): T {
  // The access token may travel in the query (SPEC §7); it is the auth plugin's, not the route's input.
  if (where === 'query' && value && typeof value === 'object') {
    const { access_token: _a, token: _t, ...rest } = value as Record<string, unknown>
    value = rest
  }
  const at = unstorableTextAt(value)
  if (at !== undefined) throw unstorableText(at || where, where)
  const [error, result] = validate(value, struct, { coerce: true })
  if (error) throw validationFailed(error, where)
  return result
}

/** The 400 of a text the database cannot store (a NUL, a lone surrogate; domain/input.ts). */
export const unstorableText = (field: string, where: string) =>
  badRequest('VALIDATION_FAILED', `Invalid ${where}: ${field}: holds a character that cannot be stored`, {
    field,
    in: where,
  })

/** The 400 of a struct failure: names the first failing field and where it was (body, query, params). */
export function validationFailed(error: StructError, where: string): AppError {
  const details = structErrorDetails(error)
  const field = details.field ?? where
  return badRequest(
    'VALIDATION_FAILED',
    `Invalid ${where}: ${field}: ${error.failures()[0]?.message ?? ''}`,
    // A value wrong as a whole (a body that is a string) names the part itself.
    { ...details, field, in: where },
  )
}
