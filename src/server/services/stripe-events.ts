// Stripe's webhook events (POST /stripe/webhook): verified with the library against
// STRIPE_WEBHOOK_SECRET (Stripe-Signature, 300 s tolerance, on our clock), handled once per event id
// (stripe_events), and never trusted for the subscription's state: events come late, twice or out of
// order, so each one makes us read the subscription as Stripe has it now and keep that.
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import type { PaymentsConfig } from '../adapters/payments/config'
import { readState, saveState } from '../adapters/payments/state'
import { stripeError } from '../adapters/payments/stripe-client'
import { opensOwnerPages, stateOfStripe } from '../adapters/payments/stripe-state'
import type { Db } from '../db/client'
import { stripeEvents, users } from '../db/schema'
import { badRequest } from '../errors'
import { setRetailerSubscription } from './subscriptions'

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature'
export type StripeEventOutcome = 'updated' | 'unchanged' | 'unknown-customer' | 'ignored' | 'replayed'

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

/** The subscription an event is about, by id (its own state is not used). */
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

/** The verified event; a 400 naming the header when the signature is missing, wrong or too old. */
export function verifyStripeEvent(
  stripe: Stripe,
  secret: string | undefined,
  raw: Buffer,
  signature: string | string[] | undefined,
  now: Date,
): Stripe.Event {
  const refuse = (message: string) =>
    badRequest('WEBHOOK_SIGNATURE_INVALID', message, { field: STRIPE_SIGNATURE_HEADER, in: 'headers' })
  if (!secret) throw refuse('No webhook secret is configured: the event cannot be verified')
  if (typeof signature !== 'string' || !signature) throw refuse('The Stripe-Signature header is missing')
  try {
    return stripe.webhooks.constructEvent(raw, signature, secret, undefined, undefined, now.getTime())
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError)
      throw refuse(
        /tolerance/i.test(err.message)
          ? 'The webhook signature is too old (more than 300 s)'
          : 'The webhook signature is wrong',
      )
    throw badRequest('WEBHOOK_INVALID_BODY', 'The webhook body is not a Stripe event')
  }
}

/** Applies a verified event once: the subscription as Stripe has it now sets our row and the flag. */
export async function applyStripeEvent(
  db: Db,
  stripe: Stripe,
  config: Pick<PaymentsConfig, 'graceDays'>,
  event: Stripe.Event,
  now: Date,
): Promise<StripeEventOutcome> {
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
  if (seen) return 'replayed'
  const subscriptionId = HANDLED.has(event.type) ? subscriptionIdOf(event) : null
  // Read outside the transaction; a failure is a 502 and Stripe sends the event again later.
  let sub: Stripe.Subscription | null = null
  if (subscriptionId)
    try {
      sub = await stripe.subscriptions.retrieve(subscriptionId)
    } catch (err) {
      throw stripeError('read the subscription', err)
    }
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (!fresh.length) return 'replayed'
    if (!sub) return 'ignored'
    const customer = idOf(sub.customer as string | { id: string })
    const [user] = customer
      ? await tx.select({ id: users.id }).from(users).where(eq(users.stripeId, customer))
      : []
    if (!user) return 'unknown-customer'
    const previous = await readState(tx, user.id)
    const change = stateOfStripe(sub, previous, now)
    // An older subscription's news (one ended before this one began) does not end the live one.
    const live = (s: string | undefined) => s === 'ACTIVE' || s === 'PAST_DUE'
    if (
      previous?.stripeSubscriptionId &&
      previous.stripeSubscriptionId !== sub.id &&
      live(previous.status) &&
      !live(change.status)
    )
      return 'ignored'
    await saveState(tx, user.id, change)
    const open = opensOwnerPages(
      { status: change.status ?? 'CANCELED', pastDueSince: change.pastDueSince ?? null },
      config.graceDays,
      now,
    )
    await setRetailerSubscription(tx, user.id, open)
    return 'updated'
  })
}
