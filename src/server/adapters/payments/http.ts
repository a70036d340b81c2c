// A Stripe-like JSON provider, with a bearer key:
//   POST {url}/payment_links {customer, product, currency, success_url} → {url}
//   GET  {url}/subscriptions?customer=… → {status: 'active' | 'canceled' | …, current_period_start}
// The customer is our user id. Changes reach us through POST /stripe/webhook (routes/payments.ts),
// which sets the user's retailer flag; the subscription read here is the provider's view.
import { eq } from 'drizzle-orm'
import { FetchError, ofetch } from 'ofetch'
import { is, nullable, number, optional, string, type, union } from 'superstruct'
import { users } from '../../db/schema'
import { AppError } from '../../errors'
import { products } from './catalogue'
import type { Payments } from './index'

export const PAYMENTS_TIMEOUT_MS = 10_000

const LinkReply = type({ url: string() })
const SubscriptionReply = type({
  status: string(),
  current_period_start: optional(nullable(union([number(), string()]))),
})

/** A failed provider call: a 502 for the client, the cause kept for the server log. */
function providerError(what: string, cause: unknown): AppError {
  const status = cause instanceof FetchError && cause.status ? ` (HTTP ${cause.status})` : ''
  const error = new AppError(502, 'PAYMENT_PROVIDER_ERROR', `The payment provider could not ${what}${status}`)
  return Object.assign(error, { cause })
}

/** Stripe gives Unix seconds; an ISO date is taken as well. */
function isoDate(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

const isWebUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

export function httpPayments(options: {
  url: string
  key: string
  publicUrl: string
  timeoutMs?: number
}): Payments {
  const api = ofetch.create({
    baseURL: options.url.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.key}`, accept: 'application/json' },
    timeout: options.timeoutMs ?? PAYMENTS_TIMEOUT_MS,
    retry: 0,
  })

  return {
    kind: 'http',
    listProducts: products,

    async createPaymentLink(_db, userId, productId, currency) {
      if (!products(currency).some((p) => p.id === productId)) return null
      let reply: unknown
      try {
        reply = await api('/payment_links', {
          method: 'POST',
          body: { customer: userId, product: productId, currency, success_url: `${options.publicUrl}/` },
        })
      } catch (err) {
        throw providerError('create the payment link', err)
      }
      if (!is(reply, LinkReply) || !isWebUrl(reply.url))
        throw providerError('create the payment link: unexpected reply', reply)
      return reply.url
    },

    async subscription(db, userId) {
      let reply: unknown
      try {
        reply = await api('/subscriptions', { query: { customer: userId } })
      } catch (err) {
        // No subscription at all for this customer.
        if (!(err instanceof FetchError && err.status === 404))
          throw providerError('read the subscription', err)
        reply = { status: 'none' }
      }
      if (!is(reply, SubscriptionReply)) throw providerError('read the subscription: unexpected reply', reply)
      const [user] = await db
        .select({ sub: users.isSubscribedRetailer })
        .from(users)
        .where(eq(users.id, userId))
      const active = reply.status === 'active'
      return {
        status: active ? 'active' : 'inactive',
        // The user's flag, as the webhook last set it (what the app's access checks read).
        isSubscribedRetailer: !!user?.sub,
        since: isoDate(reply.current_period_start),
      }
    },

    async completeCheckout() {
      return 'unknown'
    },
  }
}
