// The retailer subscription's state (issue 24 #3): its plan, whether it is active, when the current
// period ends (the next renewal, or the end when a cancellation is asked) and whether it ends then.
// The local checkout writes it; with Stripe its webhook keeps it (routes/stripe-webhook.ts).
// The user's isSubscribedRetailer flag stays what the access checks read.
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './tables-core'

export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  /** ACTIVE, PAST_DUE (a renewal failed: open during the grace period) or CANCELED (ended). */
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** When a renewal first failed (PAST_DUE); the grace period counts from here. */
  pastDueSince: timestamp('past_due_since', { withTimezone: true }),
  /** Stripe's subscription id (sub_…); null with the local checkout. */
  stripeSubscriptionId: text('stripe_subscription_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Stripe events already handled, by event id: a replayed or retried delivery changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
