// The browser's one HTTP client (ofetch). Every call carries the access token in the Authorization
// header alone: a query parameter (which SPEC §7 names, and the server still takes from other callers)
// would end up in every proxy's access log (issue 34). A 401 from any call tells the session, which
// logs out with 'Invalid access_token'. Errors come back as ApiError with the server's code.
import { FetchError, ofetch } from 'ofetch'
import { type Struct, validate } from 'superstruct'
import { callKey, type EarlyCall, noteCall, sendEarlyCalls, takeEarly } from './early'
import { isRepeatable, withRetries } from './retry'
import { activeToken } from './storage'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
  /** The field the server named as wrong, if any. */
  get field(): string | undefined {
    const f = this.details?.field
    return typeof f === 'string' ? f : undefined
  }
}

type UnauthorizedListener = () => void
const unauthorizedListeners = new Set<UnauthorizedListener>()
/** The session machine subscribes here to log out on any 401. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  query?: Record<string, unknown>
  signal?: AbortSignal
  /** Milliseconds; SPEC §7 gives 20, 30 or 60 s depending on the area. */
  timeout?: number
  /** Send without a token even when one is stored (login, password reset). */
  anonymous?: boolean
  /** Extra headers (Idempotency-Key …). */
  headers?: Record<string, string>
  /**
   * A read a page shows on arrival, free of side effects (no audit entry, no provider call): remembered
   * for its address, the entry sends it early at the next start (early.ts).
   */
  early?: boolean
}

export const DEFAULT_TIMEOUT = 30_000

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof FetchError) {
    const data = error.data as
      | { statusCode?: number; code?: string; message?: string; details?: Record<string, unknown> }
      | undefined
    const status = error.status ?? data?.statusCode ?? 0
    if (status === 0)
      return new ApiError(
        0,
        error.name === 'AbortError' ? 'ABORTED' : 'NETWORK_ERROR',
        'The server could not be reached',
      )
    return new ApiError(status, data?.code ?? `HTTP_${status}`, data?.message ?? error.message, data?.details)
  }
  return new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error))
}

export async function call<T>(
  path: string,
  options: CallOptions = {},
  shape?: Struct<T, unknown>,
): Promise<T> {
  const token = options.anonymous ? null : activeToken()
  const method = options.method ?? 'GET'
  // A page's first read: the entry may have sent it already (early.ts); remembered for the next start.
  let early: Promise<unknown> | undefined
  if (options.early && method === 'GET' && token) {
    early = takeEarly(callKey(token, path, options.query))
    noteCall({ path, query: options.query })
  }
  try {
    const send = () => {
      if (early) {
        const answer = untilAborted(early as Promise<T>, options.signal)
        early = undefined
        return answer
      }
      return fetchOnce<T>(path, method, token, options)
    }
    // A restart behind the balancer is not an error the user sees: repeatable calls try again (retry.ts).
    const data = await withRetries(send, {
      repeatable: isRepeatable(method, options.headers),
      // Status 0 is "no answer came" only for a network failure; a timeout or an abort is not retried.
      statusOf: (error) => {
        const e = toApiError(error)
        return e.code === 'NETWORK_ERROR' ? 0 : e.status || -1
      },
      stopped: () => options.signal?.aborted === true,
    })
    if (shape) {
      const [error, value] = validate(data, shape, { coerce: true })
      if (error) throw new ApiError(0, 'BAD_RESPONSE', `Unexpected response from ${path}: ${error.message}`)
      return value
    }
    return data
  } catch (error) {
    // Aborted by its caller (a stopped actor): nobody waits for the answer, so none is given. A
    // rejection here would reach a machine that React's strict effects stopped and rehydrated (the
    // restored promise actor relays its stale error), failing a flow whose new call succeeds.
    if (options.signal?.aborted) return new Promise<never>(() => {})
    const apiError = toApiError(error)
    if (apiError.status === 401 && token) for (const l of unauthorizedListeners) l()
    throw apiError
  }
}

function fetchOnce<T>(path: string, method: string, token: string | null, options: CallOptions) {
  return ofetch<T>(path, {
    method,
    ...(options.body !== undefined ? { body: options.body as Record<string, unknown> } : {}),
    ...(options.query ? { query: options.query } : {}),
    headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    retry: 0,
    ...(options.signal ? { signal: options.signal } : {}),
  })
}

/** An early answer, given up when its caller goes away (the call's catch then answers nothing). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer
  return Promise.race([
    answer,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason)
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    }),
  ])
}

/**
 * At the entry's start with a stored token: the reads this address's page made first on its last visit,
 * sent now, without waiting for the session (early.ts).
 */
export function startEarlyCalls(): void {
  const token = activeToken()
  if (!token) return
  sendEarlyCalls(token, (c: EarlyCall) =>
    fetchOnce(c.path, 'GET', token, { ...(c.query ? { query: c.query } : {}) }),
  )
}
