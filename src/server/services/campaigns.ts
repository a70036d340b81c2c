// The campaign writes (issue 18; SPEC §4 Campaign, §5 Campaign and SMS sender, §7): create and edit with
// the §5 rules, send, pause, resume and cancel. §4: a campaign saved without a schedule is sent now, a
// scheduled one at its start (a wall-clock time in the franchise's time zone); once its audience is
// frozen it is never sent again by an edit, and its start stays. The sending itself is the dispatch
// job's (jobs/campaigns.ts): these functions only move the campaign's state and queue the job.
import { TZDateMini } from '@date-fns/tz'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Campaign, CampaignInput } from '../../domain/campaign-contract'
import { localClock, SENDING_WINDOW } from '../../domain/campaigns'
import { checkSenderId } from '../../domain/sender-id'
import { checkSmsText, optOutMention } from '../../domain/sms'
import type { Db, Tx } from '../db/client'
import { campaignRecipients, campaigns, type franchises, users } from '../db/schema'
import { AppError, badRequest, conflict, forbidden } from '../errors'
import { audienceSelect } from './campaign-audience'
import { campaignInScope, campaignRow, getCampaign, targetFilters } from './campaign-queries'
import { scopedFranchise, type Tenant } from './scope'

/** Where the dispatch job is queued (pg-boss in the server; absent when the server runs without jobs). */
export type CampaignQueue = {
  /** Runs the campaign's dispatch at `at`; `replace`: a job already waiting for it is dropped first. */
  enqueue(campaignId: string, at: Date, options?: { replace?: boolean }): Promise<void>
}

type Franchise = typeof franchises.$inferSelect
type Row = typeof campaigns.$inferSelect

const invalid = (field: string, reason: string, message: string, extra: Record<string, unknown> = {}) =>
  badRequest('VALIDATION_FAILED', `Invalid body: ${field}: ${message}`, {
    field,
    reason,
    in: 'body',
    ...extra,
  })

const notification = 'communicationCampaign.notification'
const COUPON_OF = { COUPON_AMOUNT: 'flat', COUPON_PERCENT: 'percentage', COUPON_PRODUCT: 'product' } as const

/** §5 "Creating needs a known user id": the caller, or for staff the merchant (or, on edit, the author). */
function assertAuthor(tenant: Tenant, f: Franchise, userId: string, author?: string | null) {
  const expected = tenant.kind === 'staff' ? f.userId : tenant.userId
  if (userId === expected || (author && userId === author)) return
  throw invalid('userId', 'UNKNOWN_USER', "must be the caller's id (staff: the merchant's)")
}

/** The instant of a wall-clock time of a local day in `timezone`. */
function localInstant(day: string, hour: number, minute: number, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(new TZDateMini(y, m - 1, d, hour, minute, 0, timezone).getTime())
}

function httpUrl(value: string | null | undefined, field: string): string | null {
  if (!value) return null
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || !['http:', 'https:'].includes(url.protocol))
    throw invalid(field, 'NOT_A_URL', 'not an http(s) URL')
  return value
}

function couponOf(input: CampaignInput): Row['coupon'] {
  const coupon = input.coupon ?? null
  if (input.content === 'NEWS') {
    if (coupon) throw invalid('coupon', 'COUPON_NOT_EXPECTED', 'a news campaign carries no coupon')
    return null
  }
  const type = COUPON_OF[input.content]
  if (!coupon) throw invalid('coupon', 'COUPON_REQUIRED', `a ${input.content} campaign needs a coupon`)
  if (coupon.type !== type)
    throw invalid('coupon.type', 'COUPON_TYPE', `must be ${type} for ${input.content}`)
  const value = coupon.value ?? null
  if (type === 'percentage' && (value === null || value > 100))
    throw invalid('coupon.value', 'PERCENT_RANGE', 'a percentage from 0 to 100')
  if (type === 'flat' && value === null)
    throw invalid('coupon.value', 'AMOUNT_REQUIRED', 'an amount in cents')
  return { ...coupon, value: type === 'product' ? null : value }
}

