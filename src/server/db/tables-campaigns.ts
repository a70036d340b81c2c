// Campaigns (issue 18): the campaign, the audience frozen at send time with each recipient's delivery
// state, and the customers who answered STOP.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CampaignFilters } from '../../domain/campaigns'
import { createdAt, franchiseKey, franchises, updatedAt, users } from './tables-core'
import { news } from './tables-news'

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
    id: uuid('id').notNull().defaultRandom(),
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
    /** A NEWS campaign's news item (§3 newsId): linked, or created from the campaign when saved. */
    newsId: uuid('news_id'),
    /** §3 isNewsDifferentFromCampaign: the news has its own text (linked, or written apart). */
    isNewsDifferent: boolean('is_news_different').notNull().default(false),
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
    /**
     * Set on the campaign of one run of an automated marketing (issue 20; tables-automations.ts): not a
     * merchant's campaign, so the campaign history leaves it out. No foreign key: that table imports this one.
     */
    automationId: uuid('automation_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No action: a delete of the news clears this column first (Citus refuses SET NULL in a key with franchise_id).
    franchiseKey('campaigns_news_fk', t, t.newsId, news),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('campaigns_franchise_idx').on(t.franchiseId, t.createdAt),
    index('campaigns_automation_idx').on(t.automationId, t.startAt).where(sql`${t.automationId} is not null`),
  ],
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
    // No foreign keys on these two (migration 0025): a key is checked row by row, and freezing a
    // 500,000-client audience spent three quarters of its time in those checks. The rows come from the
    // campaign (locked) and its audience in one statement, and go with either by statement triggers
    // (sql/campaign_recipients_cascade.sql).
    campaignId: uuid('campaign_id').notNull(),
    clientId: uuid('client_id').notNull(),
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
    /**
     * The recipient's short link `/r/<code>`: 12 base64url characters of 9 bytes from the database's
     * strong random source (domain/short-links.ts), drawn when the row is first claimed for sending
     * (campaign-dispatch.ts LINK_CODE), so freezing an audience pays nothing for it and the control
     * group never has one. Unguessable and not enumerable: nothing in it names the campaign or client.
     */
    linkCode: text('link_code'),
    /** First open: the short link followed (SMS) or the app's call (push). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /**
     * The provider's idempotency key when not `campaign:<id>:<client>`: an automation's recipient carries
     * `automation:<automation>:<client>:<occasion>` (issue 20).
     */
    dedupeKey: text('dedupe_key'),
    /**
     * The provider's delivery receipt (issue 35 §3): DELIVERED, UNDELIVERED or FAILED, null until one
     * arrives; `deliveryError` is the provider's error code (Twilio 30003, Vonage err-code…).
     */
    delivery: text('delivery'),
    deliveryError: text('delivery_error'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.clientId, t.franchiseId] }),
    // A delivery receipt names the provider's message id only.
    index('campaign_recipients_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // Both partial: a frozen row has neither a code nor a send yet, so freezing an audience writes no
    // entry in either (migration 0025); a row gets them when it is claimed and sent.
    uniqueIndex('campaign_recipients_link_code_key').on(t.linkCode).where(sql`${t.linkCode} is not null`),
    // The inbound STOP finds the franchise that last messaged a phone (among rows sent).
    index('campaign_recipients_address_idx').on(t.address, t.sentAt).where(sql`${t.sentAt} is not null`),
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

/**
 * Phones an SMS provider refused for good (issue 35 §3: invalid, unreachable, or blocked by the carrier
 * after STOP — Twilio 21211, 21614, 21610; Vonage status 6, 15…): the franchise's dispatch never sends
 * to them again and its audiences leave them out (sql/client_audience_refresh.sql). Per franchise, like
 * every tenant row: one merchant's sends say nothing about another's clients, and another franchise
 * learns of a dead number by its own first refusal.
 */
export const smsUnreachablePhones = pgTable(
  'sms_unreachable_phones',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    provider: text('provider').notNull(),
    /** The provider's code for the refusal. */
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.franchiseId, t.phone] })],
)

/**
 * A delivery receipt that arrived before its send's answer recorded the provider's message id (the
 * provider can call back while our request is still reading its reply). Kept until that id is
 * written, then applied by the database in the same statement (sql/sms_early_receipts.sql); not a
 * tenant's row yet: the message id is all a receipt names. Rows a day old are dropped (not ours).
 */
export const smsEarlyReceipts = pgTable(
  'sms_early_receipts',
  {
    provider: text('provider').notNull(),
    messageId: text('message_id').notNull(),
    delivery: text('delivery').notNull(),
    errorCode: text('error_code'),
    /** The recipient, when the code says the number is gone for good. */
    unreachablePhone: text('unreachable_phone'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.messageId] })],
)

/**
 * A campaign's results, rolled up every minute (jobs/campaign-stats.ts) for the campaigns whose period
 * is open or closed less than a day ago: the stats calls read this row, never the ledger.
 */
export const campaignStats = pgTable(
  'campaign_stats',
  {
    campaignId: uuid('campaign_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    /** Recipients the message reached (SENT). */
    notified: integer('notified').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    /** Notified recipients whose provider's receipt said delivered (issue 35 §3). */
    delivered: integer('delivered').notNull().default(0),
    couponsIssued: integer('coupons_issued').notNull().default(0),
    couponsRedeemed: integer('coupons_redeemed').notNull().default(0),
    /** Notified recipients with a visit or sale in the period, or their coupon redeemed. */
    converted: integer('converted').notNull().default(0),
    turnoverCents: bigint('turnover_cents', { mode: 'number' }).notNull().default(0),
    /** The control group (HOLDOUT) and those of it with a visit or sale in the period. */
    holdout: integer('holdout').notNull().default(0),
    holdoutConverted: integer('holdout_converted').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.franchiseId] }),
    franchiseKey('campaign_stats_campaign_fk', t, t.campaignId, campaigns).onDelete('cascade'),
  ],
)
