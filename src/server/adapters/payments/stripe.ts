// Stripe (issue 35 §1) through its official library: customers, subscriptions through Checkout (mode
// `subscription`, the price of the user's currency), "Manage the subscription" through the customer
// portal, invoices, and its webhook events verified against STRIPE_WEBHOOK_SECRET (Stripe-Signature,
// 300 s tolerance, on our clock). What we keep of them (the customer as the user's stripeId, the
// subscription's state) is services/payments-stripe.ts and services/stripe-events.ts.
import type Stripe from 'stripe'
import type { CurrencyCode } from '../../../domain/constants'
import type { Invoice } from '../../../domain/subscription'
import { AppError, badRequest } from '../../errors'
import { products } from './catalogue'
import type { PaymentsConfig } from './config'
import { STRIPE_SIGNATURE_HEADER, stripeClient, stripeError, stripeLibrary } from './stripe-client'
import type { ProviderEvent, ProviderSubscription, StripeProvider } from './types'

const INVOICES_SHOWN = 24

/** The events that may change a subscription: each makes us read it as Stripe has it now. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
])

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** The subscription an event is about, by id (its own state is not used: events come late or twice). */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>
  if (event.type.startsWith('customer.subscription.')) return (object.id as string) ?? null
  if (event.type === 'checkout.session.completed') return idOf(object.subscription as string | null)
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as {
      subscription_details?: { subscription?: string | { id: string } }
    } | null
    return idOf(parent?.subscription_details?.subscription ?? (object.subscription as string | undefined))
  }
  return null
}

/** Our status for Stripe's: trialing counts as active; unpaid, paused and expired as ended. */
function statusOf(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'ACTIVE'
  if (status === 'past_due') return 'PAST_DUE'
  if (status === 'incomplete') return 'INCOMPLETE'
  return 'CANCELED'
}

/** A Stripe subscription in our terms. */
export function subscriptionOfStripe(sub: Stripe.Subscription): ProviderSubscription {
  const status = statusOf(sub.status)
  // The period sits on the subscription's items since API version 2025-03-31; the end of a
  // cancellation asked in the portal may come as cancel_at instead of cancel_at_period_end.
  const itemEnd = sub.items?.data?.[0]?.current_period_end
  const end = sub.cancel_at ?? itemEnd ?? null
  return {
    id: sub.id,
    customer: idOf(sub.customer as string | { id: string }),
    status,
    cancelAtPeriodEnd: status !== 'CANCELED' && (sub.cancel_at_period_end || sub.cancel_at !== null),
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    planId: sub.metadata?.productId || null,
  }
}

export function stripePayments(
  config: PaymentsConfig,
  now: () => Date = () => new Date(),
  stripe: Stripe = stripeClient(config),
): StripeProvider {
  return {
    kind: 'stripe',
    listProducts: products,

    priceOf(currency: CurrencyCode) {
      const price = config.prices[currency]
      if (!price)
        throw new AppError(
          502,
          'PAYMENT_PROVIDER_ERROR',
          `No Stripe price is set for ${currency} (STRIPE_PRICES)`,
        )
      return price
    },

    async createCustomer({ userId, email, name }) {
      try {
        const customer = await stripe.customers.create(
          { email, ...(name ? { name } : {}), metadata: { userId } },
          { idempotencyKey: `customer-${userId}` },
        )
        return customer.id
      } catch (err) {
        throw stripeError('create the customer', err)
      }
    },

    async openCheckout({ customer, userId, productId, price, origin }) {
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

    async invoices(customer): Promise<Invoice[]> {
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
    },

    async subscription(id) {
      try {
        return subscriptionOfStripe(await stripe.subscriptions.retrieve(id))
      } catch (err) {
        throw stripeError('read the subscription', err)
      }
    },

    async setCancelAtPeriodEnd(id, cancel) {
      try {
        return subscriptionOfStripe(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }))
      } catch (err) {
        throw stripeError('change the subscription', err)
      }
    },

    async portalUrl(customer, origin) {
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

    verifyEvent(raw, signature): ProviderEvent {
      const refuse = (message: string) =>
        badRequest('WEBHOOK_SIGNATURE_INVALID', message, { field: STRIPE_SIGNATURE_HEADER, in: 'headers' })
      if (!config.webhookSecret) throw refuse('No webhook secret is configured: the event cannot be verified')
      if (typeof signature !== 'string' || !signature) throw refuse('The Stripe-Signature header is missing')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(
          raw,
          signature,
          config.webhookSecret,
          undefined,
          undefined,
          now().getTime(),
        )
      } catch (err) {
        if (err instanceof stripeLibrary().errors.StripeSignatureVerificationError)
          throw refuse(
            /tolerance/i.test(err.message)
              ? 'The webhook signature is too old (more than 300 s)'
              : 'The webhook signature is wrong',
          )
        throw badRequest('WEBHOOK_INVALID_BODY', 'The webhook body is not a Stripe event')
      }
      return {
        id: event.id,
        type: event.type,
        subscriptionId: HANDLED.has(event.type) ? subscriptionIdOf(event) : null,
      }
    },
  }
}
