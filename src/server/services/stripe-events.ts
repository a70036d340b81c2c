// Stripe's webhook events (POST /stripe/webhook), once the adapter verified them: handled once per
// event id (stripe_events), and never trusted for the subscription's state: events come late, twice or
// out of order, so each one makes us read the subscription as Stripe has it now and keep that.
import { eq } from 'drizzle-orm'
import type { ProviderEvent, ProviderSubscription, StripeProvider } from '../adapters/payments'
import type { Db } from '../db/client'
import { stripeEvents, users } from '../db/schema'
import { opensOwnerPages, readState, saveState, stateOfProvider } from './subscription-state'
import { setRetailerSubscription } from './subscriptions'

export type StripeEventOutcome = 'updated' | 'unchanged' | 'unknown-customer' | 'ignored' | 'replayed'

/** Applies a verified event once: the subscription as Stripe has it now sets our row and the flag. */
export async function applyStripeEvent(
  db: Db,
  stripe: Pick<StripeProvider, 'subscription'>,
  config: { graceDays: number },
  event: ProviderEvent,
  now: Date,
): Promise<StripeEventOutcome> {
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
  if (seen) return 'replayed'
  // Read outside the transaction; a failure is a 502 and Stripe sends the event again later.
  const sub: ProviderSubscription | null = event.subscriptionId
    ? await stripe.subscription(event.subscriptionId)
    : null
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (!fresh.length) return 'replayed'
    if (!sub) return 'ignored'
    const [user] = sub.customer
      ? await tx.select({ id: users.id }).from(users).where(eq(users.stripeId, sub.customer))
      : []
    if (!user) return 'unknown-customer'
    const previous = await readState(tx, user.id)
    const change = stateOfProvider(sub, previous, now)
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
