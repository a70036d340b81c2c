// Automated marketing (SPEC §3 Automated marketing, §4, §7, §9; issue 20): the three automations a
// franchise switches on once (birthday, lost customer, new customer), their wire shapes, the draft a
// type resets to, and the occasion rules the daily run applies. Shared by the screens and the server.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  omit,
  optional,
  record,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { CouponInput, Notification } from './campaign-contract'
import { CampaignFilters, CHANNELS, type Channel, localClock, localInstant } from './campaigns'
import type { Qualification } from './clients'
import { PERIOD_UNITS } from './constants'
import { Id } from './ids'
import type { Locale } from './locale'

export const AUTOMATION_TYPES = ['BIRTHDAY', 'LOST_CUSTOMER', 'NEW_CUSTOMER'] as const
export type AutomationType = (typeof AUTOMATION_TYPES)[number]
/** §4: a draft resets to birthday unless told otherwise. */
export const DEFAULT_AUTOMATION_TYPE: AutomationType = 'BIRTHDAY'

/** The daily run: 10:00 in the franchise's time zone, inside the 08–20 sending window (§9). */
export const RUN_HOUR = 10
/** The queue's tick (jobs/automations.ts): a run due at RUN_HOUR starts within this. */
export const RUN_TICK_MINUTES = 15
/** A day the run missed is caught up, at most this many days back (today included). */
export const CATCH_UP_DAYS = 7
/** A new customer's message goes this many days after the first visit unless set otherwise. */
export const DEFAULT_NEW_CUSTOMER_DELAY = 1
export const TIMING_LIMITS = { daysBefore: 30, delayDays: 90 } as const

/** The editor's route segment of each type (SPEC §2 /pages/marketing/*). */
export const AUTOMATION_ROUTES: Record<AutomationType, string> = {
  BIRTHDAY: 'birthday',
  LOST_CUSTOMER: 'lost',
  NEW_CUSTOMER: 'new-customer',
}

/** When the message goes: birthdays N days before (0: on the day); new customers N days after. */
export const Timing = object({
  daysBefore: optional(max(min(integer(), 0), TIMING_LIMITS.daysBefore)),
  delayDays: optional(max(min(integer(), 1), TIMING_LIMITS.delayDays)),
})
export type Timing = Infer<typeof Timing>

/** The body of POST api/v2/users/{id}/automated-marketings and PUT …/automated-marketings/{id} (§3). */
export const AutomationInput = object({
  /** The franchise (a franchise owner's own one when absent). */
  franchiseId: optional(Id),
  title: size(trimmed(string()), 1, 120),
  isActive: boolean(),
  coupon: optional(nullable(CouponInput)),
  message: size(string(), 1, 1000),
  type: enums(AUTOMATION_TYPES),
  /** The channel: PUSH by default, SMS under the subscription and sender-id rules. */
  communicationCampaignType: enums(CHANNELS),
  /** Answered (the converted clients' average basket); ignored when sent. */
  communicationCampaignAverageBasket: optional(nullable(number())),
  communicationCampaign: object({
    type: optional(enums(['NOTIFICATION'])),
    name: size(trimmed(string()), 1, 120),
    notification: omit(Notification, ['message']),
    campaignFilters: CampaignFilters,
  }),
  timing: optional(Timing),
})
export type AutomationInput = Infer<typeof AutomationInput>

export const AutomationStats = type({
  sent: integer(),
  opened: integer(),
  openedPercent: number(),
  couponsGenerated: integer(),
  couponsRedeemed: integer(),
  converted: integer(),
  conversionPercent: number(),
  /** Cents. */
  turnover: integer(),
  /** The converted clients' average basket, cents. */
  averageBasket: integer(),
})
export type AutomationStats = Infer<typeof AutomationStats>

