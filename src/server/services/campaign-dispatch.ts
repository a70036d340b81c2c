// The campaign dispatch engine (issue 18). A campaign's audience is frozen into campaign_recipients
// once; workers then claim batches of PENDING rows (FOR UPDATE SKIP LOCKED, so two workers never take
// the same row), mark them SENDING, send each through the channel's adapter with the dedupe key
// `campaign:<id>:<client>` (the provider's Idempotency-Key), and mark them SENT or, after retries, ERROR.
// A row found SENDING past its lease (its worker died) is settled from the provider's record of its key,
// never sent blindly again; a retry asks that record first too. Listmonk's and Mautic's duplicate and
// skipped sends came from a resume checkpoint advanced at fetch time and from overlapping runners: here
// the row is the checkpoint and the claim is the lock.
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import {
  type Channel,
  isInSendingWindow,
  localClock,
  nextSendingOpening,
  PUSH_ACTIVE_MONTHS,
  type SendingRules,
  sendingRulesFor,
  sendingWindowClose,
} from '../../domain/campaigns'
import { carriesShortLink, shortLinkUrl } from '../../domain/short-links'
import { composeSms, optOutMention } from '../../domain/sms'
import type { Messenger } from '../adapters/messaging'
import { SendFailure } from '../adapters/sms/failure'
import { type Db, rowsOf } from '../db/client'
import {
  campaignRecipients,
  campaigns,
  clients,
  franchises,
  smsOptOuts,
  smsUnreachablePhones,
} from '../db/schema'
import { audienceSelect } from './campaign-audience'
import { issueCoupon, withdrawCoupon } from './campaign-coupons'
import { finishCampaign, pauseCampaignDispatch } from './campaign-lifecycle'
import { markUnreachable } from './sms-receipts'

export const DISPATCH_JOB = 'campaign-dispatch'

export type DispatchOptions = {
  batchSize: number
  /** Messages per second to one provider, from one worker. */
  ratePerSecond: number
  maxAttempts: number
  /** Consecutive provider failures that pause the campaign (the circuit breaker). */
  breakerThreshold: number
  /**
   * How long a claimed row belongs to its worker before another may settle it (its worker died). A batch
   * takes no new message past half of it, so a live worker's last call (a find and a send, each within
   * the provider's 10 s limit) ends inside it.
   */
  leaseMs: number
  retryBaseMs: number
}

export const DEFAULT_DISPATCH: DispatchOptions = {
  batchSize: 100,
  ratePerSecond: 50,
  maxAttempts: 4,
  breakerThreshold: 10,
  leaseMs: 60_000,
  retryBaseMs: 30_000,
}

export type DispatchDeps = {
  db: Db
  channels: Record<Channel, Messenger>
  options?: Partial<DispatchOptions>
  now?: () => Date
  sleep?: (ms: number) => Promise<void>
  /** Public holidays of a country (alpha-2) on a local day. */
  isHoliday?: (country: string, day: string) => boolean
  /**
   * The server's public URL (config.publicUrl): messages then carry each recipient's short link
   * `<url>/r/<code>` (counted opens, the coupon page) instead of the campaign's own link.
   */
  linkBase?: string
}

export type StepResult =
  | { kind: 'sent' }
  | { kind: 'continue' }
  | { kind: 'wait'; until: Date }
  | { kind: 'stopped'; reason: string }

export const dedupeKey = (campaignId: string, clientId: string) => `campaign:${campaignId}:${clientId}`
/** A recipient's key: its own when it has one (an automation's occasion, issue 20), else the campaign's. */
const keyOf = (r: { campaignId: string; clientId: string; dedupeKey: string | null }) =>
  r.dedupeKey ?? dedupeKey(r.campaignId, r.clientId)

type Recipient = typeof campaignRecipients.$inferSelect
type Campaign = typeof campaigns.$inferSelect
type Franchise = typeof franchises.$inferSelect

