// Analytics rollups (analytics issue): per store and per day figures the dashboards read instead of
// the ledger. A pg-boss job (src/server/jobs/analytics.ts) keeps them, never the ledger's write path.
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { franchises } from './tables-core'

/**
 * One row per franchise, store and day (the franchise's local day). `storeId` null is the whole
 * franchise: its distinct-client figures (visitors, new, returning) cannot be summed from its stores,
 * because one client may visit two stores. Every row is recomputed from the ledger, never
 * incremented, so re-reading rows twice changes nothing.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    /** A key of its own (migration 0053): the natural key's store is null on the franchise's row. */
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    /** No foreign key: a deleted store's history stays in the franchise's figures. */
    storeId: uuid('store_id'),
    day: date('day', { mode: 'string' }).notNull(),
    /** Ledger rows of type tag/sync (a scan or a sale at the counter). */
    visits: integer('visits').notNull().default(0),
    /** Distinct clients who visited that day. */
    visitors: integer('visitors').notNull().default(0),
    /** Visitors whose first visit (to the store; to the franchise for the franchise row) was that day. */
    newClients: integer('new_clients').notNull().default(0),
    /** Visitors who had come before: visitors − new clients. */
    returningClients: integer('returning_clients').notNull().default(0),
    pointsEarned: bigint('points_earned', { mode: 'number' }).notNull().default(0),
    /** Points spent (redeemed offers and debits), as a positive number. */
    pointsSpent: bigint('points_spent', { mode: 'number' }).notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
    /** Sales made by returning visitors: what the programme brought back (ROI). */
    returningSalesCents: bigint('returning_sales_cents', { mode: 'number' }).notNull().default(0),
    offersRedeemed: integer('offers_redeemed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    unique('analytics_days_key').on(t.franchiseId, t.storeId, t.day).nullsNotDistinct(),
    index('analytics_days_store_idx').on(t.storeId, t.day),
  ],
)

/** Where the rollup job got to in the ledger (one row per job name). */
export const analyticsWatermarks = pgTable('analytics_watermarks', {
  name: text('name').primaryKey(),
  /** Ledger rows created before this instant are rolled up (less the overlap re-read each run). */
  watermark: timestamp('watermark', { withTimezone: true }).notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Clients per franchise and postcode ('' when unknown), kept exact by triggers on `clients`
 * (sql/analytics_postcodes_trigger.sql and analytics_postcodes_row_trigger.sql): top postcodes never
 * group a million clients. The update trigger fires only when a postcode changes, so the ledger's
 * client updates pay nothing but its WHEN test.
 */
export const analyticsPostcodes = pgTable(
  'analytics_postcodes',
  {
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    postcode: text('postcode').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.franchiseId, t.postcode] }),
    index('analytics_postcodes_rank_idx').on(t.franchiseId, t.n),
  ],
)
