// Automated marketing (issue 20): a franchise's three automations and the ledger of occasions each has
// messaged. A daily run (jobs/automations.ts) turns the clients who qualify into a campaign of their
// own (campaigns.automation_id) that the dispatch engine sends; automation_sends' unique key is what
// makes an occasion messaged once, whatever reruns, restarts or second workers do.
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
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
import { type CampaignCoupon, campaigns } from './tables-campaigns'
import { clients } from './tables-clients'
import { createdAt, franchiseKey, franchises, updatedAt, users } from './tables-core'

export const automatedMarketings = pgTable(
  'automated_marketings',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** BIRTHDAY, LOST_CUSTOMER, NEW_CUSTOMER: one of each per franchise. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** SMS or PUSH. */
    channel: text('channel').notNull().default('PUSH'),
    name: text('name').notNull(),
    notificationTitle: text('notification_title').notNull().default(''),
    message: text('message').notNull(),
    imageUrl: text('image_url'),
    link: text('link'),
    filters: jsonb('filters').$type<CampaignFilters>().notNull().default({}),
    coupon: jsonb('coupon').$type<CampaignCoupon>(),
    /** Birthdays: days before the birthday (0: on the day). */
    daysBefore: integer('days_before').notNull().default(0),
    /** New customers: days after the first visit. */
    delayDays: integer('delay_days').notNull().default(1),
    /** The last local day the run covered; switching on sets it to the day before. */
    lastRunDay: date('last_run_day', { mode: 'string' }),
    /** The last run's instant: null until a run happened (the screens' "Last run", issue 34). */
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /**
     * Lost customers: the instant the selection reached (the next run covers those lost since).
     * Switching on sets it, each run moves it; apart from lastRunAt, so that switching on is no run.
     */
    coveredUntil: timestamp('covered_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('automated_marketings_franchise_type_key').on(t.franchiseId, t.type),
    // The run's tick finds the franchises with an active automation not yet run today.
    index('automated_marketings_active_idx').on(t.lastRunDay).where(sql`${t.isActive}`),
  ],
)

/**
 * One row per occasion messaged: (automation, client, occasion) is unique — the occasion is the year
 * for a birthday, the day the lost episode started, 'first' for a new customer. Written in the same
 * transaction as the campaign recipient it makes.
 */
export const automationSends = pgTable(
  'automation_sends',
  {
    automationId: uuid('automation_id').notNull(),
    clientId: uuid('client_id').notNull(),
    occasion: text('occasion').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    franchiseKey('automation_sends_client_fk', t, t.clientId, clients).onDelete('cascade'),
    // Once per automation, client and occasion: the key a rerun's insert meets.
    primaryKey({
      name: 'automation_sends_occasion_key',
      columns: [t.automationId, t.clientId, t.occasion, t.franchiseId],
    }),
    franchiseKey('automation_sends_automation_fk', t, t.automationId, automatedMarketings).onDelete(
      'cascade',
    ),
    franchiseKey('automation_sends_campaign_fk', t, t.campaignId, campaigns).onDelete('cascade'),
    index('automation_sends_campaign_idx').on(t.campaignId),
  ],
)