/**
 * Freezes the audience once (a second call, or a second worker, finds it frozen): one INSERT … SELECT
 * scoped to the franchise; a `holdoutPercent` share, drawn at random, is the control group (HOLDOUT).
 */
export async function freezeAudience(db: Db, campaignId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update')
    if (!c || c.frozenAt) return 0
    const [f] = await tx.select().from(franchises).where(eq(franchises.id, c.franchiseId))
    const audience = audienceSelect(c.franchiseId, c.channel as Channel, c.filters, {
      today: localClock(now, f!.timezone).day,
      now,
    })
    const holdout = c.holdoutPercent / 100
    const inserted = await tx.execute(sql`
      insert into campaign_recipients (campaign_id, client_id, franchise_id, channel, address, status)
      select ${c.id}, a.client_id, ${c.franchiseId}, ${c.channel}, a.address,
        case when random() < ${holdout} then 'HOLDOUT' else 'PENDING' end
      from (${audience}) a
      on conflict do nothing`)
    await tx.update(campaigns).set({ frozenAt: now }).where(eq(campaigns.id, c.id))
    return Number((inserted as { rowCount?: number; affectedRows?: number }).rowCount ?? 0)
  })
}

/** The message a recipient gets, as the adapter takes it. */
function messageFor(c: Campaign, f: Franchise, r: Recipient, linkBase: string | undefined) {
  const base = { to: r.address, franchiseId: c.franchiseId, dedupeKey: keyOf(r) }
  // The recipient's short link stands for the campaign's link (and is a coupon campaign's link).
  const link = linkBase && r.linkCode && carriesShortLink(c) ? shortLinkUrl(linkBase, r.linkCode) : c.link
  if (c.channel === 'SMS')
    return {
      ...base,
      from: f.senderId,
      text: composeSms(c.message, {
        ...(link ? { link } : {}),
        optOut: optOutMention(f.codeAlpha3),
      }),
    }
  return { ...base, title: c.title, text: c.message, link, imageUrl: c.imageUrl }
}

/** Consent at the moment of sending: the number still the client's and not opted out; the app still used. */
async function stillConsents(db: Db, c: Campaign, r: Recipient, now: Date): Promise<boolean> {
  // One round trip per message: the client and its opt-out row together.
  const [client] = await db
    .select({
      phone: clients.phone,
      appLastUsedAt: clients.appLastUsedAt,
      optedOut: smsOptOuts.phone,
      unreachable: smsUnreachablePhones.phone,
    })
    .from(clients)
    .leftJoin(
      smsOptOuts,
      and(eq(smsOptOuts.franchiseId, clients.franchiseId), eq(smsOptOuts.phone, r.address)),
    )
    // A number a provider refused for good (issue 35 §3) is never tried again.
    .leftJoin(
      smsUnreachablePhones,
      and(
        eq(smsUnreachablePhones.franchiseId, clients.franchiseId),
        eq(smsUnreachablePhones.phone, r.address),
      ),
    )
    .where(and(eq(clients.id, r.clientId), eq(clients.franchiseId, c.franchiseId)))
  if (!client) return false
  if (c.channel === 'PUSH') {
    const since = new Date(now)
    since.setUTCMonth(since.getUTCMonth() - PUSH_ACTIVE_MONTHS)
    return !!client.appLastUsedAt && client.appLastUsedAt >= since
  }
  return client.phone === r.address && !client.optedOut && !client.unreachable
}

const rowOf = (r: Recipient) =>
  and(
    eq(campaignRecipients.campaignId, r.campaignId),
    eq(campaignRecipients.clientId, r.clientId),
    eq(campaignRecipients.status, 'SENDING'),
  )

