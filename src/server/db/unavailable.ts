// Whether an error means the database could not be reached or dropped the connection (a restart, a
// failover, too many connections), as opposed to a statement it refused. Such a request is answered 503
// with Retry-After (plugins/errors.ts): the caller may send it again, and the browser's client does for
// a read or a keyed write (src/api/retry.ts). Nothing of it committed unless the commit itself was cut,
// which a keyed write's repeat then answers from its key.

/** Socket failures while connecting or mid-query. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN'])

/**
 * SQLSTATEs of a server going away or not taking connections: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections, and class 08 (connection
 * exception).
 */
const isUnavailableState = (code: string) =>
  code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code.startsWith('08')

/** node-postgres's own words for a connection it lost or could not open in time (no code). */
const LOST =
  /^Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`); a failed connect may be an AggregateError.
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || isUnavailableState(code))) return true
    if (typeof message === 'string' && LOST.test(message)) return true
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true
    e = cause
  }
  return false
}
