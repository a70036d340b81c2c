// Automated marketing (issue 20; SPEC §3 Automated marketing, §4, §7): a franchise's three automations,
// their edits, their figures and the revenue they brought. Full access only (the routes); a foreign id
// is a 404. The sending is the daily run's (automation-selection.ts, jobs/automations.ts): an edit never
// sends; switching on starts from today, switching off stops from the next run.
import { and, eq, sql } from 'drizzle-orm'
import {
  AUTOMATION_TYPES,
  type Automation,
  type AutomationDetail,
  type AutomationInput,
  type AutomationType,
  addDays,
  contentOf,
  type MonthFigures,
  nextRunAt,
  percentOf,
  RUN_HOUR,
  resetToType,
} from '../../domain/automations'
import type { CampaignInput } from '../../domain/campaign-contract'
import { localClock, localInstant } from '../../domain/campaigns'
import { franchiseLocale } from '../../domain/locale'
import { type Db, rowsOf } from '../db/client'
import { automatedMarketings, type franchises } from '../db/schema'
import { AppError, badRequest, notFound } from '../errors'
import { prepare } from './campaign-rules'
import { homeFranchiseId, inScope, scopedFranchise, scopedId, type Tenant } from './scope'

type Row = typeof automatedMarketings.$inferSelect
type Franchise = typeof franchises.$inferSelect
const COLS = { id: automatedMarketings.id, franchiseId: automatedMarketings.franchiseId }

export const automationNotFound = () =>
  notFound('AUTOMATED_MARKETING_NOT_FOUND', 'Automated marketing not found')

/**
 * The three automations exist from the first read: inactive, with their type's default text in the
 * franchise's language (its customers read it, and its opt-out mention is in it too).
 */
async function ensureAutomations(db: Db, f: Franchise) {
  await db
    .insert(automatedMarketings)
    .values(
      AUTOMATION_TYPES.map((type) => {
        const d = resetToType(type, false, franchiseLocale(f.codeAlpha3))
        return {
          franchiseId: f.id,
          userId: f.userId,
          type,
          title: d.title,
          name: d.title,
          notificationTitle: d.notification.title,
          message: d.message,
        }
      }),
    )
    .onConflictDoNothing()
}

type Figures = {
  automationId: string
  sent: number
  sentThisMonth: number
  opened: number
  couponsIssued: number
  couponsRedeemed: number
  converted: number
  turnover: number
  currentTurnover: number
}

/** The start of the franchise's current local month. */
const monthStart = (f: Franchise, now: Date) =>
  localInstant(`${localClock(now, f.timezone).day.slice(0, 7)}-01`, 0, f.timezone)

/**
 * Each automation's figures: the sends from its runs' recipients (exact, at once), the rest from the
 * runs' rolled-up campaign stats (jobs/campaign-stats.ts), read through campaigns_automation_idx.
 */
async function figuresOf(db: Db, f: Franchise, ids: string[], now: Date): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>()
  if (!ids.length) return out
  const month = monthStart(f, now).toISOString()
  const res = await db.execute(sql`
    select c.automation_id as "automationId",
      coalesce(sum(r.sent), 0)::int as sent, coalesce(sum(r.sent_month), 0)::int as "sentThisMonth",
      coalesce(sum(s.opened), 0)::int as opened, coalesce(sum(s.coupons_issued), 0)::int as "couponsIssued",
      coalesce(sum(s.coupons_redeemed), 0)::int as "couponsRedeemed", coalesce(sum(s.converted), 0)::int as converted,
      coalesce(sum(s.turnover_cents), 0)::bigint as turnover,
      coalesce(sum(s.turnover_cents) filter (where c.start_at >= ${month}), 0)::bigint as "currentTurnover"
    from campaigns c
    left join campaign_stats s on s.campaign_id = c.id
    left join lateral (
      select count(*) filter (where rc.status = 'SENT') as sent,
             count(*) filter (where rc.status = 'SENT' and rc.sent_at >= ${month}) as sent_month
      from campaign_recipients rc where rc.campaign_id = c.id) r on true
    where c.franchise_id = ${f.id} and c.automation_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by c.automation_id`)
  for (const r of rowsOf<Figures>(res))
    out.set(r.automationId, {
      ...r,
      turnover: Number(r.turnover),
      currentTurnover: Number(r.currentTurnover),
    })
  return out
}

/** When an automation runs, for its franchise (the job's RUN_HOUR, the zone, the next run when on). */
const scheduleOf = (a: Row, f: Franchise, now: Date) => ({
  hour: RUN_HOUR,
  timezone: f.timezone,
  nextRunAt: a.isActive ? nextRunAt(now, f.timezone, a.lastRunDay).toISOString() : null,
})

