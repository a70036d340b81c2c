// News and happy hours (issue 19, SPEC §3 News): one row per item, for the whole franchise (empty
// store_ids) or some of its stores. Dates are the franchise's local days; times its local clock.
import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, franchises, updatedAt, users } from './tables-core'

export const news = pgTable(
  'news',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    /** Empty: every store of the franchise. An array (not a link table): read with the row, overlap with &&. */
    storeIds: uuid('store_ids').array().notNull().default(sql`'{}'::uuid[]`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** happy-hours | news | other */
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    /** Cents in the franchise currency; null: no price. */
    priceCents: integer('price_cents'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** 'HH:MM', local; happy hours only. */
    happyHourStart: text('happy_hour_start'),
    happyHourEnd: text('happy_hour_end'),
    drinkType: text('drink_type'),
    customersOnly: boolean('customers_only').notNull().default(false),
    isStopped: boolean('is_stopped').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('news_franchise_period_idx').on(t.franchiseId, t.endDate, t.startDate),
  ],
)
