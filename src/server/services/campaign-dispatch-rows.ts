// The writes of one chunk of a campaign's claimed recipients (campaign-dispatch.ts): consent read for
// the chunk at once, and its outcomes (skipped, sent, failed, given back) each in one statement, so a
// worker makes a few round trips for a chunk instead of a few for every message.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { PUSH_ACTIVE_MONTHS } from '../../domain/campaigns'
import { SendFailure } from '../adapters/sms/failure'
import type { Db } from '../db/client'
import { campaignRecipients, type campaigns, clients, smsOptOuts, smsUnreachablePhones } from '../db/schema'
import { withdrawCoupon } from './campaign-coupons'
import type { DispatchDeps, DispatchOptions } from './campaign-dispatch'
import { markUnreachable } from './sms-receipts'

type Recipient = typeof campaignRecipients.$inferSelect
type Campaign = typeof campaigns.$inferSelect

/**
 * Consent at the moment of sending, for a chunk of rows in one query: the number still the client's and
 * not opted out nor refused for good by a provider (issue 35 §3); the app still used.
 */
export async function consenting(db: Db, c: Campaign, rows: Recipient[], now: Date): Promise<Set<string>> {
  const found = await db
    .select({
      id: clients.id,
      phone: clients.phone,
      appLastUsedAt: clients.appLastUsedAt,
      optedOut: smsOptOuts.phone,
      unreachable: smsUnreachablePhones.phone,
    })
    .from(clients)
    // Joined on the client's number: a row whose address is no longer it is refused anyway.
    .leftJoin(
      smsOptOuts,
      and(eq(smsOptOuts.franchiseId, clients.franchiseId), eq(smsOptOuts.phone, clients.phone)),
    )
    .leftJoin(
      smsUnreachablePhones,
      and(
        eq(smsUnreachablePhones.franchiseId, clients.franchiseId),
        eq(smsUnreachablePhones.phone, clients.phone),
      ),
    )
    .where(
      and(
        inArray(
          clients.id,
          rows.map((r) => r.clientId),
        ),
        eq(clients.franchiseId, c.franchiseId),
      ),
    )
  const since = new Date(now)
  since.setUTCMonth(since.getUTCMonth() - PUSH_ACTIVE_MONTHS)
  const address = new Map(rows.map((r) => [r.clientId, r.address]))
  return new Set(
    found
      .filter((client) =>
        c.channel === 'PUSH'
          ? !!client.appLastUsedAt && client.appLastUsedAt >= since
          : client.phone === address.get(client.id) && !client.optedOut && !client.unreachable,
      )
      .map((client) => client.id),
  )
}

export const rowOf = (r: Recipient) =>
  and(
    eq(campaignRecipients.campaignId, r.campaignId),
    eq(campaignRecipients.clientId, r.clientId),
    eq(campaignRecipients.status, 'SENDING'),
  )

/** A chunk's rows of one campaign, still this worker's (SENDING). */
const claimed = (c: Campaign, rows: Recipient[]) =>
  and(
    eq(campaignRecipients.campaignId, c.id),
    eq(campaignRecipients.franchiseId, c.franchiseId),
    inArray(
      campaignRecipients.clientId,
      rows.map((r) => r.clientId),
    ),
    eq(campaignRecipients.status, 'SENDING'),
  )

/** Gives claimed rows back untouched (window closing, lease half gone, breaker open): not attempted. */
export async function release(db: Db, c: Campaign, rows: Recipient[]) {
  if (!rows.length) return
  await db
    .update(campaignRecipients)
    .set({ status: 'PENDING', attempts: sql`${campaignRecipients.attempts} - 1` })
    .where(claimed(c, rows))
}

/** Rows whose consent is gone: SKIPPED, and a coupon issued before a crash taken back. */
export async function skip(db: Db, c: Campaign, rows: Recipient[]) {
  if (!rows.length) return
  const skipped = await db
    .update(campaignRecipients)
    .set({ status: 'SKIPPED' })
    .where(claimed(c, rows))
    .returning({ clientId: campaignRecipients.clientId, couponId: campaignRecipients.couponId })
  for (const r of skipped) if (r.couponId) await withdrawCoupon(db, c, r.clientId)
}

/** The chunk's messages the provider took: SENT, in one statement. */
export async function markSent(db: Db, c: Campaign, sent: { r: Recipient; at: Date; id: string }[]) {
  if (!sent.length) return
  const values = sent.map(
    (s) => sql`(${s.r.clientId}::uuid, ${s.id}::text, ${s.at.toISOString()}::timestamptz)`,
  )
  await db.execute(sql`
    update campaign_recipients r set status = 'SENT', provider_message_id = v.id, sent_at = v.at, error = null
    from (values ${sql.join(values, sql`, `)}) as v(client_id, id, at)
    where r.campaign_id = ${c.id} and r.franchise_id = ${c.franchiseId} and r.client_id = v.client_id
      and r.status = 'SENDING'`)
}

/**
 * Whose failure it was: the recipient's address (unreachable), the provider's (a SendFailure, what the
 * circuit breaker counts), or our own side's (the database): retried without counting.
 */
export type FailureKind = 'unreachable' | 'provider' | 'own'

/**
 * A send that failed: PENDING again after a backoff, or ERROR once out of attempts (its coupon
 * withdrawn). Returns whose failure it was; 'unreachable' when the number is refused for good: the
 * provider works, only that phone never gets another try.
 */
export async function settleFailure(
  deps: DispatchDeps,
  c: Campaign,
  r: Recipient,
  t: Date,
  err: unknown,
  o: DispatchOptions,
): Promise<FailureKind> {
  const reason = String((err as Error)?.message ?? err).slice(0, 200)
  const unreachable = err instanceof SendFailure && err.unreachable
  // A push's address is the client (no installation left): nothing to mark for SMS.
  if (unreachable && c.channel === 'SMS')
    await markUnreachable(
      deps.db,
      { franchiseId: c.franchiseId, phone: r.address },
      deps.channels.SMS.kind,
      err.code,
    )
  const retry = !unreachable && r.attempts < o.maxAttempts
  // A 429's Retry-After is the provider's own wait: never sooner than it asks.
  const backoff = Math.max(
    o.retryBaseMs * 2 ** (r.attempts - 1),
    err instanceof SendFailure ? (err.retryAfterMs ?? 0) : 0,
  )
  const settled = await deps.db
    .update(campaignRecipients)
    .set(
      retry
        ? { status: 'PENDING', error: reason, nextAttemptAt: new Date(t.getTime() + backoff) }
        : { status: 'ERROR', error: reason },
    )
    .where(rowOf(r))
    .returning({ status: campaignRecipients.status })
  // Given up on (and still this worker's row): the coupon it would have carried goes.
  if (settled[0]?.status === 'ERROR') await withdrawCoupon(deps.db, c, r.clientId)
  return unreachable ? 'unreachable' : err instanceof SendFailure ? 'provider' : 'own'
}
