// A campaign's results (issue 18), rolled up every minute into campaign_stats (jobs/campaign-stats.ts)
// so that the stats calls and the history read one row per campaign, never the ledger.
//
// The campaign period: from its start (start_at; for a campaign sent at once, when its audience was
// frozen) to its end date, or 30 days after the start when it has none. A recipient converted when it
// visited (ledger rows `tag`/`sync`) or bought (amount > 0) in that period, or redeemed the campaign's
// coupon; the turnover is the sum of its purchases in the period. The control group (HOLDOUT rows) is
// measured the same way, without the coupon it never got, and the uplift is the recipients'
// conversion minus the control group's, in points.
//
// Bounded per campaign: a rollup reads the campaign's recipients and, through the ledger's
// (client_id, created_at) index, each one's rows of the period only; the job rolls up the campaigns
// whose period is open or closed less than a day ago, and any whose last rollup predates its end.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CampaignRevenue, CampaignStats } from '../../domain/campaign-contract'
import { type Db, rowsOf } from '../db/client'
import { campaignRecipients, campaignStats, campaigns, users } from '../db/schema'
import { notFound } from '../errors'
import { campaignRow } from './campaign-rows'
import { franchiseIdsOf, type Scope } from './scope'

/** Days a campaign without an end date is measured for. */
export const DEFAULT_PERIOD_DAYS = 30
const DAY_MS = 86_400_000
/** How long after its period closes a campaign keeps being rolled up (late ledger rows, redemptions). */
const GRACE_MS = DAY_MS

type Campaign = typeof campaigns.$inferSelect
type StatsRow = typeof campaignStats.$inferSelect

export function campaignPeriod(c: Pick<Campaign, 'startAt' | 'endAt' | 'frozenAt' | 'sentAt'>) {
  const start = c.startAt ?? c.frozenAt ?? c.sentAt
  if (!start) return null
  return { start, end: c.endAt ?? new Date(start.getTime() + DEFAULT_PERIOD_DAYS * DAY_MS) }
}

type Figures = Omit<StatsRow, 'campaignId' | 'franchiseId' | 'periodStart' | 'periodEnd' | 'asOf'>

/** Rolls one campaign up now; null when it has not been sent (no audience frozen). */
export async function rollupCampaign(db: Db, c: Campaign, now = new Date()): Promise<StatsRow | null> {
  const period = campaignPeriod(c)
  if (!c.frozenAt || !period) return null
  const start = period.start.toISOString()
  const end = period.end.toISOString()
  const res = await db.execute(sql`
    with r as (
      select r.client_id, r.status, r.opened_at, r.coupon_id, r.delivery
      from campaign_recipients r
      where r.campaign_id = ${c.id} and r.franchise_id = ${c.franchiseId} and r.status in ('SENT', 'HOLDOUT')
    ), a as (
      select r.status, r.opened_at, r.delivery, t.active, t.cents, cp.claimed_at is not null as redeemed
      from r
      left join lateral (
        select bool_or(pt.type in ('tag', 'sync') or pt.amount_cents > 0) as active,
               coalesce(sum(pt.amount_cents) filter (where pt.amount_cents > 0), 0)::bigint as cents
        from points_transactions pt
        where pt.client_id = r.client_id and pt.franchise_id = ${c.franchiseId}
          and pt.created_at >= ${start} and pt.created_at < ${end}
      ) t on true
      left join coupons cp on cp.id = r.coupon_id and cp.franchise_id = ${c.franchiseId}
    )
    select
      (count(*) filter (where status = 'SENT'))::int as notified,
      (count(*) filter (where status = 'SENT' and opened_at is not null))::int as opened,
      (count(*) filter (where status = 'SENT' and delivery = 'DELIVERED'))::int as delivered,
      (count(*) filter (where status = 'SENT' and (coalesce(active, false) or coalesce(redeemed, false))))::int as converted,
      coalesce(sum(cents) filter (where status = 'SENT'), 0)::bigint as "turnoverCents",
      (count(*) filter (where status = 'HOLDOUT'))::int as holdout,
      (count(*) filter (where status = 'HOLDOUT' and coalesce(active, false)))::int as "holdoutConverted",
      (select count(*) from coupons c where c.campaign_id = ${c.id} and c.franchise_id = ${c.franchiseId})::int
        as "couponsIssued",
      (select count(*) from coupons c where c.campaign_id = ${c.id} and c.franchise_id = ${c.franchiseId}
        and c.claimed_at is not null)::int as "couponsRedeemed"
    from a`)
  const f = rowsOf<Figures>(res)[0]!
  const row: StatsRow = {
    campaignId: c.id,
    franchiseId: c.franchiseId,
    notified: f.notified,
    opened: f.opened,
    delivered: f.delivered,
    couponsIssued: f.couponsIssued,
    couponsRedeemed: f.couponsRedeemed,
    converted: f.converted,
    turnoverCents: Number(f.turnoverCents),
    holdout: f.holdout,
    holdoutConverted: f.holdoutConverted,
    periodStart: period.start,
    periodEnd: period.end,
    asOf: now,
  }
  const { campaignId: _id, ...update } = row
  await db
    .insert(campaignStats)
    .values(row)
    .onConflictDoUpdate({ target: [campaignStats.campaignId, campaignStats.franchiseId], set: update })
  return row
}

