// The campaign dispatch engine (issue 18). A campaign's audience is frozen into campaign_recipients
// once; workers then claim batches of PENDING rows (FOR UPDATE SKIP LOCKED, so two workers never take
// the same row), mark them SENDING, send each through the channel's adapter with the dedupe key
// `campaign:<id>:<client>` (the provider's Idempotency-Key), and mark them SENT or, after retries, ERROR.
// A row found SENDING past its lease (its worker died) is settled from the provider's record of its key,
// never sent blindly again; a retry asks that record first too. Listmonk's and Mautic's duplicate and
// skipped sends came from a resume checkpoint advanced at fetch time and from overlapping runners: here
// the row is the checkpoint and the claim is the lock. A batch goes out in chunks of `concurrency`
// messages in flight at once, their starts paced by the rate (issue 38 §6): a chunk's consent is read,
// and its outcomes written, a statement each (campaign-dispatch-rows.ts), and the outbox takes a chunk
// in one insert.
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import {
  type Channel,
  isInSendingWindow,
  localClock,
  nextSendingOpening,
  type SendingRules,
  sendingRulesFor,
  sendingWindowClose,
} from '../../domain/campaigns'
import { carriesShortLink, shortLinkUrl } from '../../domain/short-links'
import { composeSms, optOutMention } from '../../domain/sms'
import type { Delivery, Messenger } from '../adapters/messaging'
import { type Db, rowsOf } from '../db/client'
import { campaignRecipients, campaigns, franchises } from '../db/schema'
import { audienceSelect } from './campaign-audience'
import { issueCoupons } from './campaign-coupons'
import { consenting, markSent, release, rowOf, settleFailure, skip } from './campaign-dispatch-rows'
import { finishCampaign, pauseCampaignDispatch } from './campaign-lifecycle'

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
  /**
   * Messages in flight at once (their starts still paced by `ratePerSecond`), and the rows whose
   * consent is read, and whose outcome is written, in one statement.
   */
  concurrency: number
}

