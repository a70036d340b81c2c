// Rollups the campaign audience reads instead of the ledger (issue 18): one narrow row per client with
// every filterable value, visits and sales per client and local day, and the coordinates of postcodes
// for the radius filter.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './tables-clients'
import { franchiseKey } from './tables-core'

/**
 * What the campaign filters read of a client, in one narrow row (migration 0025): the client row is
 * ~400 bytes with eleven indexes, and an audience count over it read a million of them. Kept exact, in
 * the same transaction, by triggers on clients, client_balances, client_stores, sms_opt_outs and
 * sms_unreachable_phones (sql/client_audience_refresh.sql, sql/client_audience_triggers.sql). `sms` is
 * the SMS channel's rule (a number of a §9 SMS country, sql/sms_reachable.sql, not opted out of this
 * franchise nor refused for good by its provider), so the SMS
 * audience is the `where sms` part of each index below, and a count is an index-only range of one.
 */
export const clientAudience = pgTable(
  'client_audience',
  {
    clientId: uuid('client_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    sms: boolean('sms').notNull(),
    phone: text('phone'),
    appLastUsedAt: timestamp('app_last_used_at', { withTimezone: true }),
    gender: text('gender'),
    birthDate: text('birth_date'),
    postcode: text('postcode'),
    acquiredFrom: text('acquired_from').notNull(),
    points: integer('points').notNull(),
    collected: integer('collected').notNull(),
    averageBasketKey: bigint('average_basket_key', { mode: 'number' }).notNull(),
    weeklyBasketKey: bigint('weekly_basket_key', { mode: 'number' }).notNull(),
    lastVisitKey: timestamp('last_visit_key', { withTimezone: true }).notNull(),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    /** The stores the client visited (client_stores), sorted. */
    storeIds: uuid('store_ids').array().notNull(),
    /**
     * The client's visits as local days, sorted, a day once per visit (client_visit_days, migration
     * 0037): the visits in a period are two binary searches in this row (`width_bucket`), instead of
     * grouping hundreds of thousands of clients' days for every count.
     */
    visitDays: date('visit_days', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
  },
  // Three more are hand-written in migration 0025 (INCLUDE columns drizzle cannot declare):
  // client_audience_acquired_idx (franchise_id, acquired_from, gender, birth_date) INCLUDE (points),
  // client_audience_type_idx (franchise_id, last_visit_key) INCLUDE (the client-type and store columns)
  // and client_audience_sms_idx (franchise_id, client_id) WHERE sms, for the visit periods' clients.
  (t) => {
    const sms = sql`${t.sms}`
    return [
      primaryKey({ columns: [t.clientId, t.franchiseId] }),
      franchiseKey('client_audience_client_fk', t, t.clientId, clients).onDelete('cascade'),
      index('client_audience_points_idx').on(t.franchiseId, t.points).where(sms),
      index('client_audience_collected_idx').on(t.franchiseId, t.collected).where(sms),
      index('client_audience_gender_idx').on(t.franchiseId, t.gender, t.birthDate).where(sms),
      index('client_audience_basket_idx').on(t.franchiseId, t.averageBasketKey).where(sms),
      index('client_audience_weekly_idx').on(t.franchiseId, t.weeklyBasketKey).where(sms),
      index('client_audience_postcode_idx').on(t.franchiseId, t.postcode).where(sms),
      index('client_audience_app_idx').on(t.franchiseId, t.appLastUsedAt),
    ]
  },
)

/**
 * One row per client and day on which the ledger has a visit or a sale of that client, kept exact by a
 * statement trigger on `points_transactions` (sql/client_visit_days_trigger.sql) and backfilled by
 * migration 0022. `day` is the franchise's local calendar day of the ledger row (its time zone when the
 * row was written). A visit is a ledger row of type `tag` or `sync` — the ledger's own default visit
 * (ledger_move.sql) and what analytics counts (analytics_days.visits); a sale is a row with a positive
 * amount (ledger_move's sale, the client's sales_count). The ledger is append-only and has no refund
 * type: a reversal is a debit, neither a visit nor a sale, so it changes nothing here.
 */
export const clientVisitDays = pgTable(
  'client_visit_days',
  {
    clientId: uuid('client_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    franchiseKey('client_visit_days_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.day, t.franchiseId] }),
    // A visit period is a range of this index, read without the table (visits is in the key).
    index('client_visit_days_period_idx').on(t.franchiseId, t.day, t.clientId, t.visits),
  ],
)

/**
 * Coordinates of postcodes (a place's centre) per country (ISO alpha-3, like franchises.code_alpha3),
 * for the radius filter: a client is within a radius when its postcode's coordinates are. Not tenant
 * data: the same postcode is at the same place for every franchise.
 */
export const postcodeLocations = pgTable(
  'postcode_locations',
  {
    country: text('country').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.postcode] }),
    index('postcode_locations_lat_idx').on(t.country, t.lat),
  ],
)
