// The retailer subscription as the profile's "Manage the subscription" screen shows it (issue 24 #3,
// SPEC §7 /stripe/subscriptions): the plan, its state, the next renewal (or the end, once a
// cancellation is asked), the invoices; and what the merchant may do with it.
import { addMonths } from 'date-fns/addMonths'
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  optional,
  string,
  type,
} from 'superstruct'

export const Invoice = type({
  id: string(),
  date: string(),
  amountCents: number(),
  currencyCode: string(),
  status: string(),
})
export type Invoice = Infer<typeof Invoice>

export const Plan = type({ id: string(), name: string(), amountCents: number(), currencyCode: string() })
export type Plan = Infer<typeof Plan>

export const SubscriptionDetail = type({
  status: enums(['active', 'inactive']),
  isSubscribedRetailer: boolean(),
  since: optional(nullable(string())),
  plan: optional(nullable(Plan)),
  /** Active, and ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: optional(boolean()),
  /** The next renewal, or the end when `cancelAtPeriodEnd`. */
  currentPeriodEnd: optional(nullable(string())),
  invoices: optional(array(Invoice)),
  /** How the merchant manages it: on this screen (local checkout), or in Stripe's customer portal. */
  manage: optional(enums(['local', 'portal'])),
  /** A renewal failed: the owner pages stay open until `closesAt` (the grace period), then close. */
  pastDue: optional(nullable(type({ since: string(), closesAt: string(), closed: boolean() }))),
})
export type SubscriptionDetail = Infer<typeof SubscriptionDetail>

/** The state the screen names: renewing, ending at the period's end, or none. */
export type SubscriptionState = 'active' | 'ending' | 'inactive'
export function subscriptionState(
  s: Pick<SubscriptionDetail, 'status' | 'cancelAtPeriodEnd'>,
): SubscriptionState {
  if (s.status !== 'active') return 'inactive'
  return s.cancelAtPeriodEnd ? 'ending' : 'active'
}

/** Cancel only a renewing subscription; resume only one that ends and has not ended yet. */
export const canCancel = (s: SubscriptionDetail) => subscriptionState(s) === 'active'
export const canResume = (s: SubscriptionDetail, now: Date) =>
  subscriptionState(s) === 'ending' && !!s.currentPeriodEnd && new Date(s.currentPeriodEnd) > now

/** The end of the monthly period running at `now`, counted from `anchor` (the last payment). */
export function periodEnd(anchor: Date, now: Date): Date {
  // Counted from the anchor each time, so that a 31st stays the month's last day (addMonths clamps).
  let months = 1
  while (addMonths(anchor, months) <= now) months++
  return addMonths(anchor, months)
}

/** What the payments provider's webhook did with an event. */
export const PaymentWebhookResponse = type({
  received: literal(true),
  outcome: enums(['updated', 'unchanged', 'unknown-customer', 'ignored', 'replayed']),
})
