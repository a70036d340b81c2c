// The campaign reads (issue 18, SPEC §7 "Campaigns and news"): a campaign with its progress, the paged
// history, the frozen recipients of a send, and the audience calls (cost, notified users). The
// campaign's scope: its franchise, and for a store owner only the campaigns aimed at its own stores.
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import {
  type AudienceInput,
  type Campaign,
  type CampaignCost,
  type CampaignHistoryQuery,
  type CampaignHistoryRow,
  type CampaignPage,
  type CampaignProgress,
  DISPATCH_STATES,
  type DisplayStatus,
  displayStatus,
  type NotifiedUserPage,
  type RECIPIENT_STATUSES,
  type RecipientPage,
  type ShortLinkBase,
} from '../../domain/campaign-contract'
import {
  type CampaignFilters,
  type Channel,
  filterErrors,
  localClock,
  sendingRulesFor,
  sendMoment,
} from '../../domain/campaigns'
import { campaignCost } from '../../domain/sms'
import { type Db, rowsOf } from '../db/client'
import { campaignRecipients, campaigns, clients, type franchises, stores } from '../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../errors'
import { audienceSelect, countAudience } from './campaign-audience'
import { type CampaignRow, campaignRow, flatten, selectCampaigns } from './campaign-rows'
import { statsByCampaign } from './campaign-stats'
import { isPublicHoliday } from './public-holidays'
import {
  campaignInScope,
  inScope,
  type Scope,
  STORE_COLS,
  scopedFranchise,
  storeIdsFor,
  type Tenant,
} from './scope'

const EMPTY_PROGRESS: CampaignProgress = {
  pending: 0,
  sending: 0,
  sent: 0,
  error: 0,
  skipped: 0,
  cancelled: 0,
  holdout: 0,
}

/** Recipient counts by status of each campaign (the primary key leads with the campaign). */
async function progressOf(db: Db, rows: CampaignRow[]): Promise<Map<string, CampaignProgress>> {
  const out = new Map(rows.map((r) => [r.id, { ...EMPTY_PROGRESS }]))
  if (!rows.length) return out
  const counts = await db
    .select({ id: campaignRecipients.campaignId, status: campaignRecipients.status, n: count() })
    .from(campaignRecipients)
    .where(
      and(
        inArray(
          campaignRecipients.campaignId,
          rows.map((r) => r.id),
        ),
        inArray(campaignRecipients.franchiseId, [...new Set(rows.map((r) => r.franchiseId))]),
      ),
    )
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status)
  for (const c of counts) {
    const p = out.get(c.id)
    const key = c.status.toLowerCase() as keyof CampaignProgress
    if (p && key in p) p[key] = c.n
  }
  return out
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * When a campaign not sent yet really goes out: its start, or the engine's next opening after it
 * (night, a quiet day of SMS); null once it went out (its audience frozen) or was cancelled, or
 * without a start yet.
 */
export function sendsAtOf(r: CampaignRow, dispatch: Campaign['dispatchStatus']): Date | null {
  if (!r.startAt || r.frozenAt || r.state === 'CANCELLED' || dispatch === 'SENT' || dispatch === 'CANCELLED')
    return null
  const rules = sendingRulesFor(r.channel as Channel, r, (day) => isPublicHoliday(r.country, day))
  return sendMoment(r.startAt, rules).at
}

