// What our row keeps of a Stripe subscription, the grace period of a failed renewal, and the
// "Manage the subscription" answer built from them.
import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { CurrencyCode } from '../../../domain/constants'
import type { Invoice } from '../../../domain/subscription'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { products } from './catalogue'
import type { PaymentsConfig } from './config'
import type { Subscription } from './index'
import type { SubscriptionState } from './state'

const DAY_MS = 86_400_000
type Change = Partial<Omit<SubscriptionState, 'userId' | 'updatedAt'>>

/** Our status for Stripe's: trialing counts as active; unpaid, paused and expired as ended. */
export function statusOf(
  status: Stripe.Subscription.Status,
): 'ACTIVE' | 'PAST_DUE' | 'INCOMPLETE' | 'CANCELED' {
  if (status === 'active' || status === 'trialing') return 'ACTIVE'
  if (status === 'past_due') return 'PAST_DUE'
  if (status === 'incomplete') return 'INCOMPLETE'
  return 'CANCELED'
}

/** The subscription as Stripe has it now; a renewal that keeps failing keeps its first failure's date. */
export function stateOfStripe(
  sub: Stripe.Subscription,
  previous: SubscriptionState | undefined,
  now: Date,
): Change {
  const status = statusOf(sub.status)
  // The period sits on the subscription's items since API version 2025-03-31; the end of a
  // cancellation asked in the portal may come as cancel_at instead of cancel_at_period_end.
  const itemEnd = sub.items?.data?.[0]?.current_period_end
  const end = sub.cancel_at ?? itemEnd ?? null
  const productId = sub.metadata?.productId
  return {
    ...(productId ? { planId: productId } : {}),
    status,
    cancelAtPeriodEnd: status !== 'CANCELED' && (sub.cancel_at_period_end || sub.cancel_at !== null),
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    pastDueSince: status === 'PAST_DUE' ? (previous?.pastDueSince ?? now) : null,
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

export async function stripeSubscriptionView(
  db: Db,
  userId: string,
  state: SubscriptionState | undefined,
  currency: CurrencyCode,
  invoices: Invoice[],
  config: Pick<PaymentsConfig, 'graceDays'>,
  now: Date,
): Promise<Subscription> {
  const [user] = await db.select({ sub: users.isSubscribedRetailer }).from(users).where(eq(users.id, userId))
  const live = state?.status === 'ACTIVE' || state?.status === 'PAST_DUE'
  const plan = products(currency).find((p) => p.id === state?.planId) ?? products(currency)[0]!
  const graceEnd = graceEndOf(state, config.graceDays)
  const paid = invoices.filter((i) => i.status === 'paid')
  return {
    status: live ? 'active' : 'inactive',
    isSubscribedRetailer: !!user?.sub,
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
