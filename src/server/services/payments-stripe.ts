// Stripe's side of the subscriptions (PAYMENTS=stripe): the Stripe customer kept as the user's
// stripeId (SPEC §3), the subscription's state as Stripe's webhooks last told us
// (services/stripe-events.ts) with the invoices read from Stripe, and a cancel or resume asked of
// Stripe and kept at once. The calls to Stripe are the adapter's (adapters/payments/stripe.ts).
import { and, eq, isNull, like, or } from 'drizzle-orm'
import type { CurrencyCode } from '../../domain/constants'
import type { Invoice } from '../../domain/subscription'
import type { StripeProvider, Subscription } from '../adapters/payments'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { conflict } from '../errors'
import {
  graceEndOf,
  readState,
  type SubscriptionState,
  saveState,
  stateOfProvider,
} from './subscription-state'
import { currencyOf, retailerSubscription } from './subscriptions'

/** The user's Stripe customer id; ids of the local checkout (local_…) are not Stripe's. */
export async function stripeCustomerOf(db: Db, userId: string): Promise<string | null> {
  const [u] = await db.select({ id: users.stripeId }).from(users).where(eq(users.id, userId))
  return u?.id && !u.id.startsWith('local_') ? u.id : null
}

/** The user's customer, made once: the idempotency key makes a retried creation the same customer. */
async function ensureCustomer(db: Db, stripe: StripeProvider, userId: string, now: Date): Promise<string> {
  const known = await stripeCustomerOf(db, userId)
  if (known) return known
  const [user] = await db
    .select({ email: users.email, name: users.displayName })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw conflict('USER_NOT_FOUND', 'No such user')
  const customer = await stripe.createCustomer({ userId, email: user.email, name: user.name })
  // Kept unless another request stored one first (the same customer, by the idempotency key).
  await db
    .update(users)
    .set({ stripeId: customer, updatedAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.stripeId), like(users.stripeId, 'local\\_%'))))
  return (await stripeCustomerOf(db, userId)) ?? customer
}

/** Stripe Checkout for the product in the user's currency; null for an unknown product. */
export async function stripePaymentLink(
  db: Db,
  stripe: StripeProvider,
  userId: string,
  productId: string,
  currency: CurrencyCode,
  origin: string,
  now = new Date(),
): Promise<string | null> {
  if (!stripe.listProducts(currency).some((p) => p.id === productId)) return null
  const price = stripe.priceOf(currency)
  const customer = await ensureCustomer(db, stripe, userId, now)
  return stripe.openCheckout({ customer, userId, productId, price, origin })
}

function subscriptionView(
  subscribed: boolean,
  state: SubscriptionState | undefined,
  plans: ReturnType<StripeProvider['listProducts']>,
  invoices: Invoice[],
  graceDays: number,
  now: Date,
): Subscription {
  const live = state?.status === 'ACTIVE' || state?.status === 'PAST_DUE'
  const plan = plans.find((p) => p.id === state?.planId) ?? plans[0]!
  const graceEnd = graceEndOf(state, graceDays)
  const paid = invoices.filter((i) => i.status === 'paid')
  return {
    status: live ? 'active' : 'inactive',
    isSubscribedRetailer: subscribed,
    since: paid.at(-1)?.date ?? null,
    plan: live
      ? { id: plan.id, name: plan.name, amountCents: plan.amountCents, currencyCode: plan.currencyCode }
      : null,
    cancelAtPeriodEnd: live && !!state?.cancelAtPeriodEnd,
    currentPeriodEnd: live ? (state?.currentPeriodEnd?.toISOString() ?? null) : null,
    invoices,
    manage: 'portal',
    pastDue:
      graceEnd && state?.pastDueSince
        ? {
            since: state.pastDueSince.toISOString(),
            closesAt: graceEnd.toISOString(),
            closed: now >= graceEnd,
          }
        : null,
  }
}

export async function stripeSubscription(
  db: Db,
  stripe: StripeProvider,
  userId: string,
  graceDays: number,
  now = new Date(),
): Promise<Subscription> {
  // A grace period that ran out closes the owner pages before we answer.
  await retailerSubscription(db, userId, graceDays, now)
  const customer = await stripeCustomerOf(db, userId)
  const [state, invoices] = await Promise.all([
    readState(db, userId),
    customer ? stripe.invoices(customer) : Promise.resolve([]),
  ])
  const currency = await currencyOf(db, userId)
  const [user] = await db.select({ sub: users.isSubscribedRetailer }).from(users).where(eq(users.id, userId))
  return subscriptionView(!!user?.sub, state, stripe.listProducts(currency), invoices, graceDays, now)
}

export async function stripeSetCancelAtPeriodEnd(
  db: Db,
  stripe: StripeProvider,
  userId: string,
  cancel: boolean,
  graceDays: number,
  now = new Date(),
): Promise<Subscription> {
  const state = await readState(db, userId)
  if (!state?.stripeSubscriptionId || state.status === 'CANCELED' || state.status === 'INCOMPLETE')
    throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'There is no active subscription to change')
  const sub = await stripe.setCancelAtPeriodEnd(state.stripeSubscriptionId, cancel)
  // Kept at once; the customer.subscription.updated event Stripe sends says the same.
  await saveState(db, userId, stateOfProvider(sub, state, now))
  return stripeSubscription(db, stripe, userId, graceDays, now)
}

/** Stripe's customer portal for the user's own customer; a 409 before the user has one. */
export async function stripePortalUrl(
  db: Db,
  stripe: StripeProvider,
  userId: string,
  origin: string,
): Promise<string> {
  const customer = await stripeCustomerOf(db, userId)
  if (!customer) throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'There is no Stripe customer to manage yet')
  return stripe.portalUrl(customer, origin)
}