/** §5 SMS text: GSM-7 or UCS-2 length with the link and the opt-out mention; emoji named with positions. */
function assertSmsText(text: string, link: string | null, f: Franchise) {
  const check = checkSmsText(text, { ...(link ? { link } : {}), optOut: optOutMention(f.codeAlpha3) })
  if (check.isValid) return
  const where = (list: { char: string; position: number }[]) =>
    list.map((o) => `"${o.char}" at ${o.position}`).join(', ')
  const message = check.emoji.length
    ? `emoji are not allowed in an SMS: ${where(check.emoji)}`
    : text.trim() === ''
      ? 'the SMS text is empty'
      : `the SMS is ${check.length} characters with its link and opt-out mention, ${check.limit} at most (${check.encoding})${
          check.nonGsm.length ? `; these characters make it UCS-2: ${where(check.nonGsm)}` : ''
        }`
  throw badRequest('SMS_TEXT_NOT_VALID', `Invalid body: ${notification}.message: ${message}`, {
    field: `${notification}.message`,
    in: 'body',
    encoding: check.encoding,
    length: check.length,
    limit: check.limit,
    emoji: check.emoji,
    nonGsm: check.nonGsm,
  })
}

/** What sending an SMS campaign needs from the franchise: a valid sender id and an active subscription. */
async function assertCanSendSms(db: Db, f: Franchise) {
  const sender = checkSenderId(f.senderId)
  if (!sender.valid)
    throw badRequest('SENDER_ID_NOT_VALID', "The franchise's SMS sender id is not valid", {
      field: 'senderId',
      reason: sender.code,
    })
  // The merchant's subscription (it covers its store owners): staff acting for it meet the same rule.
  const [owner] = f.userId
    ? await db.select({ subscribed: users.isSubscribedRetailer }).from(users).where(eq(users.id, f.userId))
    : []
  if (!owner?.subscribed)
    throw forbidden('SMS campaigns need an active subscription', 'SUBSCRIPTION_REQUIRED')
}

type Prepared = {
  values: Omit<typeof campaigns.$inferInsert, 'franchiseId'>
  startAt: Date | null
}

/** The §5 checks of an editor's input, and the columns it sets (the start: only when `schedule`). */
async function prepare(
  db: Db,
  tenant: Tenant,
  f: Franchise,
  input: CampaignInput,
  now: Date,
  schedule: boolean,
): Promise<Prepared> {
  const cc = input.communicationCampaign
  if (input.newsId) throw invalid('newsId', 'NEWS_NOT_AVAILABLE', 'news items are not available yet')
  const filters = await targetFilters(
    db,
    tenant,
    f,
    cc.campaignFilters,
    'communicationCampaign.campaignFilters',
  )
  // Builds the audience query once: a filter the engine cannot apply yet is refused now, not at send time.
  audienceSelect(f.id, input.channel, filters, { today: localClock(now, f.timezone).day, now })
  const coupon = couponOf(input)
  const link = httpUrl(cc.notification.link, `${notification}.link`)
  const imageUrl = httpUrl(cc.notification.imageUrl, `${notification}.imageUrl`)
  let startAt: Date | null = null
  if (schedule && cc.isScheduled) {
    if (!input.startTime)
      throw invalid('startTime', 'START_TIME_REQUIRED', 'a scheduled campaign needs its start')
    const [h, m] = input.startTime.hour.split(':').map(Number) as [number, number]
    if (h < SENDING_WINDOW.openHour || h >= SENDING_WINDOW.closeHour)
      throw invalid('startTime.hour', 'OUTSIDE_SENDING_WINDOW', 'campaigns are sent from 08:00 to 20:00')
    startAt = localInstant(input.startTime.date, h, m, f.timezone)
    // The minute being chosen is not past yet.
    if (startAt.getTime() < now.getTime() - 60_000)
      throw invalid('startTime', 'START_IN_THE_PAST', 'the start is in the past')
  }
  let endAt: Date | null = null
  if (input.endDate) {
    const [y, m, d] = input.endDate.split('-').map(Number) as [number, number, number]
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
    endAt = new Date(localInstant(next, 0, 0, f.timezone).getTime() - 1)
    if (endAt < (startAt ?? now)) throw invalid('endDate', 'END_BEFORE_START', 'the end is before the start')
  }
  if (input.channel === 'SMS') {
    assertSmsText(cc.notification.message, link, f)
    await assertCanSendSms(db, f)
  }
  return {
    startAt,
    values: {
      name: cc.name,
      type: cc.type,
      content: input.content,
      channel: input.channel,
      title: cc.notification.title,
      message: cc.notification.message,
      imageUrl,
      link,
      filters,
      coupon,
      holdoutPercent: input.holdoutPercent ?? 0,
      endAt,
    },
  }
}

