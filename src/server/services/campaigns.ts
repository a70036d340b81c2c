// The campaign writes (issue 18; SPEC §4 Campaign, §5 Campaign and SMS sender, §7): create and edit with
// the §5 rules, send, pause, resume and cancel. §4: a campaign saved without a schedule is sent now, a
// scheduled one at its start (a wall-clock time in the franchise's time zone); once its audience is
// frozen it is never sent again by an edit, and its start stays. The sending itself is the dispatch
// job's (jobs/campaigns.ts): these functions check the request, move the campaign through its
// lifecycle (campaign-lifecycle.ts, the only writer of its state) and queue the job.
import { and, eq, sql } from 'drizzle-orm'
import type { Campaign, CampaignInput } from '../../domain/campaign-contract'
import type { Db, Tx } from '../db/client'
import { campaigns } from '../db/schema'
import { AppError, conflict } from '../errors'
import {
  cancelCampaignState,
  insertCampaign,
  isCancelled,
  pauseCampaignDispatch,
  requeueCampaign,
  resumeCampaignDispatch,
} from './campaign-lifecycle'
import { applyNews } from './campaign-news'
import { getCampaign } from './campaign-queries'
import { campaignRow } from './campaign-rows'
import { assertAuthor, assertCanSendSms, prepare } from './campaign-rules'
import { campaignInScope, scopedFranchise, type Tenant } from './scope'

/** Where the dispatch job is queued (pg-boss in the server; absent when the server runs without jobs). */
export type CampaignQueue = {
  /** Runs the campaign's dispatch at `at`; `replace`: a job already waiting for it is dropped first. */
  enqueue(campaignId: string, at: Date, options?: { replace?: boolean }): Promise<void>
}

type Row = typeof campaigns.$inferSelect

/** POST api/v2/franchises/{id}/communication-campaigns: saved VALID, and sent now or at its start. */
/** What saving a campaign needs besides its input: the job queue, the public URL its short links use. */
export type SaveContext = { queue: CampaignQueue | undefined; publicUrl: string }

export async function createCampaign(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: CampaignInput,
  { queue, publicUrl }: SaveContext,
  now = new Date(),
): Promise<Campaign> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  assertAuthor(tenant, f, input.userId)
  const p = await prepare(db, tenant, f, input, { now, schedule: true, publicUrl })
  const startAt = p.startAt ?? now
  // The news it creates and the campaign are written together: a refused one leaves neither.
  const id = await db.transaction(async (tx) => {
    const news = await applyNews(tx, tenant, f.id, p.news, now)
    const row = await insertCampaign(tx, {
      ...p.values,
      ...news,
      franchiseId: f.id,
      userId: input.userId,
      isScheduled: p.startAt !== null,
      startAt,
    })
    return row.id
  })
  await queue?.enqueue(id, startAt, { replace: true })
  return getCampaign(db, tenant, id)
}

/** Whether the campaign's audience is frozen or being sent: it is never sent again. */
const isStarted = (c: Row) => c.frozenAt !== null || c.dispatch === 'SENDING' || c.dispatch === 'SENT'

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
  { queue, publicUrl }: SaveContext,
  now = new Date(),
): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id)
  if (isCancelled(c)) throw cancelled()
  const f = await scopedFranchise(db, tenant, c.franchiseId)
  assertAuthor(tenant, f, input.userId, c.userId)
  const started = isStarted(c)
  const p = await prepare(db, tenant, f, input, {
    now,
    schedule: !started,
    publicUrl,
    currentNewsId: c.newsId,
  })
  const scope = and(eq(campaigns.id, c.id), campaignInScope(tenant))
  if (started) {
    // Its news was announced with it: it is neither replaced nor created again.
    if (p.news.kind === 'create' || (p.news.kind === 'link' && p.news.id !== c.newsId))
      throw alreadySent('newsId')
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
  await db.transaction(async (tx) => {
    const news = await applyNews(tx, tenant, f.id, p.news, now)
    const [done] = await requeueCampaign(tx, scope, {
      ...p.values,
      ...news,
      isScheduled: p.startAt !== null,
      startAt,
      updatedAt: now,
    })
    // Its dispatch began between the read and this write: the edit would re-send it (nor its news).
    if (!done) throw alreadySent('startTime')
  })
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
  if (isCancelled(c)) throw cancelled()
  if (isStarted(c) || c.dispatch === 'PAUSED') return getCampaign(db, tenant, c.id)
  if (c.channel === 'SMS') await assertCanSendSms(db, await scopedFranchise(db, tenant, c.franchiseId))
  const [done] = await requeueCampaign(db, and(eq(campaigns.id, c.id), campaignInScope(tenant)), {
    isScheduled: false,
    startAt: now,
    updatedAt: now,
  })
  if (done) await queue?.enqueue(c.id, now, { replace: true })
  return getCampaign(db, tenant, c.id)
}

/** PATCH …/{id}/pause: a waiting or sending campaign stops after the message in flight. */
export async function pauseCampaign(db: Db, tenant: Tenant, id: string, now = new Date()): Promise<Campaign> {
  const c = await campaignRow(db, tenant, id)
  if (c.dispatch === 'PAUSED') return getCampaign(db, tenant, c.id)
  const [done] = await pauseCampaignDispatch(
    db,
    and(eq(campaigns.id, c.id), campaignInScope(tenant)),
    'MERCHANT',
    now,
  )
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
  const [done] = await resumeCampaignDispatch(db, and(eq(campaigns.id, c.id), campaignInScope(tenant)), now)
  if (done) {
    const at = done.startAt && done.startAt > now ? done.startAt : now
    await queue?.enqueue(c.id, at, { replace: true })
  }
  return getCampaign(db, tenant, c.id)
}

/**
 * The campaign's PENDING recipients CANCELLED, and the unused coupons they hold withdrawn: a chunk's
 * coupons are issued before the send and kept when the chunk is given back (pause, window, lease), so a
 * paused campaign's waiting rows may carry one. One statement: the rows are locked while their coupons
 * go, so a worker cannot claim one in between and send a coupon that no longer exists.
 */
export async function cancelPending(db: Db | Tx, campaign: { id: string; franchiseId: string }) {
  await db.execute(sql`
    with pending as (
      select client_id, coupon_id from campaign_recipients
      where campaign_id = ${campaign.id} and franchise_id = ${campaign.franchiseId} and status = 'PENDING'
      for update),
    withdrawn as (
      delete from coupons k using pending p
      where k.id = p.coupon_id and k.franchise_id = ${campaign.franchiseId} and k.claimed_at is null
      returning k.id)
    update campaign_recipients r
    set status = 'CANCELLED',
      coupon_id = case when r.coupon_id in (select id from withdrawn) then null else r.coupon_id end
    from pending p
    where r.campaign_id = ${campaign.id} and r.franchise_id = ${campaign.franchiseId}
      and r.client_id = p.client_id and r.status = 'PENDING'`)
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
    await cancelCampaignState(tx, and(eq(campaigns.id, c.id), campaignInScope(tenant)), now)
    await cancelPending(tx, c)
  })
  return getCampaign(db, tenant, c.id)
}