export function toCampaign(r: CampaignRow, progress: CampaignProgress): Campaign {
  const dispatch = (DISPATCH_STATES as readonly string[]).includes(r.dispatch)
    ? (r.dispatch as Campaign['dispatchStatus'])
    : 'IDLE'
  const start = r.isScheduled && r.startAt ? localClock(r.startAt, r.timezone) : null
  return {
    id: r.id,
    franchiseId: r.franchiseId,
    userId: r.userId,
    channel: r.channel as Campaign['channel'],
    content: r.content as Campaign['content'],
    state: r.state as Campaign['state'],
    dispatchStatus: dispatch,
    pauseReason: r.pauseReason,
    displayStatus: displayStatus({
      state: r.state as Campaign['state'],
      dispatchStatus: dispatch,
      isScheduled: r.isScheduled,
      errors: progress.error,
      sent: progress.sent,
    }),
    communicationCampaign: {
      name: r.name,
      type: r.type as Campaign['communicationCampaign']['type'],
      userId: r.userId,
      notification: { title: r.title, message: r.message, imageUrl: r.imageUrl, link: r.link },
      isScheduled: r.isScheduled,
      campaignFilters: r.filters,
      dateCreated: r.createdAt.toISOString(),
    },
    coupon: r.coupon,
    startTime: start ? { date: start.day, hour: `${pad(start.hour)}:${pad(start.minute)}` } : null,
    startDate: r.startAt?.toISOString() ?? null,
    endDate: r.endAt?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
    sendsAt: sendsAtOf(r, dispatch)?.toISOString() ?? null,
    isScheduled: r.isScheduled,
    isSent: dispatch === 'SENT',
    holdoutPercent: r.holdoutPercent,
    newsId: r.newsId,
    isNewsDifferentFromCampaign: r.isNewsDifferent,
    news: r.linkedNews,
    author: r.userId ? { id: r.userId, name: r.authorName ?? '' } : null,
    progress,
  }
}

/** GET api/v2/communication-campaigns/{id}: the campaign with its progress. */
export async function getCampaign(db: Db, scope: Scope, id: string): Promise<Campaign> {
  const row = await campaignRow(db, scope, id)
  return toCampaign(row, (await progressOf(db, [row])).get(row.id)!)
}

/**
 * The history's figures of each campaign: `notified` counted live from the recipients; opened %,
 * conversion and turnover from the stats rollup (campaign_stats, at most a minute old), 0 before its
 * first run.
 */
function historyFigures(progress: CampaignProgress, rolled: RolledUp | undefined) {
  return {
    notified: progress.sent,
    openedPercent: rolled?.openedPercent ?? 0,
    conversionPercent: rolled?.conversionPercent ?? 0,
    turnoverCents: rolled?.turnoverCents ?? 0,
  }
}
type RolledUp = Awaited<ReturnType<typeof statsByCampaign>>[string]

const has = (status: string) =>
  sql`exists (select 1 from ${campaignRecipients} r where r.campaign_id = ${campaigns.id} and r.status = ${status})`

/** §3 displayed statuses as conditions, the same rule as `displayStatus`. */
function statusCondition(status: DisplayStatus): SQL {
  const cancelled = sql`(${campaigns.state} = 'CANCELLED' or ${campaigns.dispatch} = 'CANCELLED')`
  const failed = sql`(${has('ERROR')} and not ${has('SENT')})`
  switch (status) {
    case 'canceled':
      return cancelled
    case 'error':
      return sql`not ${cancelled} and ${campaigns.dispatch} = 'SENT' and ${failed}`
    case 'finished':
      return sql`not ${cancelled} and ${campaigns.dispatch} = 'SENT' and not ${failed}`
    case 'in progress':
      return sql`not ${cancelled} and (${campaigns.dispatch} in ('PAUSED', 'SENDING')
        or (${campaigns.dispatch} in ('QUEUED', 'IDLE') and not ${campaigns.isScheduled}))`
    case 'scheduled':
      return sql`not ${cancelled} and ${campaigns.dispatch} in ('QUEUED', 'IDLE') and ${campaigns.isScheduled}`
  }
}

/** GET api/v2/franchises/{id}/communication-campaigns: the history, newest first. */
export async function listCampaigns(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  q: CampaignHistoryQuery,
): Promise<CampaignPage> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  const when = sql`(coalesce(${campaigns.startAt}, ${campaigns.createdAt}) at time zone ${f.timezone})::date`
  const where = and(
    eq(campaigns.franchiseId, f.id),
    // An automated marketing's runs are its own (issue 20), not the merchant's campaigns.
    isNull(campaigns.automationId),
    campaignInScope(tenant),
    q.status ? statusCondition(q.status) : undefined,
    q.channel ? eq(campaigns.channel, q.channel) : undefined,
    q.from ? sql`${when} >= ${q.from}::date` : undefined,
    q.to ? sql`${when} <= ${q.to}::date` : undefined,
  )
  const [total] = await db.select({ n: count() }).from(campaigns).where(where)
  const rows = (
    await selectCampaigns(db)
      .where(where)
      .orderBy(desc(sql`coalesce(${campaigns.startAt}, ${campaigns.createdAt})`), desc(campaigns.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size)
  ).map(flatten)
  const progress = await progressOf(db, rows)
  // The rows are the caller's campaigns already: their rolled-up figures by id.
  const rolled = await statsByCampaign(
    db,
    rows.map((r) => r.id),
  )
  const items: CampaignHistoryRow[] = rows.map((r) => {
    const p = progress.get(r.id)!
    return { ...toCampaign(r, p), ...historyFigures(p, rolled[r.id]) }
  })
  return { items, page: q.page, size: q.size, total: total?.n ?? 0 }
}