/** GET …/automated-marketings (each row) and …/{id}/detail. */
export const Automation = type({
  id: Id,
  franchiseId: Id,
  userId: nullable(Id),
  title: string(),
  isActive: boolean(),
  type: enums(AUTOMATION_TYPES),
  coupon: nullable(CouponInput),
  message: string(),
  communicationCampaignType: enums(CHANNELS),
  communicationCampaignAverageBasket: number(),
  communicationCampaign: type({
    type: string(),
    name: string(),
    userId: nullable(Id),
    dateCreated: string(),
    notification: type({ title: string(), imageUrl: nullable(string()), link: nullable(string()) }),
    campaignFilters: CampaignFilters,
  }),
  timing: type({ daysBefore: integer(), delayDays: integer() }),
  /** The last run's instant; null until a run happened (switching on is no run). */
  lastRunAt: nullable(string()),
  /** When it runs (the job's RUN_HOUR, the franchise's zone) and, when on, its next run's instant. */
  schedule: type({ hour: integer(), timezone: string(), nextRunAt: nullable(string()) }),
  /** Lost customers: the franchise's time without a visit that makes a client lost (its setting). */
  lostAfter: nullable(type({ value: integer(), unit: enums(PERIOD_UNITS) })),
  sentThisMonth: integer(),
  currentMarketingRevenue: integer(),
  totalMarketingRevenue: integer(),
  stats: AutomationStats,
})
export type Automation = Infer<typeof Automation>

export const MonthFigures = type({ month: string(), sent: integer(), converted: integer() })
export type MonthFigures = Infer<typeof MonthFigures>
/** GET api/v2/automated-marketings/{id}/detail: the automation and its sends and conversions per month. */
export const AutomationDetail = type({ automation: Automation, months: array(MonthFigures) })
export type AutomationDetail = Infer<typeof AutomationDetail>

/** GET …/automated-marketings/revenue (this month) and …/total-revenue, cents. */
export const AutomationRevenue = type({ revenue: integer(), byType: record(string(), integer()) })
export type AutomationRevenue = Infer<typeof AutomationRevenue>

/** A draft of the editor (what the form holds). */
export type AutomationDraft = {
  title: string
  isActive: boolean
  type: AutomationType
  channel: Channel
  message: string
  notification: { title: string; imageUrl: string | null; link: string | null }
  coupon: CouponInput | null
  filters: CampaignFilters
  timing: { daysBefore: number; delayDays: number }
}

/** A type's default texts in the customers' language (issue 34: a French franchise got English ones). */
const DEFAULT_TEXT: Record<Locale, Record<AutomationType, { title: string; message: string }>> = {
  en: {
    BIRTHDAY: { title: 'Happy birthday', message: 'Happy birthday! A little gift awaits you in store.' },
    LOST_CUSTOMER: { title: 'We miss you', message: 'We miss you! Come back and see us soon.' },
    NEW_CUSTOMER: { title: 'Welcome', message: 'Thank you for your first visit, see you soon!' },
  },
  fr: {
    BIRTHDAY: {
      title: 'Joyeux anniversaire',
      message: 'Joyeux anniversaire ! Un petit cadeau vous attend en magasin.',
    },
    LOST_CUSTOMER: { title: 'Vous nous manquez', message: 'Vous nous manquez ! Revenez vite nous voir.' },
    NEW_CUSTOMER: { title: 'Bienvenue', message: 'Merci pour votre première visite, à bientôt !' },
  },
}

/**
 * §4 "the draft can be reset to a type (birthday default)": the type's default draft, its texts in
 * `locale`, the franchise's language (domain/locale.ts franchiseLocale), which its customers read.
 */
export function resetToType(
  type: AutomationType = DEFAULT_AUTOMATION_TYPE,
  isActive = false,
  locale: Locale = 'en',
): AutomationDraft {
  const text = DEFAULT_TEXT[locale][type]
  return {
    title: text.title,
    isActive,
    type,
    channel: 'PUSH',
    message: text.message,
    notification: { title: text.title, imageUrl: null, link: null },
    coupon: null,
    filters: {},
    timing: { daysBefore: 0, delayDays: DEFAULT_NEW_CUSTOMER_DELAY },
  }
}

// ——— Occasion rules (the daily run; all days are the franchise's local 'YYYY-MM-DD') ———

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10)
}

/** The day a birthday is celebrated in `year`: 29 February is 28 February in other years. */
export function birthdayIn(birthDate: string, year: number): string {
  const md = birthDate.slice(5, 10)
  const celebrated = md === '02-29' && !isLeapYear(year) ? '02-28' : md
  return `${String(year).padStart(4, '0')}-${celebrated}`
}

