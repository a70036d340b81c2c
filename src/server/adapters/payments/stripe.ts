// Stripe (issue 35 §1) through its official library: subscriptions through Checkout (mode
// `subscription`, the price of the user's currency), "Manage the subscription" through the customer
// portal, the Stripe customer kept as the user's stripeId (SPEC §3). The subscription's state is what
// Stripe's webhooks last told us (services/stripe-events.ts); invoices are read from Stripe.
import { and, eq, isNull, like, or } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { Invoice } from '../../../domain/subscription'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { AppError, conflict } from '../../errors'
import { applyStripeEvent, verifyStripeEvent } from '../../services/stripe-events'
import { currencyOf, retailerSubscription } from '../../services/subscriptions'
import { products } from './catalogue'
import type { PaymentsConfig } from './config'
import type { Payments } from './index'
import { readState, saveState } from './state'
import { stripeClient, stripeError } from './stripe-client'
import { stateOfStripe, stripeSubscriptionView } from './stripe-state'

const INVOICES_SHOWN = 24

/** The user's Stripe customer id; ids of the local checkout (local_…) are not Stripe's. */
export async function stripeCustomerOf(db: Db, userId: string): Promise<string | null> {
  const [u] = await db.select({ id: users.stripeId }).from(users).where(eq(users.id, userId))
  return u?.id && !u.id.startsWith('local_') ? u.id : null
}

export function stripePayments(
  config: PaymentsConfig,
  now: () => Date = () => new Date(),
  stripe: Stripe = stripeClient(config),
): Payments {
  /** The user's customer, made once: the idempotency key makes a retried creation the same customer. */
  async function ensureCustomer(db: Db, userId: string): Promise<string> {
    const known = await stripeCustomerOf(db, userId)
    if (known) return known
    const [user] = await db
      .select({ email: users.email, name: users.displayName })
      .from(users)
      .where(eq(users.id, userId))
    if (!user) throw conflict('USER_NOT_FOUND', 'No such user')
    let customer: Stripe.Customer
    try {
      customer = await stripe.customers.create(
        { email: user.email, ...(user.name ? { name: user.name } : {}), metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      )
    } catch (err) {
      throw stripeError('create the customer', err)
    }
    // Kept unless another request stored one first (the same customer, by the idempotency key).
    await db
      .update(users)
      .set({ stripeId: customer.id, updatedAt: now() })
      .where(and(eq(users.id, userId), or(isNull(users.stripeId), like(users.stripeId, 'local\\_%'))))
    return (await stripeCustomerOf(db, userId)) ?? customer.id
  }

  async function invoicesOf(customer: string | null): Promise<Invoice[]> {
    if (!customer) return []
    try {
      const list = await stripe.invoices.list({ customer, limit: INVOICES_SHOWN })
      return list.data
        .filter((i) => i.status !== 'draft')
        .map((i) => ({
          id: i.id ?? '',
          date: new Date(i.created * 1000).toISOString(),
          amountCents: i.status === 'paid' ? i.amount_paid : i.amount_due,
          currencyCode: i.currency.toUpperCase(),
          status: i.status ?? 'open',
        }))
        .sort((a, b) => b.date.localeCompare(a.date))
    } catch (err) {
      throw stripeError('read the invoices', err)
    }
  }

  const payments: Payments = {
    kind: 'stripe',
    listProducts: products,

    async createPaymentLink(db, userId, productId, currency, origin) {
      if (!products(currency).some((p) => p.id === productId)) return null
      const price = config.prices[currency]
      if (!price)
        throw new AppError(
          502,
          'PAYMENT_PROVIDER_ERROR',
          `No Stripe price is set for ${currency} (STRIPE_PRICES)`,
        )
      const customer = await ensureCustomer(db, userId)
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: userId,
          line_items: [{ price, quantity: 1 }],
          subscription_data: { metadata: { userId, productId } },
          // Back on the app's trusted address; the app checks the subscription again at startup.
          success_url: `${origin}/?checkout=done`,
          cancel_url: `${origin}/`,
        })
        if (!session.url) throw new Error('Checkout answered no URL')
        return session.url
      } catch (err) {
        throw stripeError('open the checkout', err)
      }
    },

    async subscription(db, userId) {
      // A grace period that ran out closes the owner pages before we answer.
      await retailerSubscription(db, userId, config.graceDays, now())
      const customer = await stripeCustomerOf(db, userId)
      const [state, invoices] = await Promise.all([readState(db, userId), invoicesOf(customer)])
      return stripeSubscriptionView(db, userId, state, await currencyOf(db, userId), invoices, config, now())
    },

    async setCancelAtPeriodEnd(db, userId, cancel) {
      const state = await readState(db, userId)
      if (!state?.stripeSubscriptionId || state.status === 'CANCELED' || state.status === 'INCOMPLETE')
        throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'There is no active subscription to change')
      try {
        const sub = await stripe.subscriptions.update(state.stripeSubscriptionId, {
          cancel_at_period_end: cancel,
        })
        // Kept at once; the customer.subscription.updated event Stripe sends says the same.
        await saveState(db, userId, stateOfStripe(sub, state, now()))
      } catch (err) {
        throw stripeError('change the subscription', err)
      }
      return payments.subscription(db, userId)
    },

    async portalUrl(db, userId, origin) {
      const customer = await stripeCustomerOf(db, userId)
      if (!customer) throw conflict('SUBSCRIPTION_NOT_ACTIVE', 'There is no Stripe customer to manage yet')
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer,
          return_url: `${origin}/pages/profile`,
        })
        return session.url
      } catch (err) {
        throw stripeError('open the customer portal', err)
      }
    },

    async completeCheckout() {
      return 'unknown'
    },

    async webhook(db, raw, signature) {
      const event = verifyStripeEvent(stripe, config.webhookSecret, raw, signature, now())
      return { type: event.type, outcome: await applyStripeEvent(db, stripe, config, event, now()) }
    },
  }
  return payments
}