/** POST api/v2/franchises/{id}/communication-campaigns: saved VALID, and sent now or at its start. */
export async function createCampaign(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: CampaignInput,
  queue: CampaignQueue | undefined,
  now = new Date(),
): Promise<Campaign> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  assertAuthor(tenant, f, input.userId)
  const p = await prepare(db, tenant, f, input, now, true)
  const startAt = p.startAt ?? now
  const [row] = await db
    .insert(campaigns)
    .values({
      ...p.values,
      franchiseId: f.id,
      userId: input.userId,
      state: 'VALID',
      dispatch: 'QUEUED',
      isScheduled: p.startAt !== null,
      startAt,
    })
    .returning({ id: campaigns.id })
  await queue?.enqueue(row!.id, startAt, { replace: true })
  return getCampaign(db, tenant, row!.id)
}

/** Whether the campaign's audience is frozen or being sent: it is never sent again. */
const isStarted = (c: Row) => c.frozenAt !== null || c.dispatch === 'SENDING' || c.dispatch === 'SENT'
const NOT_STARTED = and(
  sql`${campaigns.frozenAt} is null`,
  inArray(campaigns.dispatch, ['IDLE', 'QUEUED', 'PAUSED']),
)

const cancelled = () => conflict('COMMUNICATION_CAMPAIGN_CANCELLED', 'The campaign is cancelled')
const alreadySent = (field: string) =>
  new AppError(
    409,
    'COMMUNICATION_CAMPAIGN_ALREADY_SENT',
    `The campaign is sent: its ${field} cannot change`,
    {
      field,
    },
  )

/** JSON with sorted keys: jsonb does not keep the order the filters were written in. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v)

/**
 * PUT api/v2/communication-campaigns/{id}. Not started: replaced and sent now or at its (new) start.
 * Started: its text, name and coupon may change, never what chose its frozen audience, and it is not
 * queued again nor its start moved.
 */
export async function updateCampaign(
  db: Db,
  tenant: Tenant,
  id: string,
  input: CampaignInput,
  queue: CampaignQueue | undefined,
  now = new Date(),
): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id)
  if (c.state === 'CANCELLED' || c.dispatch === 'CANCELLED') throw cancelled()
  const f = await scopedFranchise(db, tenant, c.franchiseId)
  assertAuthor(tenant, f, input.userId, c.userId)
  const started = isStarted(c)
  const p = await prepare(db, tenant, f, input, now, !started)
  const scope = and(eq(campaigns.id, c.id), campaignInScope(tenant))
  if (started) {
    const frozen: [string, unknown, unknown][] = [
      ['channel', c.channel, p.values.channel],
      ['content', c.content, p.values.content],
      ['communicationCampaign.campaignFilters', c.filters, p.values.filters],
      ['holdoutPercent', c.holdoutPercent, p.values.holdoutPercent],
    ]
    const changed = frozen.find(([, was, is]) => canonical(was) !== canonical(is))
    if (changed) throw alreadySent(changed[0])
    await db
      .update(campaigns)
      .set({ ...p.values, updatedAt: now })
      .where(scope)
    return getCampaign(db, tenant, c.id)
  }
  const startAt = p.startAt ?? now
  const [done] = await db
    .update(campaigns)
    .set({
      ...p.values,
      state: 'VALID',
      dispatch: 'QUEUED',
      pauseReason: null,
      isScheduled: p.startAt !== null,
      startAt,
      updatedAt: now,
    })
    .where(and(scope, NOT_STARTED))
    .returning({ id: campaigns.id })
  // Its dispatch began between the read and this write: the edit would re-send it.
  if (!done) throw alreadySent('startTime')
  await queue?.enqueue(c.id, startAt, { replace: true })
  return getCampaign(db, tenant, c.id)
}

/** POST services/v2/franchises/{fid}/communication-campaigns/{id}/send: now (once; a started one stays). */
export async function sendCampaign(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  id: string,
  queue: CampaignQueue | undefined,
  now = new Date(),
): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id, franchiseId)
  if (c.state === 'CANCELLED' || c.dispatch === 'CANCELLED') throw cancelled()
  if (isStarted(c) || c.dispatch === 'PAUSED') return getCampaign(db, tenant, c.id)
  if (c.channel === 'SMS') await assertCanSendSms(db, await scopedFranchise(db, tenant, c.franchiseId))
  const [done] = await db
    .update(campaigns)
    .set({ state: 'VALID', dispatch: 'QUEUED', isScheduled: false, startAt: now, updatedAt: now })
    .where(and(eq(campaigns.id, c.id), campaignInScope(tenant), NOT_STARTED))
    .returning({ id: campaigns.id })
  if (done) await queue?.enqueue(c.id, now, { replace: true })
  return getCampaign(db, tenant, c.id)
}

