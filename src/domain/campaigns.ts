// Campaigns (SPEC §3 Campaign, §4, §5 Campaign, §9; issue 18): the enumerations, the audience filters
// with their rules, and the sending window. Shared by the campaign screens and the server.
import { TZDateMini } from '@date-fns/tz'
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  number,
  object,
  optional,
  size,
  string,
  trimmed,
  union,
} from 'superstruct'
import { IsoDay } from './analytics'
import { CLIENT_TYPES } from './clients'
import { Id } from './ids'

export const CAMPAIGN_TYPES = ['BIRTHDAY', 'LOST_CUSTOMER', 'NEW_CUSTOMER', 'MANUAL_CAMPAIGN'] as const
export const CAMPAIGN_CONTENTS = ['NEWS', 'COUPON_AMOUNT', 'COUPON_PERCENT', 'COUPON_PRODUCT'] as const
export const CAMPAIGN_STATES = ['DRAFT', 'VALID', 'CANCELLED'] as const
export const DELIVERY_STATUSES = ['PENDING', 'SENT', 'ERROR'] as const
export const CHANNELS = ['SMS', 'PUSH'] as const
export const CLIENT_SOURCES = ['MIGRATION', 'EMARKETING', 'STORE'] as const
export type Channel = (typeof CHANNELS)[number]

/** §9 defaults of the age range; the radius is bounded so that a typo cannot target a continent. */
export const AGE_RANGE = { min: 0, max: 100 } as const
export const MAX_RADIUS_KM = 200
/** §9: a mobile-app user used the app within these months; only they get push notifications. */
export const PUSH_ACTIVE_MONTHS = 6

const amount = () => min(number(), 0)
const count = () => min(integer(), 0)

/** §3 campaignFilters. Absent ranges do not filter; storeIds empty or absent: the whole franchise. */
export const CampaignFilters = object({
  /** The franchise as a whole was picked in the store selector (§5: not together with stores). */
  wholeFranchise: optional(boolean()),
  storeIds: optional(size(array(Id), 0, 500)),
  minAge: optional(max(count(), 150)),
  maxAge: optional(max(count(), 150)),
  gender: optional(enums(['men', 'women'])),
  minLoyaltyPoints: optional(amount()),
  maxLoyaltyPoints: optional(amount()),
  minCollectedPoints: optional(amount()),
  maxCollectedPoints: optional(amount()),
  minAverageBasket: optional(amount()),
  maxAverageBasket: optional(amount()),
  minWeeklyAverageBasket: optional(amount()),
  maxWeeklyAverageBasket: optional(amount()),
  startPassageDate: optional(IsoDay),
  endPassageDate: optional(IsoDay),
  minNbPassageTransactions: optional(count()),
  maxNbPassageTransactions: optional(count()),
  zipOrPostcodes: optional(size(array(size(trimmed(string()), 1, 12)), 0, 200)),
  /** Clients within `km` of a postcode's coordinates (geo adapter) or of a store's location. */
  radius: optional(
    object({
      km: max(min(number(), 0, { exclusive: true }), MAX_RADIUS_KM),
      center: union([object({ postcode: size(trimmed(string()), 1, 12) }), object({ storeId: Id })]),
    }),
  ),
  originProviderId: optional(size(trimmed(string()), 1, 100)),
  clientsAcquiredFrom: optional(size(array(enums(CLIENT_SOURCES)), 0, 3)),
  clientsTypes: optional(size(array(enums(CLIENT_TYPES)), 0, 3)),
})
export type CampaignFilters = Infer<typeof CampaignFilters>

export type FilterErrorCode =
  | 'NEGATIVE'
  | 'MIN_ABOVE_MAX'
  | 'PERIOD_INCOMPLETE'
  | 'PERIOD_START_AFTER_END'
  | 'FRANCHISE_AND_STORE'
export type FilterError = { field: keyof CampaignFilters; code: FilterErrorCode }

/** The ranges §5 checks: min and max not negative, min not above max. */
export const FILTER_RANGES = [
  ['minAge', 'maxAge'],
  ['minLoyaltyPoints', 'maxLoyaltyPoints'],
  ['minCollectedPoints', 'maxCollectedPoints'],
  ['minAverageBasket', 'maxAverageBasket'],
  ['minWeeklyAverageBasket', 'maxWeeklyAverageBasket'],
  ['minNbPassageTransactions', 'maxNbPassageTransactions'],
] as const satisfies readonly (readonly [keyof CampaignFilters, keyof CampaignFilters])[]

/**
 * §5 Campaign rules over a whole filter set (the struct checks each field alone): every error, in the
 * order of the form, so that the screen marks each field and the server answers with the first.
 */
