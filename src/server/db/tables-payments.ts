// The retailer subscription's state (issue 24 #3): its plan, whether it is active, when the current
// period ends (the next renewal, or the end when a cancellation is asked) and whether it ends then.
// The local checkout writes it; with the HTTP provider its webhook keeps it (routes/payments.ts).
// The user's isSubscribedRetailer flag stays what the access checks read.
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './tables-core'

export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull(),
  /** ACTIVE or CANCELED (ended). */
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
