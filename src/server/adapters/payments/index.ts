// Payments (SPEC §7 /stripe/*) go through this adapter. The default is a local checkout served by
// this server (local.ts); with PAYMENTS=stripe, Stripe (stripe.ts): Checkout, the customer portal, and
// its webhook POST /stripe/webhook (services/stripe-events.ts) keeping the subscription's state.
import type { CurrencyCode } from '../../../domain/constants'
import type { Invoice, Plan } from '../../../domain/subscription'
import type { Db } from '../../db/client'
import type { StripeEventOutcome } from '../../services/stripe-events'
import { type Product, products } from './catalogue'
import type { PaymentsConfig } from './config'
import { localPayments } from './local'
import { stripePayments } from './stripe'

export { localPayments, type PaymentsConfig, type Product, products, stripePayments }

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
  /** How the merchant manages it: here (cancel/resume), or in Stripe's customer portal. */
  manage?: 'local' | 'portal'
  /** A renewal failed: the owner pages stay open until `closesAt` (the grace period). */
  pastDue?: { since: string; closesAt: string; closed: boolean } | null
}

export type Payments = {
  kind: 'local' | 'stripe'
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
  /** Local checkout only (Stripe's sessions are paid at Stripe): pays an open session and activates the subscription. */
  completeCheckout(db: Db, sessionId: string): Promise<'paid' | 'already-paid' | 'unknown'>
  /** Stripe's customer portal for the user, returning to `origin`; null with the local checkout. */
  portalUrl(db: Db, userId: string, origin: string): Promise<string | null>
  /** Stripe only: verifies a POST /stripe/webhook call (400 when forged or stale) and applies it once. */
  webhook?(
    db: Db,
    raw: Buffer,
    signature: string | string[] | undefined,
  ): Promise<{ type: string; outcome: StripeEventOutcome }>
}

/** Stripe when the configuration says so (its secret key is then required), the local checkout otherwise. */
export function createPayments(config: PaymentsConfig, now?: () => Date): Payments {
  return config.kind === 'stripe' ? stripePayments(config, now) : localPayments(now)
}