/** PATCH …/{id}/pause: a waiting or sending campaign stops after the message in flight. */
export async function pauseCampaign(db: Db, tenant: Tenant, id: string, now = new Date()): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id)
  if (c.dispatch === 'PAUSED') return getCampaign(db, tenant, c.id)
  const [done] = await db
    .update(campaigns)
    .set({ dispatch: 'PAUSED', pauseReason: 'MERCHANT', updatedAt: now })
    .where(
      and(
        eq(campaigns.id, c.id),
        campaignInScope(tenant),
        eq(campaigns.state, 'VALID'),
        inArray(campaigns.dispatch, ['QUEUED', 'SENDING']),
      ),
    )
    .returning({ id: campaigns.id })
  if (!done)
    throw conflict('COMMUNICATION_CAMPAIGN_NOT_SENDING', 'Only a campaign waiting or sending can be paused')
  return getCampaign(db, tenant, c.id)
}

/** PATCH …/{id}/resume: after the merchant's pause or the circuit breaker's, sending goes on. */
export async function resumeCampaign(
  db: Db,
  tenant: Tenant,
  id: string,
  queue: CampaignQueue | undefined,
  now = new Date(),
): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id)
  if (c.state === 'VALID' && (c.dispatch === 'QUEUED' || c.dispatch === 'SENDING'))
    return getCampaign(db, tenant, c.id)
  if (c.dispatch !== 'PAUSED' || c.state !== 'VALID')
    throw conflict('COMMUNICATION_CAMPAIGN_NOT_PAUSED', 'Only a paused campaign can be resumed')
  if (c.channel === 'SMS') await assertCanSendSms(db, await scopedFranchise(db, tenant, c.franchiseId))
  const [done] = await db
    .update(campaigns)
    .set({
      dispatch: sql`case when ${campaigns.frozenAt} is null then 'QUEUED' else 'SENDING' end`,
      pauseReason: null,
      updatedAt: now,
    })
    .where(and(eq(campaigns.id, c.id), campaignInScope(tenant), eq(campaigns.dispatch, 'PAUSED')))
    .returning({ startAt: campaigns.startAt })
  if (done) {
    const at = done.startAt && done.startAt > now ? done.startAt : now
    await queue?.enqueue(c.id, at, { replace: true })
  }
  return getCampaign(db, tenant, c.id)
}

/** The recipients not yet attempted are CANCELLED (the sent ones stay as they are). */
export async function cancelPending(db: Db | Tx, campaign: { id: string; franchiseId: string }) {
  await db
    .update(campaignRecipients)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(campaignRecipients.campaignId, campaign.id),
        eq(campaignRecipients.franchiseId, campaign.franchiseId),
        eq(campaignRecipients.status, 'PENDING'),
      ),
    )
}

/** PATCH …/{id}/cancel: CANCELLED at once, its pending recipients too; answers the new state. */
export async function cancelCampaign(
  db: Db,
  tenant: Tenant,
  id: string,
  now = new Date(),
): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id)
  await db.transaction(async (tx) => {
    await tx
      .update(campaigns)
      .set({
        state: 'CANCELLED',
        // A finished send stays finished; anything else stops.
        dispatch: sql`case when ${campaigns.dispatch} = 'SENT' then 'SENT' else 'CANCELLED' end`,
        pauseReason: null,
        updatedAt: now,
      })
      .where(and(eq(campaigns.id, c.id), campaignInScope(tenant)))
    await cancelPending(tx, c)
  })
  return getCampaign(db, tenant, c.id)
}

/** Campaigns whose dispatch should be queued (after a restart, a lost job): waiting or sending. */
export async function liveCampaigns(db: Db) {
  return db
    .select({ id: campaigns.id, startAt: campaigns.startAt })
    .from(campaigns)
    .where(and(eq(campaigns.state, 'VALID'), inArray(campaigns.dispatch, ['QUEUED', 'SENDING'])))
}
