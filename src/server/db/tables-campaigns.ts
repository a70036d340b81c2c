// Campaigns (issue 18): the campaign, the audience frozen at send time with each recipient's delivery
// state, and the customers who answered STOP.
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CampaignFilters } from '../../domain/campaigns'
import { clients } from './tables-clients'
import { createdAt, franchises, updatedAt, users } from './tables-core'

/** A coupon a campaign issues to each recipient (SPEC §3 Coupon). */
export type CampaignCoupon = {
  type: 'flat' | 'percentage' | 'product'
  value: number | null
  header: string
  productDescription?: string | null
  termsOfUse?: string | null
  validity: { value: number; unit: 'days' | 'weeks' | 'months' }
}

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** BIRTHDAY, LOST_CUSTOMER, NEW_CUSTOMER, MANUAL_CAMPAIGN */
    type: text('type').notNull(),
    /** NEWS, COUPON_AMOUNT, COUPON_PERCENT, COUPON_PRODUCT */
    content: text('content').notNull(),
    /** SMS or PUSH */
    channel: text('channel').notNull(),
    /** DRAFT, VALID, CANCELLED */
    state: text('state').notNull().default('DRAFT'),
    title: text('title').notNull().default(''),
    message: text('message').notNull(),
    imageUrl: text('image_url'),
    link: text('link'),
    filters: jsonb('filters').$type<CampaignFilters>().notNull().default({}),
    coupon: jsonb('coupon').$type<CampaignCoupon>(),
    /** Per cent of the audience kept as a control group, never messaged. */
    holdoutPercent: integer('holdout_percent').notNull().default(0),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /**
     * The engine's state: IDLE (not sent), QUEUED (waiting for its start or the window), SENDING,
     * PAUSED (by the merchant or the circuit breaker: `pauseReason`), SENT, CANCELLED.
     */
    dispatch: text('dispatch').notNull().default('IDLE'),
    pauseReason: text('pause_reason'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_franchise_idx').on(t.franchiseId, t.createdAt)],
)

/**
 * The audience of a campaign, frozen when it is sent: one row per client, moving PENDING → SENDING →
 * SENT or ERROR (or SKIPPED when consent is gone at the moment of sending, CANCELLED when the campaign
 * is, HOLDOUT for the control group). The row is the unit of exactly-once: it is claimed before the
 * provider is called, and a row left SENDING by a crash is settled from the provider's record.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    franchiseId: uuid('franchise_id').notNull(),
    channel: text('channel').notNull(),
    /** The phone number (SMS) or the client's app address (push) when frozen. */
    address: text('address').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    couponId: uuid('coupon_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.clientId] }),
    index('campaign_recipients_pending_idx')
      .on(t.campaignId, t.status)
      .where(sql`${t.status} in ('PENDING', 'SENDING')`),
  ],
)

/** Customers who answered STOP to a franchise's SMS: never messaged by it again. */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.franchiseId, t.phone] })],
)
