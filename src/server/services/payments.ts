// SPEC §7 /stripe/*: what the payment routes do, with the payments adapter injected (the local
// checkout or Stripe, plugins/adapters.ts). Each call runs on our rows and asks the provider only for
// what it keeps (payments-local.ts, payments-stripe.ts, stripe-events.ts).
import { type Payments, type Product, STRIPE_SIGNATURE_HEADER, type Subscription } from '../adapters/payments'
import type { Db } from '../db/client'
import { badRequest, conflict, notFound } from '../errors'
import {
  completeLocalCheckout,
  localPaymentLink,
  localSetCancelAtPeriodEnd,
  localSubscription,
} from './payments-local'
import {
  stripePaymentLink,
  stripePortalUrl,
  stripeSetCancelAtPeriodEnd,
  stripeSubscription,
} from './payments-stripe'
import type { Tenant } from './scope'
import { applyStripeEvent, type StripeEventOutcome } from './stripe-events'
import { currencyOf, subscriberOf } from './subscriptions'

/** The settings the subscriptions follow (the configuration's; the adapter is its own argument). */
export type PaymentsSettings = { graceDays: number; now?: () => Date }

export { STRIPE_SIGNATURE_HEADER }

const clock = (settings: PaymentsSettings) => (settings.now ?? (() => new Date()))()

/** GET /stripe/payment-links: the plans, priced in the caller's currency. */
export async function paymentProducts(db: Db, provider: Payments, tenant: Tenant): Promise<Product[]> {
  return provider.listProducts(await currencyOf(db, tenant.userId))
}

/** GET /stripe/payment-links/:id: where the subscriber pays for the product, back to `origin` after. */
export async function paymentLink(
  db: Db,
  p: Payments,
  settings: PaymentsSettings,
  tenant: Tenant,
  input: { productId: string; userId: string | undefined; origin: string },
): Promise<{ url: string }> {
  const uid = subscriberOf(tenant, input.userId)
  const currency = await currencyOf(db, uid)
  const url =
    p.kind === 'stripe'
      ? await stripePaymentLink(db, p, uid, input.productId, currency, input.origin, clock(settings))
      : await localPaymentLink(db, p, uid, input.productId, currency, input.origin)
  if (!url) throw notFound('PAYMENT_LINK_NOT_FOUND', 'No such product')
  return { url }
}

/** The user's subscription as "Manage the subscription" shows it. */
export async function subscriptionOf(
  db: Db,
  p: Payments,
  settings: PaymentsSettings,
  userId: string,
): Promise<Subscription> {
  return p.kind === 'stripe'
    ? stripeSubscription(db, p, userId, settings.graceDays, clock(settings))
    : localSubscription(db, p, userId, clock(settings))
}

/** GET /stripe/subscriptions: the caller's own, or (staff) any user's. */
export async function subscriptionFor(
  db: Db,
  p: Payments,
  settings: PaymentsSettings,
  tenant: Tenant,
  userId: string | undefined,
): Promise<Subscription> {
  return subscriptionOf(db, p, settings, subscriberOf(tenant, userId))
}

/**
 * Cancel at the period's end (true) or resume before it (false); a 409 SUBSCRIPTION_NOT_ACTIVE when
 * there is no such subscription to change. Asking for what already holds changes nothing.
 */
export async function setCancelAtPeriodEnd(
  db: Db,
  p: Payments,
  settings: PaymentsSettings,
  tenant: Tenant,
  userId: string | undefined,
  cancel: boolean,
): Promise<Subscription> {
  const uid = subscriberOf(tenant, userId)
  return p.kind === 'stripe'
    ? stripeSetCancelAtPeriodEnd(db, p, uid, cancel, settings.graceDays, clock(settings))
    : localSetCancelAtPeriodEnd(db, p, uid, cancel)
}

/** POST /stripe/portal-sessions: Stripe's customer portal for the caller; the local checkout has none (409). */
export async function portalLink(
  db: Db,
  p: Payments,
  tenant: Tenant,
  origin: string,
): Promise<{ url: string }> {
  if (p.kind !== 'stripe')
    throw conflict('PORTAL_UNAVAILABLE', 'Subscriptions are managed in the app, not in a portal')
  return { url: await stripePortalUrl(db, p, tenant.userId, origin) }
}

/** POST /checkout/:id/pay: the local checkout's payment (paid twice: the same answer); 404 when unknown. */
export async function payCheckout(
  db: Db,
  provider: Payments,
  settings: PaymentsSettings,
  sessionId: string,
): Promise<void> {
  // Stripe's sessions are paid at Stripe: none of ours is open then.
  const result =
    provider.kind === 'local' ? await completeLocalCheckout(db, sessionId, clock(settings)) : 'unknown'
  if (result === 'unknown') throw notFound('CHECKOUT_NOT_FOUND', 'This checkout does not exist')
}

/**
 * POST /stripe/webhook: the event once its signature holds (a 400 naming the header when forged or
 * stale), applied once. With the local checkout there is no provider: every call is refused.
 */
export async function receiveStripeEvent(
  db: Db,
  p: Payments,
  settings: PaymentsSettings,
  raw: Buffer,
  signature: string | string[] | undefined,
): Promise<{ type: string; outcome: StripeEventOutcome }> {
  if (p.kind !== 'stripe')
    throw badRequest('WEBHOOK_SIGNATURE_INVALID', 'No payments provider sends webhooks here', {
      field: STRIPE_SIGNATURE_HEADER,
      in: 'headers',
    })
  const event = p.verifyEvent(raw, signature)
  return { type: event.type, outcome: await applyStripeEvent(db, p, settings, event, clock(settings)) }
}
