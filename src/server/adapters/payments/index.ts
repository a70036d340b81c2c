// Payments (SPEC §7 /stripe/*) go through this adapter; the subscriptions we keep are the services'
// (services/payments.ts). The default is a local checkout served by this server (local.ts: its links
// only, the checkout itself is services/payments-local.ts); with PAYMENTS=stripe, Stripe (stripe.ts):
// customers, Checkout, the customer portal, invoices, and its signed webhook events. No adapter here
// reads or writes the database.
import { type Product, products } from './catalogue'
import type { PaymentsConfig } from './config'
import { localPayments } from './local'
import { stripePayments } from './stripe'
import { STRIPE_SIGNATURE_HEADER } from './stripe-client'
import type { Payments } from './types'

export type {
  LocalCheckout,
  Payments,
  ProviderEvent,
  ProviderSubscription,
  StripeProvider,
  Subscription,
} from './types'
export { localPayments, type PaymentsConfig, type Product, products, STRIPE_SIGNATURE_HEADER, stripePayments }

/** Stripe when the configuration says so (its secret key is then required), the local checkout otherwise. */
export function createPayments(config: PaymentsConfig, now?: () => Date): Payments {
  return config.kind === 'stripe' ? stripePayments(config, now) : localPayments()
}
