// Log settings: tokens, passwords, hashes, personal data and query parameters never reach a log line.
// Request URLs are logged as their path alone (the query may carry a token — SPEC §7 — or a searched
// phone or e-mail); errors are logged through an allow-list, and a database error never with its
// message, detail or parameters (they quote the values of the failing row: hashes, e-mails, phones).
import type { FastifyServerOptions } from 'fastify'

const SECRET_PARAMS = /([?&](?:access_token|token|password|download)=)[^&#]*/gi

/** The URL with its secret parameters blanked: for the audit trail, which keeps the query. */
export function scrubUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]')
}

// A campaign recipient's short-link code opens that customer's coupon: a credential in the path.
const CODE_IN_PATH = /^(\/r\/|\/coupon\/|\/api\/public\/campaign-links\/)[^/]+/

/** What a log line says of a URL: its path, never its query, nor a short link's code. */
export function logPath(url: string): string {
  const q = url.search(/[?#]/)
  return (q === -1 ? url : url.slice(0, q)).replace(CODE_IN_PATH, '$1[REDACTED]')
}

// The last line of defence for free text (messages, stacks): values that look like personal data or
// secrets are blanked even if some library put them in an error message.
const PERSONAL = [
  /\$argon2[a-z]*\$[^\s"',)]*/gi,
  /[^\s"'<>(),;:]+@[^\s"'<>(),;:]+\.[a-z]{2,}/gi,
  /\+?\d[\d .-]{6,}\d/g,
  /\?[^\s"'#]+/g,
]

export function scrubText(text: string): string {
  return PERSONAL.reduce((t, re) => t.replace(re, '[REDACTED]'), text)
}

type AnyError = Error & Record<string, unknown>

/** A PostgreSQL error (SQLSTATE code) or drizzle's wrapper of one, searched along the cause chain. */
function databaseError(err: AnyError): { wrapper?: AnyError; pg?: AnyError } | null {
  let wrapper: AnyError | undefined
  for (let e: AnyError | undefined = err, depth = 0; e && depth < 5; e = e.cause as AnyError, depth++) {
    if (typeof e.query === 'string' && 'params' in e) wrapper ??= e
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e)
      return { ...(wrapper ? { wrapper } : {}), pg: e }
  }
  return wrapper ? { wrapper } : null
}

/** A statement's name for the log: its verb and first table or function, never its values. */
export function statementName(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined
  const verb = query.trim().split(/\s+/)[0]?.toLowerCase()
  const table = /\b(?:from|into|update|call)\s+"?([a-z_][\w.]*)"?/i.exec(query)?.[1]
  // `select fn(...)` (the ledger's functions) has no table: name the function.
  const target = table ?? /^\s*select\s+([a-z_][\w.]*)\s*\(/i.exec(query)?.[1]
  return [verb, target].filter(Boolean).join(' ') || undefined
}

/** Stack frames only: a stack starts with the message, which may span lines (drizzle adds the params). */
const frames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n') || undefined
    : undefined

/** The `err` serializer: what an error may say in a log line. */
export function serializeError(err: unknown): Record<string, unknown> | unknown {
  if (typeof err === 'string') return scrubText(err)
  if (!(err instanceof Error)) return err
  const e = err as AnyError
  const db = databaseError(e)
  if (db) {
    const pg = db.pg
    return {
      type: 'DatabaseError',
      code: pg?.code,
      statement: statementName(db.wrapper?.query ?? pg?.query),
      ...(pg?.constraint ? { constraint: pg.constraint } : {}),
      ...(pg?.table ? { table: pg.table } : {}),
      ...(pg?.column ? { column: pg.column } : {}),
      ...(pg?.routine ? { routine: pg.routine } : {}),
      stack: frames(e.stack),
    }
  }
  return {
    type: e.name || e.constructor?.name,
    message: scrubText(e.message),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: typeof e.stack === 'string' ? scrubText(e.stack) : undefined,
    ...(e.cause instanceof Error ? { cause: serializeError(e.cause) } : {}),
  }
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.passwordHash',
        '*.token',
        '*.access_token',
        'body.password',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request) {
        return { method: request.method, url: logPath(request.url), remoteAddress: request.ip }
      },
      // pino types the err serializer for Error objects; ours also takes strings and plain values.
      err: serializeError as (err: Error) => { type: string; message: string; stack: string },
    },
  }
}