export const DEFAULT_DISPATCH: DispatchOptions = {
  batchSize: 100,
  ratePerSecond: 50,
  maxAttempts: 4,
  breakerThreshold: 10,
  leaseMs: 60_000,
  retryBaseMs: 30_000,
  concurrency: 25,
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

/** A message started, with when and what came of it. */
type Started = { r: Recipient; at: Date; outcome: Promise<{ ok: Delivery } | { err: unknown }> }

function rulesFor(deps: DispatchDeps, c: Campaign, f: Franchise): SendingRules {
  return sendingRulesFor(c.channel as Channel, f, (day) => deps.isHoliday?.(f.codeAlpha3, day) ?? false)
}

/**
 * When a campaign's next message may start: its steps share it, so the rate holds across batches (a
 * worker's run keeps one; a step called alone starts at once).
 */
export type Pace = { due: number }
/** How far behind its schedule a dispatch may catch up in a burst. */
const CATCH_UP_MS = 250

/** One batch of a campaign's dispatch; the job runs steps until one says to wait or stop. */
export async function dispatchStep(
  deps: DispatchDeps,
  campaignId: string,
  pace: Pace = { due: 0 },
): Promise<StepResult> {
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
  const clock = () => deps.now?.() ?? new Date()
  // No rate to keep and an adapter that takes many at once (the outbox): the batch is one chunk.
  const size = o.ratePerSecond === 0 && messenger.sendMany ? o.batchSize : o.concurrency
  // Starts on a schedule, one every `interval` ms: a late timer does not lower the rate.
  const interval = o.ratePerSecond > 0 ? 1000 / o.ratePerSecond : 0
  // Behind schedule (a slow database, the chunk's writes), a little is made up, never a flood.
  pace.due = pace.due ? Math.max(pace.due, now.getTime() - CATCH_UP_MS) : now.getTime()
  // Each start is checked against 20:00 and half the lease, and paced by the rate.
  const haltAt = (t: Date): StepResult | null =>
    t >= closes
      ? { kind: 'wait', until: nextSendingOpening(t, rules) }
      : t.getTime() - now.getTime() >= o.leaseMs / 2
        ? { kind: 'continue' }
        : null
  const deliver = (r: Recipient): Promise<Delivery> =>
    // A retry first asks what the provider did with the last attempt: never a blind second send.
    (r.attempts > 1 ? messenger.find(deps.db, keyOf(r)) : Promise.resolve(null)).then(
      (found) => found ?? messenger.send(deps.db, messageFor(c, f!, r, deps.linkBase)),
    )
  let failures = 0
  for (let i = 0; i < batch.length; i += size) {
    const chunk = batch.slice(i, i + size)
    // Re-read at every chunk: a pause or a cancel stops the batch.
    const [live] = await deps.db
      .select({ dispatch: campaigns.dispatch })
      .from(campaigns)
      .where(eq(campaigns.id, c.id))
    if (live?.dispatch !== 'SENDING') {
      await release(deps.db, c, batch.slice(i))
      return { kind: 'stopped', reason: 'paused' }
    }
    const t0 = clock()
    const allowed = await consenting(deps.db, c, chunk, t0)
    await skip(
      deps.db,
      c,
      chunk.filter((r) => !allowed.has(r.clientId)),
    )
    const ready = chunk.filter((r) => allowed.has(r.clientId))
    // The coupons exist before the messages that link to them; a rerun finds the same ones.
    await issueCoupons(deps.db, c, f!.currencyCode, ready, t0)

    let halt: StepResult | null = null
    const started: Started[] = []
    const start = (r: Recipient, at: Date, sent: Promise<Delivery>) =>
      started.push({
        r,
        at,
        outcome: sent.then(
          (d) => ({ ok: d }),
          (err: unknown) => ({ err }),
        ),
      })
    const fresh = ready.filter((r) => r.attempts === 1)
    if (o.ratePerSecond === 0 && messenger.sendMany && fresh.length) {
      // No rate to keep: the adapter takes the chunk's first attempts at once (the outbox: one insert).
      halt = haltAt(t0)
      if (!halt) {
        const sent = messenger.sendMany(
          deps.db,
          fresh.map((r) => ({ ...messageFor(c, f!, r, deps.linkBase), dedupeKey: keyOf(r) })),
        )
        for (const [k, r] of fresh.entries())
          start(
            r,
            t0,
            sent.then((all) => all[k]!),
          )
        for (const r of ready.filter((r) => r.attempts > 1)) start(r, t0, deliver(r))
      }
    } else
      for (const r of ready) {
        let t = clock()
        if (t.getTime() < pace.due) {
          // Never more than one interval (a clock that stands still, as a test's may).
          await (deps.sleep ?? delay)(Math.min(interval, pace.due - t.getTime()))
          t = clock()
        }
        halt = haltAt(t)
        if (halt) break
        start(r, t, deliver(r))
        pace.due = Math.max(pace.due, t.getTime() - CATCH_UP_MS) + interval
      }

    const outcomes = await Promise.all(started.map((s) => s.outcome))
    await markSent(
      deps.db,
      c,
      started.flatMap((s, k) => {
        const o = outcomes[k]!
        return 'ok' in o ? [{ r: s.r, at: s.at, id: o.ok.id }] : []
      }),
    )
    let tripped = false
    for (const [k, s] of started.entries()) {
      const outcome = outcomes[k]!
      if ('ok' in outcome) failures = 0
      else {
        const kind = await settleFailure(deps, c, s.r, s.at, outcome.err, o)
        // Only the provider's failures trip the breaker: an error of our own database (a restart
        // mid-send) is retried like any failure, but pausing the campaign for it left it paused for good.
        if (kind === 'unreachable') failures = 0
        else if (kind === 'provider') failures++
        tripped ||= failures >= o.breakerThreshold
      }
    }
    const begun = new Set(started.map((s) => s.r))
    const unstarted = ready.filter((r) => !begun.has(r))
    if (tripped) {
      await release(deps.db, c, [...unstarted, ...batch.slice(i + size)])
      await pauseCampaignDispatch(deps.db, eq(campaigns.id, c.id), 'PROVIDER_FAILING')
      return { kind: 'stopped', reason: 'PROVIDER_FAILING' }
    }
    if (halt) {
      await release(deps.db, c, [...unstarted, ...batch.slice(i + size)])
      return halt
    }
  }
  // The batch's last start is followed by its interval too, as every other: the next batch, or the
  // next job's, starts on the schedule even though a new job cannot know it.
  const end = clock().getTime()
  if (end < pace.due) await (deps.sleep ?? delay)(Math.min(interval, pace.due - end))
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
  const pace: Pace = { due: 0 }
  for (;;) {
    const step = await dispatchStep(deps, campaignId, pace)
    if (step.kind !== 'continue') return step
  }
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
