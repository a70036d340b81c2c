// The HTTP call of an outgoing webhook (issue 23): one POST, a time limit, no redirect followed, and
// the address checked after the name is resolved (address.ts), on the very address the socket then
// connects to, so a name that resolves to a private address (or changes to one after the endpoint
// was saved) is refused. Retries are the delivery job's (services/webhooks-delivery.ts), never here:
// each attempt is recorded in the delivery log.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { ipLiteralOf, isAllowedAddress } from './address'

export { ipLiteralOf, isAllowedAddress, isAllowedHost } from './address'

export type WebhookPost = { url: string; headers: Record<string, string>; body: string }
/** One attempt's outcome: a status when the receiver answered, an error word when it did not succeed. */
export type WebhookAnswer = { ok: boolean; status: number | null; durationMs: number; error: string | null }

export type WebhookSender = { send(post: WebhookPost): Promise<WebhookAnswer> }

export type WebhookSenderConfig = { allowHttpLoopback: boolean; timeoutMs: number }

/** Refused before any byte is sent. */
class RefusedAddress extends Error {}

/** dns.lookup, refusing every answer when one of the addresses is not allowed. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0)
      const list = addresses ?? []
      if (!list.length || list.some((a) => !isAllowedAddress(a.address, allowLoopback)))
        return callback(new RefusedAddress('refused address'), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
      callback(null, list[0]!.address, list[0]!.family)
    })
  }
}

export function createWebhookSender(config: WebhookSenderConfig): WebhookSender {
  const lookup = guardedLookup(config.allowHttpLoopback)
  return {
    send(post) {
      const started = performance.now()
      const done = (status: number | null, error: string | null): WebhookAnswer => ({
        ok: status !== null && status >= 200 && status < 300,
        status,
        durationMs: Math.round(performance.now() - started),
        error,
      })
      const url = new URL(post.url)
      const secure = url.protocol === 'https:'
      if (!secure && url.protocol !== 'http:') return Promise.resolve(done(null, 'unsupported scheme'))
      if (!secure && !config.allowHttpLoopback) return Promise.resolve(done(null, 'https required'))
      const ip = ipLiteralOf(url.hostname)
      if (ip && !isAllowedAddress(ip, config.allowHttpLoopback))
        return Promise.resolve(done(null, 'refused address'))
      return new Promise<WebhookAnswer>((resolve) => {
        const request = (secure ? https : http).request(
          url,
          {
            method: 'POST',
            headers: {
              ...post.headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(post.body),
              'user-agent': 'loyalty-webhooks/1',
            },
            lookup,
            signal: AbortSignal.timeout(config.timeoutMs),
          },
          (response) => {
            // The answer's body is not kept (it may hold anything): read and dropped to free the socket.
            response.resume()
            response.on('end', () =>
              resolve(
                done(
                  response.statusCode ?? null,
                  response.statusCode && response.statusCode < 300 ? null : `HTTP ${response.statusCode}`,
                ),
              ),
            )
            response.on('error', () => resolve(done(response.statusCode ?? null, 'connection lost')))
          },
        )
        request.on('error', (err: Error & { code?: string }) => {
          const word =
            err instanceof RefusedAddress || err.message === 'refused address'
              ? 'refused address'
              : err.name === 'TimeoutError' || err.name === 'AbortError'
                ? 'timeout'
                : (err.code ?? 'connection failed')
          resolve(done(null, word))
        })
        request.end(post.body)
      })
    },
  }
}
