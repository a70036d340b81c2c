// E-marketing landing pages (issue 21, SPEC §3 E-marketing): one page per franchise under a link that is
// unique across franchises (/e/<link>), its visits and registrations per day, and who registered.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { clients } from './tables-clients'
import { createdAt, franchiseKey, franchises, updatedAt, users } from './tables-core'

export const emarketings = pgTable(
  'emarketings',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    logo: text('logo'),
    /** The public page's slug, lower-case (domain/emarketing.ts SLUG_PATTERN). */
    link: text('link').notNull(),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull(),
    tertiaryColor: text('tertiary_color').notNull(),
    registrationPoints: integer('registration_points').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('emarketings_franchise_key').on(t.franchiseId),
    uniqueIndex('emarketings_link_key').on(t.link),
    check('emarketings_points_positive', sql`${t.registrationPoints} > 0`),
  ],
)

/** The merchant's counters, one row per page and local day: a page view or a registration is one upsert. */
export const emarketingDays = pgTable(
  'emarketing_days',
  {
    emarketingId: uuid('emarketing_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    registrations: integer('registrations').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.emarketingId, t.day, t.franchiseId] }),
    franchiseKey('emarketing_days_emarketing_fk', t, t.emarketingId, emarketings).onDelete('cascade'),
  ],
)

/**
 * A client acquired through the page: at most one row per client, written in the transaction that
 * creates the client and credits its points, so the points are credited once. Consent to marketing
 * messages is recorded here with its time (the proof a regulator asks for).
 */
export const emarketingRegistrations = pgTable(
  'emarketing_registrations',
  {
    clientId: uuid('client_id').notNull(),
    emarketingId: uuid('emarketing_id').notNull(),
    franchiseId: uuid('franchise_id').notNull(),
    marketingConsent: boolean('marketing_consent').notNull(),
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
    consentAt: timestamp('consent_at', { withTimezone: true }),
  },
  (t) => [
    franchiseKey('emarketing_registrations_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.franchiseId] }),
    franchiseKey('emarketing_registrations_emarketing_fk', t, t.emarketingId, emarketings).onDelete(
      'cascade',
    ),
  ],
)
