// A Stripe-like JSON provider, with a bearer key:
//   POST {url}/payment_links {customer, product, currency, success_url} → {url}
//   GET  {url}/subscriptions?customer=… → {status: 'active' | 'canceled' | …, current_period_start,
//        current_period_end, cancel_at_period_end, plan, currency}
//   POST {url}/subscriptions/renewal {customer, cancel_at_period_end} → the subscription (409: none)
//   GET  {url}/invoices?customer=… → {data: [{id, created, amount_paid, currency, status}]}
// The customer is our user id. Changes reach us through POST /stripe/webhook (routes/payments.ts),
// which sets the user's retailer flag; the subscription read here is the provider's view.
import { eq } from 'drizzle-orm'
import { FetchError, ofetch } from 'ofetch'
import { array, boolean, type Infer, is, nullable, number, optional, string, type, union } from 'superstruct'
import { CURRENCIES, type CurrencyCode } from '../../../domain/constants'
import type { Invoice } from '../../../domain/subscription'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError, conflict } from '../../errors'
import { products } from './catalogue'
import type { Payments, Subscription } from './index'
import { type SubscriptionState, saveState } from './state'

export const PAYMENTS_TIMEOUT_MS = 10_000

const LinkReply = type({ url: string() })
const When = optional(nullable(union([number(), string()])))
export const SubscriptionReply = type({
  status: string(),
  current_period_start: When,
  current_period_end: When,
  cancel_at_period_end: optional(nullable(boolean())),
  plan: optional(nullable(string())),
  currency: optional(nullable(string())),
})
export type SubscriptionReply = Infer<typeof SubscriptionReply>
const InvoicesReply = type({
  data: array(
    type({
      id: string(),
      created: union([number(), string()]),
      amount_paid: number(),
      currency: string(),
      status: string(),
    }),
  ),
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

/** What our row keeps of the provider's subscription (also what its webhook events carry). */
export function stateOf(reply: SubscriptionReply): Partial<Omit<SubscriptionState, 'userId' | 'updatedAt'>> {
  const end = isoDate(reply.current_period_end)
  return {
    ...(reply.plan ? { planId: reply.plan } : {}),
    status: reply.status === 'active' ? 'ACTIVE' : 'CANCELED',
    cancelAtPeriodEnd: !!reply.cancel_at_period_end,
    currentPeriodEnd: end ? new Date(end) : null,
  }
}

async function toSubscription(
  db: Db,
  userId: string,
  reply: SubscriptionReply,
  invoices: Invoice[],
): Promise<Subscription> {
  const [user] = await db.select({ sub: users.isSubscribedRetailer }).from(users).where(eq(users.id, userId))
  const active = reply.status === 'active'
  const asked = (reply.currency ?? '').toUpperCase()
  const currency = ((CURRENCIES as readonly string[]).includes(asked) ? asked : 'EUR') as CurrencyCode
  const plan = products(currency).find((p) => p.id === reply.plan) ?? products(currency)[0]!
  return {
    status: active ? 'active' : 'inactive',
    // The user's flag, as the webhook last set it (what the app's access checks read).
    isSubscribedRetailer: !!user?.sub,
    since: isoDate(reply.current_period_start),
    plan: active
      ? { id: plan.id, name: plan.name, amountCents: plan.amountCents, currencyCode: plan.currencyCode }
      : null,
    cancelAtPeriodEnd: active && !!reply.cancel_at_period_end,
    currentPeriodEnd: active ? isoDate(reply.current_period_end) : null,
    invoices,
  }
}

export function httpPayments(options: { url: string; key: string; timeoutMs?: number }): Payments {
  const api = ofetch.create({
    baseURL: options.url.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.key}`, accept: 'application/json' },
    timeout: options.timeoutMs ?? PAYMENTS_TIMEOUT_MS,
    retry: 0,
  })

  /** GET {url}/invoices?customer=…: the paid and open invoices, newest first. */
  async function invoicesOf(userId: string): Promise<Invoice[]> {
    let reply: unknown
    try {
      reply = await api('/invoices', { query: { customer: userId } })
    } catch (err) {
      if (err instanceof FetchError && err.status === 404) return []
      throw providerError('read the invoices', err)
    }
    if (!is(reply, InvoicesReply)) throw providerError('read the invoices: unexpected reply', reply)
    return reply.data
      .map((i) => ({
        id: i.id,
        date: isoDate(i.created) ?? '',
        amountCents: i.amount_paid,
        currencyCode: i.currency.toUpperCase(),
        status: i.status,
      }))
      .sort((a, b) => b.date.localeCompare(a.date))
  }

  return {
    kind: 'http',
    listProducts: products,

    async createPaymentLink(_db, userId, productId, currency, origin) {
      if (!products(currency).some((p) => p.id === productId)) return null
      let reply: unknown
      try {
        reply = await api('/payment_links', {
          method: 'POST',
          body: { customer: userId, product: productId, currency, success_url: `${origin}/` },
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
      return toSubscription(db, userId, reply, await invoicesOf(userId))
    },

    async setCancelAtPeriodEnd(db, userId, cancel) {
      let reply: unknown
      try {
        reply = await api('/subscriptions/renewal', {
          method: 'POST',
          body: { customer: userId, cancel_at_period_end: cancel },
        })
      } catch (err) {
        if (err instanceof FetchError && (err.status === 404 || err.status === 409))
          throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'There is no active subscription to change')
        throw providerError('change the subscription', err)
      }
      if (!is(reply, SubscriptionReply))
        throw providerError('change the subscription: unexpected reply', reply)
      // Kept at once; the webhook the provider sends as well says the same.
      await saveState(db, userId, stateOf(reply))
      return toSubscription(db, userId, reply, await invoicesOf(userId))
    },

    async completeCheckout() {
      return 'unknown'
    },
  }
}