/** Rows whose worker died while sending: SENT when the provider has their key, else PENDING again. */
async function settleAbandoned(deps: DispatchDeps, c: Campaign, now: Date, o: DispatchOptions) {
  const abandoned = await deps.db
    .select()
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, c.id),
        eq(campaignRecipients.status, 'SENDING'),
        lt(campaignRecipients.claimedAt, new Date(now.getTime() - o.leaseMs)),
      ),
    )
    .limit(o.batchSize)
  const messenger = deps.channels[c.channel as Channel]
  for (const r of abandoned) {
    const found = await messenger.find(deps.db, keyOf(r))
    await deps.db
      .update(campaignRecipients)
      .set(found ? { status: 'SENT', providerMessageId: found.id, sentAt: now } : { status: 'PENDING' })
      .where(rowOf(r))
  }
}

/**
 * A recipient's short-link code, drawn at its first claim (a retry keeps it): 9 bytes of two random
 * UUIDs' fully random bytes (gen_random_uuid draws from the strong random source), base64url.
 */
const LINK_CODE = sql`translate(encode(substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 11 for 3), 'base64'), '+/', '-_')`

/** Claims up to `limit` PENDING rows that are due: two workers never claim the same row. */
async function claim(db: Db, campaignId: string, limit: number, now: Date): Promise<Recipient[]> {
  const res = await db.execute(sql`
    update campaign_recipients r set status = 'SENDING', claimed_at = ${now.toISOString()}, attempts = r.attempts + 1,
      link_code = coalesce(r.link_code, ${LINK_CODE})
    where (r.campaign_id, r.client_id) in (
      select campaign_id, client_id from campaign_recipients
      where campaign_id = ${campaignId} and status = 'PENDING'
        and (next_attempt_at is null or next_attempt_at <= ${now.toISOString()})
      order by client_id limit ${limit}
      for update skip locked)
    returning r.campaign_id as "campaignId", r.client_id as "clientId", r.franchise_id as "franchiseId",
      r.channel, r.address, r.status, r.attempts, r.next_attempt_at as "nextAttemptAt",
      r.claimed_at as "claimedAt", r.provider_message_id as "providerMessageId", r.coupon_id as "couponId",
      r.sent_at as "sentAt", r.error, r.link_code as "linkCode", r.opened_at as "openedAt", r.dedupe_key as "dedupeKey"`)
  return rowsOf<Recipient>(res)
}

/** Gives claimed rows back untouched (window closing, breaker open): they were not attempted. */
async function release(db: Db, rows: Recipient[]) {
  for (const r of rows)
    await db
      .update(campaignRecipients)
      .set({ status: 'PENDING', attempts: sql`${campaignRecipients.attempts} - 1` })
      .where(rowOf(r))
}

function rulesFor(deps: DispatchDeps, c: Campaign, f: Franchise): SendingRules {
  return sendingRulesFor(c.channel as Channel, f, (day) => deps.isHoliday?.(f.codeAlpha3, day) ?? false)
}

