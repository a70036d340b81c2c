// Points expiry (issue 23; domain/expiry.ts): a franchise's setting, and the reminders sent, one per
// client and expiring batch. The expiry itself is ledger rows (type 'expiry', reference
// `expiry:<client>:<day>`, unique per client and day: points_tx_expiry_key in tables-clients.ts).
import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core'
import { campaigns } from './tables-campaigns'
import { clients } from './tables-clients'
import { createdAt, franchiseKey, franchises, updatedAt } from './tables-core'

export const pointsExpirySettings = pgTable(
  'points_expiry_settings',
  {
    franchiseId: uuid('franchise_id')
      .primaryKey()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    /**
     * Names the reminder campaigns (campaigns.automation_id): like an automated marketing's runs they
     * are the engine's, not the merchant's, so the campaign history leaves them out.
     */
    id: uuid('id').notNull().defaultRandom(),
    /** OFF, INACTIVITY or BATCH. */
    mode: text('mode').notNull().default('OFF'),
    months: integer('months').notNull().default(12),
    reminderEnabled: boolean('reminder_enabled').notNull().default(false),
    /** SMS or PUSH. */
    reminderChannel: text('reminder_channel').notNull().default('SMS'),
    reminderTitle: text('reminder_title').notNull().default(''),
    reminderMessage: text('reminder_message').notNull().default(''),
    /** The last local day the nightly run finished. */
    lastRunDay: date('last_run_day', { mode: 'string' }),
    /**
     * The local day of the first night run of the rule (mode, months) last saved: nothing runs before
     * it, and with the reminder on nothing expires before the reminder's lead time after it (issue 34).
     * Null for a rule saved before: it runs as it did.
     */
    firstRunDay: date('first_run_day', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('points_expiry_settings_id_unique').on(t.id, t.franchiseId),
    index('points_expiry_settings_due_idx').on(t.lastRunDay).where(sql`${t.mode} <> 'OFF'`),
  ],
)

/**
 * One row per client and expiring batch reminded: the earning row's id (BATCH), or
 * `inactive:<expiry day>` (INACTIVITY). Written with the campaign recipient it makes, so a batch is
 * reminded once whatever reruns, restarts or second workers do.
 */
export const pointsExpiryReminders = pgTable(
  'points_expiry_reminders',
  {
    clientId: uuid('client_id').notNull(),
    batch: text('batch').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    campaignId: uuid('campaign_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    franchiseKey('points_expiry_reminders_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.batch, t.franchiseId] }),
    franchiseKey('points_expiry_reminders_campaign_fk', t, t.campaignId, campaigns).onDelete('cascade'),
    index('points_expiry_reminders_campaign_idx').on(t.campaignId),
  ],
)
