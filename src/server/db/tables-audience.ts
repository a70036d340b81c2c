// Rollups the campaign audience reads instead of the ledger (issue 18): visits and sales per client
// and local day, and the coordinates of postcodes for the radius filter.
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './tables-clients'

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
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    franchiseId: uuid('franchise_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.day] }),
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
