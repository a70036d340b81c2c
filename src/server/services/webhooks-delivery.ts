// Delivering outgoing webhooks (issue 23). A delivery (one event for one endpoint, written in the
// transaction of the change by sql/webhook_record.sql) is claimed before it is sent: one statement
// marks it SENDING, counts the attempt and leases it until the call's time limit has surely passed,
// so two workers never send it at once and a worker that dies mid-call leaves it to be taken again
// when the lease ends. The answer settles it: SUCCEEDED (never sent again), or RETRYING at the next
// time of the backoff schedule (domain/webhooks.ts), or FAILED once the 24 h window is over. Every
// attempt carries the event's id as `webhook-id`, so a receiver that got a message whose success we
// could not record (a crash between its answer and our write) recognises the repeat.
import { sql } from 'drizzle-orm'
import { nextAttemptAt } from '../../domain/webhooks'
import { standardWebhookHeaders } from '../adapters/webhook-signature'
import type { WebhookSender } from '../adapters/webhooks'
import { type Db, rowsOf } from '../db/client'

export type DeliveryDeps = {
  db: Db
  sender: WebhookSender
  /** The sender's time limit per attempt: the lease is this plus a margin. */
  timeoutMs: number
  clock?: () => Date
}

/**
 * How long a claimed delivery stays its sender's beyond the call's own time limit (the sender's abort
 * signal bounds the whole call, connection and answer included): room for a stalled event loop, and
 * no longer, since a dead sender's deliveries wait this long to be taken again.
 */
export const LEASE_MARGIN_MS = 15_000
/** The delivery log and its events are kept this long. */
export const LOG_RETENTION_DAYS = 30

type Claimed = {
  id: string
  attempts: number
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: string | Date | null
  event_id: string
  type: string
  payload: Record<string, unknown>
  event_created_at: string | Date
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v))

/** Claims up to `limit` due deliveries of enabled endpoints (and SENDING ones whose lease is over). */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + leaseMs)
  const result = await db.execute(sql`
    update webhook_deliveries d
       set status = 'SENDING', attempts = d.attempts + 1, last_attempt_at = ${now.toISOString()}::timestamptz,
           next_attempt_at = ${lease.toISOString()}::timestamptz
      from webhook_endpoints e, webhook_events ev
     where d.id in (
             select x.id from webhook_deliveries x
               join webhook_endpoints xe on xe.id = x.endpoint_id and xe.enabled
              where x.status in ('PENDING', 'RETRYING', 'SENDING')
                and x.next_attempt_at <= ${now.toISOString()}::timestamptz
              order by x.next_attempt_at
              limit ${limit}
                for update of x skip locked)
       and e.id = d.endpoint_id and ev.id = d.event_id
    returning d.id, d.attempts, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
              ev.id as event_id, ev.type, ev.payload, ev.created_at as event_created_at`)
  return rowsOf<Claimed>(result)
}

/** The body every attempt of an event sends: the same bytes each time (Standard Webhooks payload). */
export const eventBody = (c: Pick<Claimed, 'type' | 'payload' | 'event_created_at'>) =>
  JSON.stringify({ type: c.type, timestamp: asDate(c.event_created_at).toISOString(), data: c.payload })

/** The secrets that sign: the current one, and the previous one during its overlap. */
function signingSecrets(c: Claimed, now: Date): string[] {
  const until = c.previous_secret_expires_at ? asDate(c.previous_secret_expires_at) : null
  return c.previous_secret && until && until > now ? [c.secret, c.previous_secret] : [c.secret]
}

async function attempt(deps: DeliveryDeps, c: Claimed): Promise<'SUCCEEDED' | 'RETRYING' | 'FAILED'> {
  const clock = deps.clock ?? (() => new Date())
  const sentAt = clock()
  const body = eventBody(c)
  const answer = await deps.sender.send({
    url: c.url,
    headers: standardWebhookHeaders(signingSecrets(c, sentAt), c.event_id, sentAt, body),
    body,
  })
  const now = clock()
  const next = answer.ok ? null : nextAttemptAt(asDate(c.event_created_at), c.attempts, now)
  const status = answer.ok ? 'SUCCEEDED' : next ? 'RETRYING' : 'FAILED'
  // Only the claim's own attempt settles the row: a sender whose lease ran out does not overwrite
  // the outcome of the one that took over.
  await deps.db.execute(sql`
    update webhook_deliveries
       set status = ${status}, next_attempt_at = ${next?.toISOString() ?? null}::timestamptz,
           response_status = ${answer.status}, duration_ms = ${answer.durationMs}, error = ${answer.error},
           delivered_at = ${answer.ok ? now.toISOString() : null}::timestamptz
     where id = ${c.id} and status = 'SENDING' and attempts = ${c.attempts}`)
  return status
}

export type DeliveryRun = { succeeded: number; retrying: number; failed: number; nextDueAt: Date | null }

/**
 * Sends what is due, `batch` at a time in parallel, until nothing is due or `budgetMs` is spent;
 * answers the counts and when the next delivery falls due (to schedule the next run).
 */
export async function deliverDue(
  deps: DeliveryDeps,
  options: { batch?: number; budgetMs?: number } = {},
): Promise<DeliveryRun> {
  const clock = deps.clock ?? (() => new Date())
  const batch = options.batch ?? 20
  const started = Date.now()
  const run: DeliveryRun = { succeeded: 0, retrying: 0, failed: 0, nextDueAt: null }
  for (;;) {
    const claimed = await claimDue(deps.db, clock(), batch, deps.timeoutMs + LEASE_MARGIN_MS)
    const outcomes = await Promise.all(claimed.map((c) => attempt(deps, c)))
    for (const o of outcomes) {
      if (o === 'SUCCEEDED') run.succeeded++
      else if (o === 'RETRYING') run.retrying++
      else run.failed++
    }
    if (claimed.length < batch || Date.now() - started > (options.budgetMs ?? 45_000)) break
  }
  run.nextDueAt = await nextDue(deps.db)
  return run
}

/** The soonest time a delivery of an enabled endpoint falls due, or null. */
export async function nextDue(db: Db): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(d.next_attempt_at) as at from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
     where d.status in ('PENDING', 'RETRYING', 'SENDING')`)
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at
  return at ? asDate(at) : null
}

/** Events (and their deliveries) older than the log keeps. */
export async function purgeOldEvents(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    delete from webhook_events where created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${LOG_RETENTION_DAYS})`)
  return Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0)
}
