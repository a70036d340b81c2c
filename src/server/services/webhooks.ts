// Outgoing webhooks (issue 23): a franchise's endpoints (secrets made here, shown once, rotatable
// with an overlap), the "send test event" button and the delivery log. Events themselves are recorded
// by the database's triggers (sql/webhook_events_trigger.sql); services/webhooks-delivery.ts sends them.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import {
  SECRET_OVERLAP_MS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointPatch,
  type WebhookSecretResponse,
  webhookUrlProblem,
} from '../../domain/webhooks'
import { newStandardWebhookSecret } from '../adapters/webhook-signature'
import { isAllowedHost } from '../adapters/webhooks'
import type { Db, Tx } from '../db/client'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'
import { recordAudit } from './audit'
import { assertFranchise, inScope, scopedId, type Tenant } from './scope'

const ENDPOINT_COLS = { id: webhookEndpoints.id, franchiseId: webhookEndpoints.franchiseId }

type EndpointRow = typeof webhookEndpoints.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

export const toEndpoint = (row: EndpointRow, now = new Date()): WebhookEndpoint => ({
  id: row.id,
  franchiseId: row.franchiseId,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEndpoint['events'],
  enabled: row.enabled,
  secretHint: `${row.secret.slice(0, 10)}…`,
  previousSecretExpiresAt:
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
      ? row.previousSecretExpiresAt.toISOString()
      : null,
  createdAt: row.createdAt.toISOString(),
})

export const toDelivery = (row: DeliveryRow, eventType: string): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType,
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  error: row.error,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

/** A URL that may be saved: its shape (domain) and, for an IP literal or localhost, its address. */
function checkUrl(url: string, allowHttpLoopback: boolean) {
  const problem = webhookUrlProblem(url, allowHttpLoopback)
  if (problem) throw badRequest(problem, 'This URL cannot receive webhooks', { field: 'url', in: 'body' })
  if (!isAllowedHost(new URL(url).hostname, allowHttpLoopback))
    throw badRequest('WEBHOOK_URL_PRIVATE', 'This address is not reachable from the internet', {
      field: 'url',
      in: 'body',
    })
}

async function scopedEndpoint(db: Db | Tx, tenant: Tenant, id: string, lock = false) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(scopedId(tenant, ENDPOINT_COLS, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('WEBHOOK_NOT_FOUND', 'Webhook endpoint not found')
  return row
}

const audit = (db: Db | Tx, tenant: Tenant, row: EndpointRow, action: string) =>
  recordAudit(db as Db, {
    franchiseId: row.franchiseId,
    userId: tenant.userId,
    impostorOf: tenant.actingAs,
    action,
    target: row.id,
  })

export async function listEndpoints(db: Db, tenant: Tenant, franchiseId: string) {
  assertFranchise(tenant, franchiseId)
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.franchiseId, franchiseId), inScope(tenant, ENDPOINT_COLS)))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
  return { data: rows.map((r) => toEndpoint(r)) }
}

export async function createEndpoint(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: WebhookEndpointCreate,
  allowHttpLoopback: boolean,
): Promise<WebhookSecretResponse> {
  assertFranchise(tenant, franchiseId)
  checkUrl(input.url, allowHttpLoopback)
  return db.transaction(async (tx) => {
    // Serialises creations of one franchise so that the cap holds under concurrent requests.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${franchiseId}))`,
    )
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.franchiseId, franchiseId))
    if (n >= WEBHOOK_ENDPOINTS_MAX)
      throw conflict('WEBHOOK_LIMIT_REACHED', `At most ${WEBHOOK_ENDPOINTS_MAX} endpoints per franchise`)
    const secret = newStandardWebhookSecret()
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        franchiseId,
        url: input.url,
        description: input.description ?? '',
        events: [...new Set(input.events)],
        secret,
      })
      .returning()
    await audit(tx, tenant, row!, 'webhook.create')
    return { endpoint: toEndpoint(row!), secret }
  })
}

export async function updateEndpoint(
  db: Db,
  tenant: Tenant,
  id: string,
  patch: WebhookEndpointPatch,
  allowHttpLoopback: boolean,
) {
  if (patch.url !== undefined) checkUrl(patch.url, allowHttpLoopback)
  return db.transaction(async (tx) => {
    const row = await scopedEndpoint(tx, tenant, id, true)
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        updatedAt: new Date(),
      })
      .where(scopedId(tenant, ENDPOINT_COLS, row.id))
      .returning()
    if (patch.url !== undefined && patch.url !== row.url) await audit(tx, tenant, row, 'webhook.url')
    return toEndpoint(updated!)
  })
}

/** Deletes the endpoint and its log; deliveries not yet made are dropped with it. */
export async function deleteEndpoint(db: Db, tenant: Tenant, id: string) {
  return db.transaction(async (tx) => {
    const row = await scopedEndpoint(tx, tenant, id, true)
    await tx.delete(webhookEndpoints).where(scopedId(tenant, ENDPOINT_COLS, row.id))
    await audit(tx, tenant, row, 'webhook.delete')
    return { deleted: true as const }
  })
}

/**
 * A new secret, answered once. The previous one keeps signing next to it for SECRET_OVERLAP_MS so
 * that receivers can switch without losing a message; a second rotation within the overlap drops the
 * oldest (only two secrets ever sign).
 */
export async function rotateSecret(db: Db, tenant: Tenant, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await scopedEndpoint(tx, tenant, id, true)
    const secret = newStandardWebhookSecret()
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: row.secret,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
        updatedAt: now,
      })
      .where(scopedId(tenant, ENDPOINT_COLS, row.id))
      .returning()
    await audit(tx, tenant, row, 'webhook.rotate')
    return { endpoint: toEndpoint(updated!, now), secret }
  })
}

/** Where the deliveries job is woken (pg-boss in the server; absent without jobs: the minute's run sends). */
export type WebhookQueue = { wake(): Promise<void> }

/**
 * The "send test event" button: one event for this endpoint only, whatever it subscribes to, sent
 * now (the deliveries job is woken once the event is committed).
 */
export async function sendTestEvent(db: Db, tenant: Tenant, id: string, queue?: WebhookQueue) {
  const result = await db.transaction(async (tx) => {
    const row = await scopedEndpoint(tx, tenant, id, true)
    if (!row.enabled) throw conflict('WEBHOOK_DISABLED', 'Enable the endpoint to send it events')
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        franchiseId: row.franchiseId,
        type: WEBHOOK_TEST_EVENT,
        payload: { endpointId: row.id, message: 'A test event sent from the back-office' },
      })
      .returning()
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        franchiseId: row.franchiseId,
        endpointId: row.id,
        eventId: event!.id,
        nextAttemptAt: event!.createdAt,
      })
      .returning()
    return { delivery: toDelivery(delivery!, event!.type) }
  })
  await queue?.wake()
  return result
}

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(db: Db, tenant: Tenant, id: string, page: number, size: number) {
  const endpoint = await scopedEndpoint(db, tenant, id)
  const where = and(
    eq(webhookDeliveries.endpointId, endpoint.id),
    inScope(tenant, { franchiseId: webhookDeliveries.franchiseId }),
  )
  const rows = await db
    .select({ d: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(size)
    .offset((page - 1) * size)
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(webhookDeliveries).where(where)
  return { data: rows.map((r) => toDelivery(r.d, r.type)), total: n }
}
