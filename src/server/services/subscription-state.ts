// The subscription state kept in our database (tables-payments.ts): written by the local checkout, by
// a change the merchant asked Stripe for, and by Stripe's webhook; and the grace period of a failed
// renewal read from it.
import { eq } from 'drizzle-orm'
import type { ProviderSubscription } from '../adapters/payments'
import type { Db, Tx } from '../db/client'
import { subscriptions } from '../db/schema'

const DAY_MS = 86_400_000

export type SubscriptionState = typeof subscriptions.$inferSelect
export type StateChange = Partial<Omit<SubscriptionState, 'userId' | 'updatedAt'>>

export async function readState(db: Db | Tx, userId: string): Promise<SubscriptionState | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
  return row
}

/** Creates or updates the user's row with what is given (the plan defaults to the one we sell). */
export async function saveState(db: Db | Tx, userId: string, change: StateChange): Promise<void> {
  const set = { ...change, updatedAt: new Date() }
  await db
    .insert(subscriptions)
    .values({ userId, planId: 'loyalty-pro-monthly', status: 'ACTIVE', ...set })
    .onConflictDoUpdate({ target: subscriptions.userId, set })
}

/** What our row keeps of the provider's subscription; a renewal that keeps failing keeps its first failure's date. */
export function stateOfProvider(
  sub: ProviderSubscription,
  previous: SubscriptionState | undefined,
  now: Date,
): StateChange {
  return {
    ...(sub.planId ? { planId: sub.planId } : {}),
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    pastDueSince: sub.status === 'PAST_DUE' ? (previous?.pastDueSince ?? now) : null,
    stripeSubscriptionId: sub.id,
  }
}

/** When the owner pages close after a failed renewal; null unless past due. */
export function graceEndOf(
  state: Pick<SubscriptionState, 'status' | 'pastDueSince'> | undefined,
  graceDays: number,
): Date | null {
  if (state?.status !== 'PAST_DUE' || !state.pastDueSince) return null
  return new Date(state.pastDueSince.getTime() + graceDays * DAY_MS)
}

/** Whether this state opens the owner pages: active, or past due within the grace period. */
export function opensOwnerPages(
  state: Pick<SubscriptionState, 'status' | 'pastDueSince'>,
  graceDays: number,
  now: Date,
): boolean {
  if (state.status === 'ACTIVE') return true
  const end = graceEndOf(state, graceDays)
  return !!end && now < end
}
