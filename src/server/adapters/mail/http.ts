// A JSON mail API: POST {to, subject, text, html} with a bearer key and the message's id as
// Idempotency-Key (a repeat after a lost answer is recognised), answering {id}.
import { FetchError } from 'ofetch'
import { callProvider } from '../http-call'
import { htmlOf } from './smtp'
import { type MailEnvelope, MailError, type MailTransport } from './types'

/** Seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

export function httpMailTransport(url: string, key: string | undefined): MailTransport {
  return {
    kind: 'http',
    async deliver(m: MailEnvelope) {
      try {
        const res = await callProvider<{ id: string }>(url, {
          method: 'POST',
          body: { to: m.to, subject: m.subject, text: m.text, html: htmlOf(m.text) },
          headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'idempotency-key': m.id },
          timeoutMs: 10_000,
          // The mail job retries with backoff; one quick retry covers a lost answer.
          retries: 1,
        })
        return { providerMessageId: res.id }
      } catch (err) {
        const status = err instanceof FetchError ? err.statusCode : undefined
        // A 4xx other than a time-out or a rate limit refuses this message for good.
        const permanent = !!status && status >= 400 && status < 500 && status !== 408 && status !== 429
        const wait = retryAfterMs(err instanceof FetchError ? err.response?.headers.get('retry-after') : null)
        throw new MailError(`mail API ${status ? `HTTP ${status}` : 'unreachable'}`, permanent, wait)
      }
    },
  }
}