/** One batch of a campaign's dispatch; the job runs steps until one says to wait or stop. */
export async function dispatchStep(deps: DispatchDeps, campaignId: string): Promise<StepResult> {
  const o = { ...DEFAULT_DISPATCH, ...deps.options }
  const now = deps.now?.() ?? new Date()
  const [c] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId))
  if (c?.state !== 'VALID') return { kind: 'stopped', reason: 'not valid' }
  if (c.dispatch !== 'SENDING') return { kind: 'stopped', reason: c.dispatch }
  const [f] = await deps.db.select().from(franchises).where(eq(franchises.id, c.franchiseId))
  const rules = rulesFor(deps, c, f!)
  if (!isInSendingWindow(now, rules)) return { kind: 'wait', until: nextSendingOpening(now, rules) }
  if (!c.frozenAt) await freezeAudience(deps.db, c.id, now)

  await settleAbandoned(deps, c, now, o)
  const batch = await claim(deps.db, c.id, o.batchSize, now)
  if (!batch.length) return finishOrWait(deps, c, now, o)

  const messenger = deps.channels[c.channel as Channel]
  const closes = sendingWindowClose(now, rules.timezone)
  let failures = 0
  for (const [i, r] of batch.entries()) {
    const t = deps.now?.() ?? new Date()
    // Re-checked at every message: a batch never runs past 20:00, a pause or cancel stops it.
    const [live] = await deps.db
      .select({ dispatch: campaigns.dispatch })
      .from(campaigns)
      .where(eq(campaigns.id, c.id))
    if (t >= closes || live?.dispatch !== 'SENDING') {
      await release(deps.db, batch.slice(i))
      return t >= closes
        ? { kind: 'wait', until: nextSendingOpening(t, rules) }
        : { kind: 'stopped', reason: 'paused' }
    }
    // Half the lease gone (a slow provider, a low rate): the rest goes back, to be claimed afresh.
    if (t.getTime() - now.getTime() >= o.leaseMs / 2) {
      await release(deps.db, batch.slice(i))
      return { kind: 'continue' }
    }
    if (!(await stillConsents(deps.db, c, r, t))) {
      const skipped = await deps.db
        .update(campaignRecipients)
        .set({ status: 'SKIPPED' })
        .where(rowOf(r))
        .returning({ couponId: campaignRecipients.couponId })
      // A coupon issued before a crash, to a customer who has opted out since, is taken back.
      if (skipped[0]?.couponId) await withdrawCoupon(deps.db, c, r.clientId)
      continue
    }
    // The coupon exists before the message that links to it; a rerun finds the same one.
    await issueCoupon(deps.db, c, f!.currencyCode, r, t)
    try {
      const key = keyOf(r)
      // A retry first asks what the provider did with the last attempt: never a blind second send.
      const sent =
        (r.attempts > 1 && (await messenger.find(deps.db, key))) ||
        (await messenger.send(deps.db, messageFor(c, f!, r, deps.linkBase)))
      await deps.db
        .update(campaignRecipients)
        .set({ status: 'SENT', providerMessageId: sent.id, sentAt: t, error: null })
        .where(rowOf(r))
      failures = 0
    } catch (err) {
      const reason = (err as Error).message.slice(0, 200)
      // The number refused for good: the provider works, this phone never gets another try.
      const unreachable = err instanceof SendFailure && err.unreachable
      // A push's address is the client (no installation left): nothing to mark for SMS.
      if (unreachable && c.channel === 'SMS')
        await markUnreachable(
          deps.db,
          { franchiseId: c.franchiseId, phone: r.address },
          messenger.kind,
          err.code,
        )
      failures = unreachable ? 0 : failures + 1
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
      if (failures >= o.breakerThreshold) {
        await release(deps.db, batch.slice(i + 1))
        await pauseCampaignDispatch(deps.db, eq(campaigns.id, c.id), 'PROVIDER_FAILING')
        return { kind: 'stopped', reason: 'PROVIDER_FAILING' }
      }
    }
    if (o.ratePerSecond > 0) await (deps.sleep ?? delay)(1000 / o.ratePerSecond)
  }
  return { kind: 'continue' }
}

/** No row to claim: the campaign is sent when none is left pending or in flight; else wait for them. */
async function finishOrWait(
  deps: DispatchDeps,
  c: Campaign,
  now: Date,
  o: DispatchOptions,
): Promise<StepResult> {
  const [left] = await deps.db
    .select({
      n: sql<number>`count(*)::int`,
      due: sql<string | null>`min(${campaignRecipients.nextAttemptAt})`,
    })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, c.id),
        inArray(campaignRecipients.status, ['PENDING', 'SENDING']),
      ),
    )
  if (!left || left.n === 0) {
    await finishCampaign(deps.db, c.id, now)
    return { kind: 'sent' }
  }
  const until = left.due ? new Date(left.due) : new Date(now.getTime() + Math.min(o.leaseMs, 5_000))
  return { kind: 'wait', until: until > now ? until : new Date(now.getTime() + 1_000) }
}

/** Runs steps until the campaign is sent, must wait, or stops. */
export async function runDispatch(deps: DispatchDeps, campaignId: string): Promise<StepResult> {
  for (;;) {
    const step = await dispatchStep(deps, campaignId)
    if (step.kind !== 'continue') return step
  }
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