function toAutomation(a: Row, f: Franchise, g: Figures | undefined, now: Date): Automation {
  const sent = g?.sent ?? 0
  const converted = g?.converted ?? 0
  const turnover = g?.turnover ?? 0
  const averageBasket = converted > 0 ? Math.round(turnover / converted) : 0
  return {
    id: a.id,
    franchiseId: a.franchiseId,
    userId: a.userId,
    title: a.title,
    isActive: a.isActive,
    type: a.type as AutomationType,
    coupon: a.coupon,
    message: a.message,
    communicationCampaignType: a.channel as Automation['communicationCampaignType'],
    communicationCampaignAverageBasket: averageBasket,
    communicationCampaign: {
      type: 'NOTIFICATION',
      name: a.name,
      userId: a.userId,
      dateCreated: a.createdAt.toISOString(),
      notification: { title: a.notificationTitle, imageUrl: a.imageUrl, link: a.link },
      campaignFilters: a.filters,
    },
    timing: { daysBefore: a.daysBefore, delayDays: a.delayDays },
    lastRunAt: a.lastRunAt?.toISOString() ?? null,
    schedule: scheduleOf(a, f, now),
    lostAfter: a.type === 'LOST_CUSTOMER' ? f.customersQualification.lostCustomers.timeSinceLastVisit : null,
    sentThisMonth: g?.sentThisMonth ?? 0,
    currentMarketingRevenue: g?.currentTurnover ?? 0,
    totalMarketingRevenue: turnover,
    stats: {
      sent,
      opened: g?.opened ?? 0,
      openedPercent: percentOf(g?.opened ?? 0, sent),
      couponsGenerated: g?.couponsIssued ?? 0,
      couponsRedeemed: g?.couponsRedeemed ?? 0,
      converted,
      conversionPercent: percentOf(converted, sent),
      turnover,
      averageBasket,
    },
  }
}

/** GET /api/v2/franchises/{id}/automated-marketings: the three, in type order. */
export async function listAutomations(db: Db, tenant: Tenant, franchiseId: string, now = new Date()) {
  const f = await scopedFranchise(db, tenant, franchiseId)
  await ensureAutomations(db, f)
  const rows = await db
    .select()
    .from(automatedMarketings)
    .where(and(eq(automatedMarketings.franchiseId, f.id), inScope(tenant, COLS)))
  const figures = await figuresOf(
    db,
    f,
    rows.map((r) => r.id),
    now,
  )
  return rows
    .sort(
      (a, b) =>
        AUTOMATION_TYPES.indexOf(a.type as AutomationType) -
        AUTOMATION_TYPES.indexOf(b.type as AutomationType),
    )
    .map((r) => toAutomation(r, f, figures.get(r.id), now))
}

async function automationRow(db: Db, tenant: Tenant, id: string) {
  const [row] = await db
    .select()
    .from(automatedMarketings)
    .where(scopedId(tenant, COLS, id))
  if (!row) throw automationNotFound()
  return row
}

/** GET /api/v2/automated-marketings/{id}/detail: the automation and its last 12 months. */
export async function automationDetail(
  db: Db,
  tenant: Tenant,
  id: string,
  now = new Date(),
): Promise<AutomationDetail> {
  const a = await automationRow(db, tenant, id)
  const f = await scopedFranchise(db, tenant, a.franchiseId)
  const figures = await figuresOf(db, f, [a.id], now)
  const firstMonth = `${addDays(localClock(now, f.timezone).day, -365).slice(0, 7)}-01`
  const res = await db.execute(sql`
    select to_char(c.start_at at time zone ${f.timezone}, 'YYYY-MM') as month,
      coalesce(sum(s.notified), 0)::int as sent, coalesce(sum(s.converted), 0)::int as converted
    from campaigns c left join campaign_stats s on s.campaign_id = c.id
    where c.franchise_id = ${f.id} and c.automation_id = ${a.id}
      and c.start_at >= ${localInstant(firstMonth, 0, f.timezone).toISOString()}
    group by 1 order by 1`)
  return { automation: toAutomation(a, f, figures.get(a.id), now), months: rowsOf<MonthFigures>(res) }
}

/** GET …/automated-marketings/revenue (this month) or …/total-revenue: cents, in all and per type. */
export async function automationRevenue(
  db: Db,
  tenant: Tenant,
  franchiseId: string,
  which: 'current' | 'total',
  now = new Date(),
) {
  const list = await listAutomations(db, tenant, franchiseId, now)
  const of = (a: Automation) => (which === 'current' ? a.currentMarketingRevenue : a.totalMarketingRevenue)
  return {
    revenue: list.reduce((sum, a) => sum + of(a), 0),
    byType: Object.fromEntries(list.map((a) => [a.type, of(a)])),
  }
}

