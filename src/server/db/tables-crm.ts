// The registration-form builder (issue 21, SPEC §3 CRM field) and the one-time phone codes of the
// public pages. The form is one row per franchise: its fields are read and saved whole (with a version
// so that two tabs cannot overwrite each other), and a client's values are one row per field.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { CrmField } from '../../domain/crm'
import { clients } from './tables-clients'
import { franchises, updatedAt } from './tables-core'

export const crmForms = pgTable('crm_forms', {
  franchiseId: uuid('franchise_id')
    .primaryKey()
    .references(() => franchises.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  /** The non-static fields, in the form's order (archived ones included). */
  fields: jsonb('fields').$type<CrmField[]>().notNull().default([]),
  updatedAt: updatedAt(),
})

export const clientCrmValues = pgTable(
  'client_crm_values',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    localId: text('local_id').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.localId] }),
    index('client_crm_values_field_idx').on(t.franchiseId, t.localId),
  ],
)

/** One row per code sent; a target (purpose, scope, phone) is locked after too many wrong codes. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** emarketing | game */
    purpose: text('purpose').notNull(),
    /** The franchise (landing page) or the game the code is for. */
    scopeId: uuid('scope_id').notNull(),
    phone: text('phone').notNull(),
    /** sha256 of the row id and the code: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** sha256 of the proof handed out when the code was confirmed. */
    proofHash: text('proof_hash'),
    proofExpiresAt: timestamp('proof_expires_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_target_idx').on(t.purpose, t.scopeId, t.phone, t.sentAt)],
)
