// The payments adapter's interface: what the services get (adapters/payments/index.ts picks one).
import type { CurrencyCode } from '../../../domain/constants'
import type { Invoice, Plan } from '../../../domain/subscription'
import type { Product } from './catalogue'

/** The "Manage the subscription" answer (services/payments.ts builds it from our rows and the provider's). */
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

/** A provider's subscription, in our terms. */
export type ProviderSubscription = {
  id: string
  /** The provider's customer it belongs to. */
  customer: string | null
  status: 'ACTIVE' | 'PAST_DUE' | 'INCOMPLETE' | 'CANCELED'
  cancelAtPeriodEnd: boolean
  currentPeriodEnd: Date | null
  /** The product it was bought for, when the provider kept it. */
  planId: string | null
}

/** A verified provider event: its id (handled once) and the subscription it is about, if any. */
export type ProviderEvent = { id: string; type: string; subscriptionId: string | null }

/** The offline checkout: our own page, on the address the user came on (services/app-origin.ts). */
export type LocalCheckout = {
  kind: 'local'
  listProducts(currency: CurrencyCode): Product[]
  checkoutUrl(origin: string, sessionId: string): string
}

/** Stripe's calls; each failing or unreachable call is a 502 PAYMENT_PROVIDER_ERROR. */
export type StripeProvider = {
  kind: 'stripe'
  listProducts(currency: CurrencyCode): Product[]
  /** The recurring price sold in this currency; a 502 when none is configured. */
  priceOf(currency: CurrencyCode): string
  /** A customer for the user, made once (a retried creation is the same customer). */
  createCustomer(user: { userId: string; email: string; name: string | null }): Promise<string>
  /** A Checkout session (mode subscription) for the customer; back to `origin` after it. */
  openCheckout(input: {
    customer: string
    userId: string
    productId: string
    price: string
    origin: string
  }): Promise<string>
  /** The customer's invoices, newest first, drafts left out. */
  invoices(customer: string): Promise<Invoice[]>
  subscription(id: string): Promise<ProviderSubscription>
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>
  /** The customer portal's address, returning to `origin`. */
  portalUrl(customer: string, origin: string): Promise<string>
  /** A POST /stripe/webhook call's event once its signature holds (a 400 when forged or stale). */
  verifyEvent(raw: Buffer, signature: string | string[] | undefined): ProviderEvent
}

export type Payments = LocalCheckout | StripeProvider
