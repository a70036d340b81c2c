// Outgoing signed webhooks (issue 23): a franchise's endpoints, the events recorded for them (a
// transactional outbox: the triggers of sql/webhook_events_trigger.sql write them in the transaction
// of the change they report) and one delivery per event and endpoint, which the delivery job
// (services/webhooks-delivery.ts) claims, sends, and retries with backoff for 24 h.
import { sql } from 'drizzle-orm'
import {
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
import { createdAt, franchiseKey, franchises, updatedAt } from './tables-core'

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').notNull().defaultRandom(),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** domain/webhooks.ts WEBHOOK_EVENTS; an array so the triggers test `type = any(events)`. */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** `whsec_` + base64 key (Standard Webhooks); kept to sign with, never answered after creation. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, signing too until previousSecretExpiresAt. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('webhook_endpoints_franchise_idx').on(t.franchiseId),
  ],
)

/** What happened, once per event whatever the number of endpoints: ids and figures, no personal field. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The `webhook-id` receivers deduplicate on: the same on every attempt and after a crash. */
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    franchiseId: uuid('franchise_id')
      .notNull()
      .references(() => franchises.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    index('webhook_events_franchise_idx').on(t.franchiseId, t.createdAt),
  ],
)

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').notNull().default(sql`uuid_v7()`),
    franchiseId: uuid('franchise_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    /** domain/webhooks.ts DELIVERY_STATUSES. */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time (PENDING, RETRYING) or the end of the sender's lease (SENDING); null when settled. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    /** Why the last attempt failed: a status, `timeout`, `refused address` … never the answer's body. */
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.franchiseId] }),
    franchiseKey('webhook_deliveries_endpoint_fk', t, t.endpointId, webhookEndpoints).onDelete('cascade'),
    franchiseKey('webhook_deliveries_event_fk', t, t.eventId, webhookEvents).onDelete('cascade'),
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId, t.franchiseId),
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt),
    // The log's purge deletes events in bulk: each cascades to its deliveries by this column.
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('PENDING', 'RETRYING', 'SENDING')`),
  ],
)