/**
 * Who is messaged on run day `day` with `daysBefore`: the birthdays celebrated on day + daysBefore, as
 * the birth month-days ('MM-DD') to look up, and the occasion (the year of that birthday).
 */
export function birthdayTargets(day: string, daysBefore = 0): { monthDays: string[]; occasion: string } {
  const target = addDays(day, daysBefore)
  const year = Number(target.slice(0, 4))
  const md = target.slice(5, 10)
  return {
    monthDays: md === '02-28' && !isLeapYear(year) ? ['02-28', '02-29'] : [md],
    occasion: String(year),
  }
}

/**
 * The local days a run on `today` covers: those after the last run day, at most CATCH_UP_DAYS back.
 * A run on a day already done covers nothing (reruns and a second worker send nothing more).
 */
export function runDays(lastRunDay: string | null, today: string): string[] {
  const earliest = addDays(today, -(CATCH_UP_DAYS - 1))
  let day = lastRunDay && lastRunDay >= earliest ? addDays(lastRunDay, 1) : earliest
  const days: string[] = []
  while (day <= today) {
    days.push(day)
    day = addDays(day, 1)
  }
  return days
}

/**
 * The day a lost episode starts: the local day a client last seen at `lastVisit` becomes lost under
 * `q` (the client list's rule, clients.ts periodStart, read backwards). Months are added as PostgreSQL
 * adds them (31 January + 1 month = 28 February), so that the run's SQL names the same day.
 */
export function lostEpisodeStart(lastVisit: Date, q: Qualification, timezone: string): string {
  const d = new Date(lastVisit)
  if (q.unit === 'days') d.setUTCDate(d.getUTCDate() + q.value)
  else if (q.unit === 'weeks') d.setUTCDate(d.getUTCDate() + 7 * q.value)
  else {
    const day = d.getUTCDate()
    d.setUTCDate(1)
    d.setUTCMonth(d.getUTCMonth() + q.value)
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
    d.setUTCDate(Math.min(day, last))
  }
  return localClock(d, timezone).day
}

/**
 * The next run of an automation switched on, at `now`: RUN_HOUR local on the first day not run yet —
 * today's while before RUN_HOUR, the next tick when today's is due, else tomorrow's.
 */
export function nextRunAt(now: Date, timezone: string, lastRunDay: string | null): Date {
  const today = localClock(now, timezone).day
  if (lastRunDay === null || lastRunDay < today) {
    const todays = localInstant(today, RUN_HOUR, timezone)
    if (now < todays) return todays
    const tick = RUN_TICK_MINUTES * 60_000
    return new Date(Math.ceil(now.getTime() / tick) * tick)
  }
  return localInstant(addDays(today, 1), RUN_HOUR, timezone)
}

/**
 * An instant at the run's hour in its zone, for a screen to say the time of day in its own words (the
 * clock formats it in the franchise's zone, where it reads RUN_HOUR on any day).
 */
export const runTimeOfDay = (s: { hour: number; timezone: string }) =>
  localInstant('2000-01-03', s.hour, s.timezone).toISOString()

/** The day a new customer's message is due: its first visit's local day plus the delay. */
export const newCustomerDueDay = (firstVisitDay: string, delayDays = DEFAULT_NEW_CUSTOMER_DELAY) =>
  addDays(firstVisitDay, delayDays)

/** The dedupe key of one occasion (the provider's idempotency key, unique in automation_sends). */
export const automationKey = (automationId: string, clientId: string, occasion: string) =>
  `automation:${automationId}:${clientId}:${occasion}`

/** The campaign content a coupon type makes (the dispatch engine issues the coupon of these). */
export function contentOf(coupon: Pick<CouponInput, 'type'> | null | undefined) {
  if (!coupon) return 'NEWS' as const
  return coupon.type === 'flat'
    ? ('COUPON_AMOUNT' as const)
    : coupon.type === 'percentage'
      ? ('COUPON_PERCENT' as const)
      : ('COUPON_PRODUCT' as const)
}

/** Percent with one decimal, 0 when nothing to divide by. */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0
