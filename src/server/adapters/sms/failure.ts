// How a provider's refusal reads to the dispatch (issue 35 §3): `unreachable` is the recipient's
// number refused for good (invalid, not a mobile, unsubscribed at the carrier), never retried and
// remembered (sms_unreachable_phones); anything else is the provider failing, retried with backoff and
// counted by the circuit breaker; `retryAfterMs` is the provider's own Retry-After on a 429.
export class SendFailure extends Error {
  readonly unreachable: boolean
  readonly code: string
  readonly retryAfterMs: number | undefined
  constructor(
    message: string,
    o: { code: string; unreachable?: boolean; retryAfterMs?: number | undefined },
  ) {
    super(message)
    this.name = 'SendFailure'
    this.code = o.code
    this.unreachable = o.unreachable ?? false
    this.retryAfterMs = o.retryAfterMs
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const s = String(value).trim()
  if (/^\d+$/.test(s)) return Number(s) * 1000
  const at = Date.parse(s)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
