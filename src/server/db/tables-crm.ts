// The registration-form builder (issue 21, SPEC §3 CRM field), the one-time phone codes of the
// public pages and the devices that proved a phone on the scan page. The form is one row per franchise: its fields are read and saved whole (with a version
// so that two tabs cannot overwrite each other), and a client's values are one row per field.
import {
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
import type { CrmField } from '../../domain/crm'
import { clients } from './tables-clients'
import { franchiseKey, franchises, updatedAt } from './tables-core'

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
    clientId: uuid('client_id').notNull(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    localId: text('local_id').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    franchiseKey('client_crm_values_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.clientId, t.localId, t.franchiseId] }),
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

/**
 * A device on which a customer proved their phone on the scan page (issue 24 #4): its cookie carries
 * the row id and a random token (stored hashed), signed; revoking the row forgets the device.
 */
export const scanDevices = pgTable(
  'scan_devices',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('scan_devices_phone_idx').on(t.franchiseId, t.phone),
  ],
)

/**
 * The push registration tokens of a client's app installations (issue 35 §4), registered by a device
 * that proved the client's phone. A token names one installation: registered again by another client
 * (a phone changing hands) it moves to them. FCM's UNREGISTERED or invalid-token answer deletes the row.
 */
export const clientPushTokens = pgTable(
  'client_push_tokens',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    token: text('token').notNull(),
    /** android | ios | web */
    platform: text('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last time the app registered it (refreshed on every app start). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    franchiseKey('client_push_tokens_client_fk', t, t.clientId, clients).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.franchiseId] }),
    uniqueIndex('client_push_tokens_token_key').on(t.franchiseId, t.token),
    index('client_push_tokens_client_idx').on(t.clientId),
  ],
)
