// Payments (SPEC §7 /stripe/*) go through this adapter. The default is a local checkout served by
// this server (local.ts); with PAYMENTS_API_URL set, a Stripe-like JSON provider (http.ts) creates the
// payment links and answers for subscriptions, and tells us about changes through POST /stripe/webhook.
import type { CurrencyCode } from '../../../domain/constants'
import type { Invoice, Plan } from '../../../domain/subscription'
import type { Db } from '../../db/client'
import { type Product, products } from './catalogue'
import { httpPayments } from './http'
import { localPayments } from './local'

export { httpPayments, localPayments, type Product, products }

export type Subscription = {
  status: 'active' | 'inactive'
  isSubscribedRetailer: boolean
  since: string | null
  plan: Plan | null
  /** Active, and ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: boolean
  /** The next renewal, or the end when `cancelAtPeriodEnd`. */
  currentPeriodEnd: string | null
  /** Newest first. */
  invoices: Invoice[]
}

export type Payments = {
  kind: 'local' | 'http'
  listProducts(currency: CurrencyCode): Product[]
  /**
   * A link where the user pays for the product; null when the product is unknown. `origin` is the
   * app's address the user came on (a trusted one, services/app-origin.ts): the payment returns there.
   * A provider that fails or cannot be reached is a 502 PAYMENT_PROVIDER_ERROR.
   */
  createPaymentLink(
    db: Db,
    userId: string,
    productId: string,
    currency: CurrencyCode,
    origin: string,
  ): Promise<string | null>
  subscription(db: Db, userId: string): Promise<Subscription>
  /**
   * Cancel at the period's end (true) or resume before it (false); a 409 SUBSCRIPTION_NOT_ACTIVE when
   * there is no such subscription to change. Asking for what already holds changes nothing.
   */
  setCancelAtPeriodEnd(db: Db, userId: string, cancel: boolean): Promise<Subscription>
  /** Local checkout only (the HTTP adapter knows no session): pays an open session and activates the subscription. */
  completeCheckout(db: Db, sessionId: string): Promise<'paid' | 'already-paid' | 'unknown'>
}

export type PaymentsConfig = {
  url?: string | undefined
  key?: string | undefined
  /** Signs the provider's webhook calls (POST /stripe/webhook); unset: every call is refused. */
  webhookSecret?: string | undefined
}

/** The HTTP provider when its URL is configured (its key is then required), the local checkout otherwise. */
export function createPayments(config: PaymentsConfig): Payments {
  if (!config.url) return localPayments()
  if (!config.key) throw new Error('PAYMENTS_API_KEY is required when PAYMENTS_API_URL is set')
  return httpPayments({ url: config.url, key: config.key })
}