/** The user in the path is the caller (full access: a franchise owner); another id is a 404. */
function assertUser(tenant: Tenant, userId: string) {
  if (userId !== tenant.userId) throw notFound('USER_NOT_FOUND', 'User not found')
}

/** The §5 checks of the campaign editor, on the automation's message, coupon, links and filters. */
async function checked(
  db: Db,
  tenant: Tenant,
  f: Franchise,
  userId: string,
  input: AutomationInput,
  publicUrl: string,
) {
  const cc = input.communicationCampaign
  const asCampaign: CampaignInput = {
    userId,
    channel: input.communicationCampaignType,
    content: contentOf(input.coupon),
    coupon: input.coupon ?? null,
    communicationCampaign: {
      name: cc.name,
      type: input.type,
      notification: { ...cc.notification, message: input.message },
      isScheduled: false,
      campaignFilters: cc.campaignFilters,
    },
  }
  const p = await prepare(db, tenant, f, asCampaign, {
    now: new Date(),
    schedule: false,
    publicUrl,
    withNews: false,
  })
  return {
    title: input.title,
    name: cc.name,
    channel: input.communicationCampaignType,
    notificationTitle: p.values.title ?? '',
    message: input.message,
    imageUrl: p.values.imageUrl ?? null,
    link: p.values.link ?? null,
    filters: p.values.filters ?? {},
    coupon: p.values.coupon ?? null,
    daysBefore: input.timing?.daysBefore ?? 0,
    delayDays: input.timing?.delayDays ?? 1,
  }
}

/**
 * Switching on: the run starts from today (the days it was off are never caught up). It is no run:
 * lastRunAt stays the last real one (issue 34: "Last run" showed the switching on).
 */
const switchedOn = (f: Franchise, now: Date) => ({
  lastRunDay: addDays(localClock(now, f.timezone).day, -1),
  coveredUntil: now,
})

async function franchiseFor(db: Db, tenant: Tenant, input: AutomationInput) {
  const id = input.franchiseId ?? homeFranchiseId(tenant)
  if (!id) throw notFound('FRANCHISE_NOT_FOUND', 'Franchise not found')
  return scopedFranchise(db, tenant, id)
}

/** POST api/v2/users/{id}/automated-marketings: the franchise's automation of that type, if it has none. */
export async function createAutomation(
  db: Db,
  tenant: Tenant,
  userId: string,
  input: AutomationInput,
  publicUrl: string,
  now = new Date(),
): Promise<Automation> {
  assertUser(tenant, userId)
  const f = await franchiseFor(db, tenant, input)
  const values = await checked(db, tenant, f, userId, input, publicUrl)
  const [row] = await db
    .insert(automatedMarketings)
    .values({
      ...values,
      franchiseId: f.id,
      userId,
      type: input.type,
      isActive: input.isActive,
      ...(input.isActive ? switchedOn(f, now) : {}),
    })
    .onConflictDoNothing()
    .returning()
  if (!row)
    throw new AppError(
      409,
      'AUTOMATED_MARKETING_EXISTS',
      `The franchise has its ${input.type} automation already`,
      {
        field: 'type',
      },
    )
  return toAutomation(row, f, undefined, now)
}

/** PUT api/v2/users/{id}/automated-marketings/{id}: never sends; its type stays. */
export async function updateAutomation(
  db: Db,
  tenant: Tenant,
  userId: string,
  id: string,
  input: AutomationInput,
  publicUrl: string,
  now = new Date(),
): Promise<Automation> {
  assertUser(tenant, userId)
  const a = await automationRow(db, tenant, id)
  if (input.franchiseId && input.franchiseId !== a.franchiseId) throw automationNotFound()
  if (input.type !== a.type)
    throw badRequest('VALIDATION_FAILED', `Invalid body: type: must stay ${a.type}`, {
      field: 'type',
      reason: 'TYPE_FIXED',
      in: 'body',
    })
  const f = await scopedFranchise(db, tenant, a.franchiseId)
  const values = await checked(db, tenant, f, userId, input, publicUrl)
  const [row] = await db
    .update(automatedMarketings)
    .set({
      ...values,
      userId,
      isActive: input.isActive,
      ...(input.isActive && !a.isActive ? switchedOn(f, now) : {}),
      updatedAt: now,
    })
    .where(scopedId(tenant, COLS, a.id))
    .returning()
  const figures = await figuresOf(db, f, [a.id], now)
  return toAutomation(row!, f, figures.get(a.id), now)
}