export function filterErrors(f: Partial<CampaignFilters>): FilterError[] {
  const errors: FilterError[] = []
  for (const [lo, hi] of FILTER_RANGES) {
    const a = f[lo] as number | undefined
    const b = f[hi] as number | undefined
    if (a !== undefined && a < 0) errors.push({ field: lo, code: 'NEGATIVE' })
    if (b !== undefined && b < 0) errors.push({ field: hi, code: 'NEGATIVE' })
    if (a !== undefined && b !== undefined && a >= 0 && b >= 0 && a > b)
      errors.push({ field: lo, code: 'MIN_ABOVE_MAX' })
  }
  const hasCounts = f.minNbPassageTransactions !== undefined || f.maxNbPassageTransactions !== undefined
  if (f.startPassageDate || f.endPassageDate || hasCounts) {
    if (!f.startPassageDate) errors.push({ field: 'startPassageDate', code: 'PERIOD_INCOMPLETE' })
    else if (!f.endPassageDate) errors.push({ field: 'endPassageDate', code: 'PERIOD_INCOMPLETE' })
    else if (f.startPassageDate >= f.endPassageDate)
      errors.push({ field: 'startPassageDate', code: 'PERIOD_START_AFTER_END' })
  }
  if (f.wholeFranchise && (f.storeIds?.length ?? 0) > 0)
    errors.push({ field: 'storeIds', code: 'FRANCHISE_AND_STORE' })
  return errors
}

// ——— The sending window (§9: 8 a.m. to 8 p.m. in the franchise's time zone) ———

export const SENDING_WINDOW = { openHour: 8, closeHour: 20 } as const

export type SendingRules = {
  timezone: string
  /** No marketing SMS on Sundays and public holidays (French carriers' rule; a franchise setting). */
  quietDays: boolean
  /** Whether a local day ('YYYY-MM-DD') is a public holiday of the franchise's country. */
  isHoliday?: (day: string) => boolean
}

/** The franchise's local calendar day and hour of an instant. */
export function localClock(at: Date, timezone: string) {
  const d = new TZDateMini(at.getTime(), timezone)
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  return { day, hour: d.getHours(), minute: d.getMinutes(), weekday: d.getDay() }
}

function isSendingDay(day: string, weekday: number, rules: SendingRules): boolean {
  if (!rules.quietDays) return true
  return weekday !== 0 && !rules.isHoliday?.(day)
}

/** Whether a message may go out at `at`. */
export function isInSendingWindow(at: Date, rules: SendingRules): boolean {
  const c = localClock(at, rules.timezone)
  return (
    c.hour >= SENDING_WINDOW.openHour &&
    c.hour < SENDING_WINDOW.closeHour &&
    isSendingDay(c.day, c.weekday, rules)
  )
}

/** The instant of a local wall-clock time on a local day of the franchise (DST-aware). */
export function localInstant(day: string, hour: number, timezone: string, minute = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(new TZDateMini(y, m - 1, d, hour, minute, 0, timezone).getTime())
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** When sending may start: `at` itself inside the window, else the next opening (08:00 local). */
export function nextSendingOpening(at: Date, rules: SendingRules): Date {
  if (isInSendingWindow(at, rules)) return at
  const c = localClock(at, rules.timezone)
  let day = c.hour < SENDING_WINDOW.openHour ? c.day : nextDay(c.day)
  // A year of quiet days at most: holidays never fill a whole year.
  for (let i = 0; i < 366; i++) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay()
    if (isSendingDay(day, weekday, rules)) return localInstant(day, SENDING_WINDOW.openHour, rules.timezone)
    day = nextDay(day)
  }
  throw new Error('no sending day within a year')
}

/** The sending rules of a channel (README): quiet days (Sundays, public holidays) hold SMS only. */
export function sendingRulesFor(
  channel: Channel,
  f: { timezone: string; smsQuietDays: boolean },
  isHoliday?: (day: string) => boolean,
): SendingRules {
  return {
    timezone: f.timezone,
    quietDays: channel === 'SMS' && f.smsQuietDays,
    ...(isHoliday ? { isHoliday } : {}),
  }
}

/** Why the engine holds a start back: outside 08:00-20:00, a Sunday, a public holiday. */
export type SendDelay = 'hours' | 'sunday' | 'holiday'

/**
 * When a campaign due at `start` really goes out: the engine sends from `start` inside the window,
 * else waits for the next opening (campaign-dispatch.ts). The editor, the detail and the calendar
 * say this moment, not the one typed.
 */
export function sendMoment(start: Date, rules: SendingRules): { at: Date; delay: SendDelay | null } {
  const at = nextSendingOpening(start, rules)
  if (at.getTime() === start.getTime()) return { at, delay: null }
  const c = localClock(start, rules.timezone)
  const inHours = c.hour >= SENDING_WINDOW.openHour && c.hour < SENDING_WINDOW.closeHour
  if (inHours && rules.quietDays) return { at, delay: c.weekday === 0 ? 'sunday' : 'holiday' }
  return { at, delay: 'hours' }
}

/** When the window open at `at` closes (20:00 local that day): a batch never runs past it. */
export function sendingWindowClose(at: Date, timezone: string): Date {
  return localInstant(localClock(at, timezone).day, SENDING_WINDOW.closeHour, timezone)
}