/** The campaigns whose figures can still move: period open, closed within a day, or never rolled up since. */
export async function campaignsToRollUp(db: Db, now = new Date()): Promise<Campaign[]> {
  const graceStart = new Date(now.getTime() - GRACE_MS).toISOString()
  return db
    .select({ c: campaigns })
    .from(campaigns)
    .leftJoin(campaignStats, eq(campaignStats.campaignId, campaigns.id))
    .where(
      sql`${campaigns.frozenAt} is not null and (
        coalesce(${campaigns.endAt}, coalesce(${campaigns.startAt}, ${campaigns.frozenAt}, ${campaigns.sentAt})
          + make_interval(days => ${DEFAULT_PERIOD_DAYS})) > ${graceStart}
        or ${campaignStats.asOf} is null or ${campaignStats.asOf} < ${campaignStats.periodEnd})`,
    )
    .then((rows) => rows.map((r) => r.c))
}

/** The job's run: every campaign still moving, one after the other. */
export async function runCampaignStats(db: Db, now = new Date()) {
  const due = await campaignsToRollUp(db, now)
  for (const c of due) await rollupCampaign(db, c, now)
  return { campaigns: due.length }
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0)

function toStats(s: StatsRow): CampaignStats {
  const conversion = percent(s.converted, s.notified)
  return {
    notified: s.notified,
    deliveredPercent: percent(s.delivered, s.notified),
    openedPercent: percent(s.opened, s.notified),
    couponsIssued: s.couponsIssued,
    couponsRedeemed: s.couponsRedeemed,
    conversionPercent: conversion,
    turnoverCents: s.turnoverCents,
    upliftPercent:
      s.holdout > 0 ? Math.round((conversion - percent(s.holdoutConverted, s.holdout)) * 10) / 10 : null,
    asOf: s.asOf.toISOString(),
  }
}

const EMPTY = { notified: 0, openedPercent: 0, conversionPercent: 0, turnoverCents: 0 }

/** A send that no longer moves: finished, cancelled or paused. */
const SETTLED_DISPATCH = ['SENT', 'CANCELLED', 'PAUSED']

/** Recipients the message reached so far, counted live (the primary key leads with the campaign). */
async function sentCount(db: Db, c: Campaign) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, c.id),
        eq(campaignRecipients.franchiseId, c.franchiseId),
        eq(campaignRecipients.status, 'SENT'),
      ),
    )
  return r?.n ?? 0
}

/**
 * GET api/v2/communication-campaigns/{id}/stats: the rolled-up row, rolled up now if it has none yet, or
 * if the send has settled since it was (its `notified` is not the recipients reached): the detail page
 * reads the results again when the progress says finished, and must not get a figure of mid-send
 * (at most once per settled send: afterwards the row agrees).
 */
export async function campaignStatsOf(db: Db, scope: Scope, campaignId: string, now = new Date()) {
  const c = await campaignRow(db, scope, campaignId)
  const [row] = await db
    .select()
    .from(campaignStats)
    .where(and(eq(campaignStats.campaignId, c.id), eq(campaignStats.franchiseId, c.franchiseId)))
  // A finished send says when (sentAt): a row rolled up before then is stale, with no count at all. A
  // paused or cancelled one has no such instant: its reached recipients are counted (one index range).
  const stale =
    !!row &&
    (c.dispatch === 'SENT' && c.sentAt
      ? row.asOf < c.sentAt
      : SETTLED_DISPATCH.includes(c.dispatch) && row.notified !== (await sentCount(db, c)))
  const stats = row && !stale ? row : await rollupCampaign(db, c, now)
  return stats
    ? toStats(stats)
    : {
        ...EMPTY,
        deliveredPercent: 0,
        couponsIssued: 0,
        couponsRedeemed: 0,
        upliftPercent: null,
        asOf: now.toISOString(),
      }
}

/** The history list's figures, per campaign id (zeros for a campaign not rolled up yet). */
export async function statsByCampaign(
  db: Db,
  campaignIds: string[],
): Promise<
  Record<
    string,
    { notified: number; openedPercent: number; conversionPercent: number; turnoverCents: number }
  >
> {
  const out: Record<string, typeof EMPTY> = Object.fromEntries(campaignIds.map((id) => [id, { ...EMPTY }]))
  if (!campaignIds.length) return out
  const rows = await db.select().from(campaignStats).where(inArray(campaignStats.campaignId, campaignIds))
  for (const s of rows) {
    const { notified, openedPercent, conversionPercent, turnoverCents } = toStats(s)
    out[s.campaignId] = { notified, openedPercent, conversionPercent, turnoverCents }
  }
  return out
}

/**
 * GET api/v2/users/{id}/communication-campaigns/revenue: the turnover the campaigns of the user's
 * franchises brought. The user is the caller, or for staff any user (404 for an unknown one).
 */
export async function campaignRevenue(
  db: Db,
  scope: Scope & { userId: string },
  userId: string,
): Promise<CampaignRevenue> {
  if (userId !== scope.userId) {
    const [user] = scope.everyFranchise
      ? await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
      : []
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found')
  }
  const franchiseIds = await franchiseIdsOf(db, userId)
  if (!franchiseIds.length) return { revenueCents: 0, campaigns: 0 }
  const [row] = await db
    .select({
      revenueCents: sql<string>`coalesce(sum(${campaignStats.turnoverCents}), 0)`,
      campaigns: sql<number>`count(*)::int`,
    })
    .from(campaignStats)
    .where(inArray(campaignStats.franchiseId, franchiseIds))
  return { revenueCents: Number(row?.revenueCents ?? 0), campaigns: row?.campaigns ?? 0 }
}