/** GET api/v2/communication-campaigns/{id}/recipients: the frozen audience, page by page. */
export async function listRecipients(
  db: Db,
  scope: Scope,
  id: string,
  q: { page: number; size: number; status?: (typeof RECIPIENT_STATUSES)[number] | undefined },
): Promise<RecipientPage> {
  const c = await campaignRow(db, scope, id)
  const where = and(
    eq(campaignRecipients.campaignId, c.id),
    eq(campaignRecipients.franchiseId, c.franchiseId),
    q.status ? eq(campaignRecipients.status, q.status) : undefined,
  )
  const [total] = await db.select({ n: count() }).from(campaignRecipients).where(where)
  const rows = await db
    .select({
      clientId: campaignRecipients.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      address: campaignRecipients.address,
      status: campaignRecipients.status,
      sentAt: campaignRecipients.sentAt,
      error: campaignRecipients.error,
    })
    .from(campaignRecipients)
    .innerJoin(clients, eq(clients.id, campaignRecipients.clientId))
    .where(where)
    .orderBy(campaignRecipients.clientId)
    .limit(q.size)
    .offset((q.page - 1) * q.size)
  return {
    items: rows.map((r) => ({
      ...r,
      status: r.status as RecipientPage['items'][number]['status'],
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    page: q.page,
    size: q.size,
    total: total?.n ?? 0,
  }
}

// ——— The audience: who a set of filters reaches, within what the caller may target ———

type Franchise = typeof franchises.$inferSelect

/**
 * The §5 filter rules (a 400 naming the field, under `prefix`) and the stores the caller may aim at:
 * stores of this franchise, a store owner's own (none given: all of them, never the whole franchise).
 */
export async function targetFilters(
  db: Db,
  tenant: Tenant,
  f: Franchise,
  filters: CampaignFilters,
  prefix: string,
): Promise<CampaignFilters> {
  const [error] = filterErrors(filters)
  if (error)
    throw badRequest('VALIDATION_FAILED', `Invalid body: ${prefix}.${error.field}: ${error.code}`, {
      field: `${prefix}.${error.field}`,
      reason: error.code,
      in: 'body',
    })
  const own = storeIdsFor(tenant, f.id)
  let storeIds = [...new Set(filters.storeIds ?? [])]
  if (own !== null) {
    if (filters.wholeFranchise)
      throw forbidden('A store owner targets its own stores, not the whole franchise', 'STORE_SCOPE_ONLY')
    if (!storeIds.length) storeIds = own
  }
  const center = filters.radius?.center
  const named = [...storeIds, ...(center && 'storeId' in center ? [center.storeId] : [])]
  if (named.length) {
    const found = await db
      .select({ id: stores.id })
      .from(stores)
      .where(and(inArray(stores.id, named), eq(stores.franchiseId, f.id), inScope(tenant, STORE_COLS)))
    const known = new Set(found.map((s) => s.id))
    const missing = named.findIndex((id) => !known.has(id))
    if (missing >= 0)
      throw new AppError(404, 'STORE_NOT_FOUND', 'Store not found', {
        field: missing < storeIds.length ? `${prefix}.storeIds` : `${prefix}.radius.center.storeId`,
      })
  }
  const { storeIds: _given, ...rest } = filters
  return storeIds.length ? { ...rest, storeIds } : rest
}

const clockOf = (f: Franchise, now: Date) => ({ today: localClock(now, f.timezone).day, now })

/** POST services/v2/franchises/{id}/communication-campaigns/cost: price and audience of the filters. */
export async function audienceCost(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: AudienceInput,
  now = new Date(),
): Promise<CampaignCost> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  const filters = await targetFilters(db, tenant, f, input.campaignFilters, 'campaignFilters')
  const n = await countAudience(db, f.id, input.channel, filters, clockOf(f, now))
  // §8 "no user found with these filters": a 404, as the screens show it.
  if (n === 0) throw notFound('NO_USER_FOUND_WITH_THESE_FILTERS', 'No user found with these filters')
  return campaignCost(input.channel, n)
}

/**
 * GET api/v2/franchises/{id}/communication-campaigns/short-link-base: the public URL the dispatch puts
 * in front of each short link (plugins/jobs.ts dispatchDepsOf), for the editor's SMS preview.
 */
export async function shortLinkBase(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  publicUrl: string,
): Promise<ShortLinkBase> {
  await scopedFranchise(db, tenant, franchiseId)
  return { publicUrl }
}

/** POST api/v2/franchises/{id}/communication-campaigns/notified-users: the clients reached, paged. */
export async function notifiedUsers(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  input: AudienceInput,
  page: { page: number; size: number },
  now = new Date(),
): Promise<NotifiedUserPage> {
  const f = await scopedFranchise(db, tenant, franchiseId)
  const filters = await targetFilters(db, tenant, f, input.campaignFilters, 'campaignFilters')
  const clock = clockOf(f, now)
  const total = await countAudience(db, f.id, input.channel, filters, clock)
  const audience = audienceSelect(f.id, input.channel as Channel, filters, clock)
  const res = await db.execute(sql`
    select c.id, c.first_name as "firstName", c.last_name as "lastName", c.phone, c.email
    from (${audience}) a join ${clients} c on c.id = a.client_id and c.franchise_id = ${f.id}
    order by c.last_name nulls last, c.first_name nulls last, c.id
    limit ${page.size} offset ${(page.page - 1) * page.size}`)
  return { items: rowsOf<NotifiedUserPage['items'][number]>(res), page: page.page, size: page.size, total }
}

/** A quiet stretch the engine may wait through (a Sunday and holidays): how far back a start may lie. */
const LONGEST_WAIT_DAYS = 7

/**
 * The offers calendar's campaigns: not cancelled, going out in [from, to), of a store when given. A
 * campaign is at the moment it went out (its audience frozen) or will (sendsAt), not at the start typed.
 */
export async function campaignsStarting(
  db: Db,
  scope: Scope,
  franchiseId: string,
  range: { from: Date; to: Date; storeId: string | null },
) {
  const rows = (
    await selectCampaigns(db)
      .where(
        and(
          eq(campaigns.franchiseId, franchiseId),
          campaignInScope(scope),
          sql`${campaigns.state} <> 'CANCELLED' and ${campaigns.dispatch} <> 'CANCELLED'`,
          sql`${campaigns.startAt} >= ${new Date(range.from.getTime() - LONGEST_WAIT_DAYS * 86_400_000).toISOString()} and ${campaigns.startAt} < ${range.to.toISOString()}`,
          range.storeId
            ? sql`(coalesce(jsonb_array_length(${campaigns.filters} -> 'storeIds'), 0) = 0
                or ${campaigns.filters} -> 'storeIds' @> ${JSON.stringify([range.storeId])}::jsonb)`
            : undefined,
        ),
      )
      .orderBy(campaigns.startAt)
  ).map(flatten)
  const progress = await progressOf(db, rows)
  return rows
    .map((r) => {
      const c = toCampaign(r, progress.get(r.id)!)
      return {
        id: c.id,
        name: c.communicationCampaign.name,
        startAt: r.startAt!,
        at: r.frozenAt ?? (c.sendsAt ? new Date(c.sendsAt) : r.startAt!),
        storeIds: c.communicationCampaign.campaignFilters.storeIds ?? [],
        displayStatus: c.displayStatus,
      }
    })
    .filter((c) => c.at >= range.from && c.at < range.to)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
}
