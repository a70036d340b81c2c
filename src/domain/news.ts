// News and happy hours (SPEC §3 News, §4 News, §5, §7 GET api/v2/news/{id}): the wire shapes, the §5
// field rules, the displayed status and the "offers running at once" limit. One module for the server
// and the screens, so a status or a conflict means the same thing everywhere.
//
// Dates are the franchise's local calendar days ('YYYY-MM-DD'), both ends included. A happy hour
// repeats every day of its period, from its start time to its end time (local 'HH:MM'); an end time
// before the start time runs past midnight. No weekday choice: a merchant who wants weekdays only
// creates one item per run of days (kept simple on purpose; the calendar shows each day's slot).
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
  optional,
  pattern,
  size,
  string,
  type,
} from 'superstruct'
import { Id } from './ids'
import { CalendarDay, isCalendarDay } from './input'

// Day arithmetic on 'YYYY-MM-DD' (UTC midnights, so no daylight-saving step). Not imported from
// analytics.ts: the public scan page imports this module and must not carry the analytics schemas.
const DAY_MS = 86_400_000
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS)

export const NEWS_TYPES = ['happy-hours', 'news', 'other'] as const
export type NewsType = (typeof NEWS_TYPES)[number]

/** Displayed statuses (§3), in the order the list's filter offers them. */
export const NEWS_STATUSES = ['published', 'premium', 'annual', 'upcoming', 'expired', 'unpublished'] as const
export type NewsStatus = (typeof NEWS_STATUSES)[number]

/** §5: offers running at once, a franchise setting (franchises.news_max_concurrent). */
export const NEWS_MAX_CONCURRENT_DEFAULT = 3
export const NEWS_MAX_CONCURRENT_MAX = 50
/** A period of at least this many days is a standing ("annual") offer. */
export const ANNUAL_DAYS = 365

export const NAME_MAX = 80
export const DESCRIPTION_MAX = 500
export const DRINK_TYPE_MAX = 60
/** 100,000.00 in the franchise currency. */
export const PRICE_MAX_CENTS = 10_000_000
/** A period longer than this is refused (a typo of the year, not an offer). */
export const PERIOD_MAX_DAYS = 3 * 366

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
const Time = pattern(string(), TIME_PATTERN)

/**
 * The displayed status at `today` (the franchise's local day):
 * - unpublished: broadcasting stopped by the merchant (whatever the dates);
 * - upcoming: starts after today; expired: ended before today;
 * - running today, the first that applies: premium (customers only: shown to known customers only),
 *   annual (a period of ANNUAL_DAYS days or more: a standing offer), published (any other).
 * premium, annual and published are "live": what the scan page shows.
 */
export function newsStatus(
  n: { startDate: string; endDate: string; customersOnly: boolean; isStopped: boolean },
  today: string,
): NewsStatus {
  if (n.isStopped) return 'unpublished'
  if (today < n.startDate) return 'upcoming'
  if (today > n.endDate) return 'expired'
  if (n.customersOnly) return 'premium'
  if (periodDays(n.startDate, n.endDate) >= ANNUAL_DAYS) return 'annual'
  return 'published'
}
export const LIVE_STATUSES: readonly NewsStatus[] = ['published', 'premium', 'annual']
export const isLive = (s: NewsStatus) => LIVE_STATUSES.includes(s)
/** Days of a period, both ends counted. */
export const periodDays = (start: string, end: string) => daysBetween(start, end) + 1

/** Whether a happy hour is in its time slot at the local clock time 'HH:MM' (end excluded). */
export function isInSlot(start: string, end: string, time: string): boolean {
  return start < end ? time >= start && time < end : time >= start || time < end
}

// ——— Wire shapes ———

export const NewsInput = object({
  name: size(string(), 1, NAME_MAX),
  type: enums(NEWS_TYPES),
  description: optional(size(string(), 0, DESCRIPTION_MAX)),
  /** Integer cents in the franchise currency; absent or null: no price shown. */
  priceCents: optional(nullable(min(max(integer(), PRICE_MAX_CENTS), 0))),
  startDate: CalendarDay,
  endDate: CalendarDay,
  happyHourStart: optional(nullable(Time)),
  happyHourEnd: optional(nullable(Time)),
  drinkType: optional(nullable(size(string(), 0, DRINK_TYPE_MAX))),
  customersOnly: optional(boolean()),
  /** Empty or absent: the whole franchise. */
  storeIds: optional(size(array(Id), 0, 200)),
})
export type NewsInput = Infer<typeof NewsInput>

export const NewsItem = type({
  id: string(),
  franchiseId: string(),
  storeIds: array(string()),
  name: string(),
  type: enums(NEWS_TYPES),
  description: string(),
  priceCents: nullable(integer()),
  currencyCode: string(),
  startDate: string(),
  endDate: string(),
  happyHourStart: nullable(string()),
  happyHourEnd: nullable(string()),
  drinkType: nullable(string()),
  customersOnly: boolean(),
  isStopped: boolean(),
  status: enums(NEWS_STATUSES),
  /** False for a store owner on an item that is not only its stores': read-only. */
  canEdit: boolean(),
  dateCreated: string(),
})
export type NewsItem = Infer<typeof NewsItem>

export const NewsPage = type({
  data: array(NewsItem),
  metadata: type({ page: number(), size: number(), total: number() }),
  /** The franchise's limit of offers running at once (§5), shown by the form. */
  maxConcurrent: number(),
  /** The franchise's local day and zone: the statuses' reference, a new item's first day. */
  today: string(),
  timezone: string(),
})
export type NewsPage = Infer<typeof NewsPage>

export const NEWS_PAGE_SIZES = [10, 20, 50] as const
export const NEWS_LIST_DEFAULTS = { page: 1, size: 10 } as const

/** One offer of a 409 NEWS_LIMIT_REACHED (details.conflicts). */
export const NewsConflict = type({ id: string(), name: string(), startDate: string(), endDate: string() })
export type NewsConflict = Infer<typeof NewsConflict>
export const NEWS_LIMIT_CODE = 'NEWS_LIMIT_REACHED'

/** What the customer scan page shows of a live item (nothing internal). */
export const ScanNews = type({
  id: string(),
  name: string(),
  type: enums(NEWS_TYPES),
  description: string(),
  priceCents: nullable(integer()),
  currencyCode: string(),
  endDate: string(),
  happyHourStart: nullable(string()),
  happyHourEnd: nullable(string()),
  drinkType: nullable(string()),
  customersOnly: boolean(),
})
export type ScanNews = Infer<typeof ScanNews>

// ——— §5 field rules (the form shows them on the fields; the server refuses the same) ———

export type NewsDraft = {
  name: string
  type: NewsType
  description: string
  /** As typed, in currency units: "4,50". */
  price: string
  startDate: string
  endDate: string
  happyHourStart: string
  happyHourEnd: string
  drinkType: string
  customersOnly: boolean
  storeIds: string[]
}
export type NewsFieldErrors = Partial<Record<keyof NewsDraft, string>>

const PRICE = /^\d{1,6}([.,]\d{1,2})?$/
/** "4,50" → 450; '' → null; anything else → undefined (invalid). */
export function priceCentsOf(price: string): number | null | undefined {
  const p = price.trim()
  if (p === '') return null
  if (!PRICE.test(p)) return undefined
  const [whole, frac = ''] = p.replace(',', '.').split('.') as [string, string?]
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  return cents <= PRICE_MAX_CENTS ? cents : undefined
}
export const priceText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))

/** Message key suffixes (`news.errors.<key>`) per field; empty when the draft is valid. */
export function newsErrors(d: NewsDraft): NewsFieldErrors {
  const e: NewsFieldErrors = {}
  const name = d.name.trim()
  if (name === '') e.name = 'nameRequired'
  else if (name.length > NAME_MAX) e.name = 'nameTooLong'
  if (d.description.length > DESCRIPTION_MAX) e.description = 'descriptionTooLong'
  if (priceCentsOf(d.price) === undefined) e.price = 'price'
  if (!isCalendarDay(d.startDate)) e.startDate = 'startDate'
  if (!isCalendarDay(d.endDate)) e.endDate = 'endDate'
  else if (!e.startDate && d.endDate < d.startDate) e.endDate = 'endBeforeStart'
  else if (!e.startDate && periodDays(d.startDate, d.endDate) > PERIOD_MAX_DAYS) e.endDate = 'periodTooLong'
  if (d.type === 'happy-hours') {
    if (!TIME_PATTERN.test(d.happyHourStart)) e.happyHourStart = 'happyHourStart'
    if (!TIME_PATTERN.test(d.happyHourEnd)) e.happyHourEnd = 'happyHourEnd'
    else if (!e.happyHourStart && d.happyHourEnd === d.happyHourStart) e.happyHourEnd = 'sameTimes'
  }
  if (d.drinkType.length > DRINK_TYPE_MAX) e.drinkType = 'drinkTypeTooLong'
  return e
}

/** The same rules on a request body (the fields superstruct cannot say): field → reason. */
export function newsInputError(i: NewsInput): { field: string; message: string } | null {
  if (i.name.trim() === '') return { field: 'name', message: 'is required' }
  if (i.endDate < i.startDate) return { field: 'endDate', message: 'is before startDate' }
  if (periodDays(i.startDate, i.endDate) > PERIOD_MAX_DAYS)
    return { field: 'endDate', message: `period longer than ${PERIOD_MAX_DAYS} days` }
  if (i.type === 'happy-hours') {
    if (!i.happyHourStart) return { field: 'happyHourStart', message: 'is required for a happy hour' }
    if (!i.happyHourEnd) return { field: 'happyHourEnd', message: 'is required for a happy hour' }
    if (i.happyHourStart === i.happyHourEnd)
      return { field: 'happyHourEnd', message: 'equals happyHourStart' }
  }
  return null
}

export const emptyNewsDraft = (today: string): NewsDraft => ({
  name: '',
  type: 'happy-hours',
  description: '',
  price: '',
  startDate: today,
  endDate: addDays(today, 30),
  happyHourStart: '17:00',
  happyHourEnd: '19:00',
  drinkType: '',
  customersOnly: false,
  storeIds: [],
})

export const draftOf = (n: NewsItem): NewsDraft => ({
  name: n.name,
  type: n.type,
  description: n.description,
  price: priceText(n.priceCents),
  startDate: n.startDate,
  endDate: n.endDate,
  happyHourStart: n.happyHourStart ?? '',
  happyHourEnd: n.happyHourEnd ?? '',
  drinkType: n.drinkType ?? '',
  customersOnly: n.customersOnly,
  storeIds: n.storeIds,
})

/** The request body of a valid draft (times only for a happy hour). */
export function inputOf(d: NewsDraft): NewsInput {
  const happy = d.type === 'happy-hours'
  return {
    name: d.name.trim(),
    type: d.type,
    description: d.description.trim(),
    priceCents: priceCentsOf(d.price) ?? null,
    startDate: d.startDate,
    endDate: d.endDate,
    happyHourStart: happy ? d.happyHourStart : null,
    happyHourEnd: happy ? d.happyHourEnd : null,
    drinkType: d.drinkType.trim() || null,
    customersOnly: d.customersOnly,
    storeIds: d.storeIds,
  }
}

// ——— §5: offers running at once ———

export type Running = { id: string; storeIds: readonly string[]; startDate: string; endDate: string }
/** The store keys an item covers; '*' stands for "the whole franchise" (it covers every store). */
const WHOLE = '*'

/**
 * The offers that, with `candidate`, would make more than `limit` run at once on one day in one store.
 * `others` are the franchise's items that are not stopped (the candidate's own row excluded). Answers
 * the offers running together on the first such day, or [] when the candidate fits.
 */
export function limitConflicts<T extends Running>(
  candidate: Omit<Running, 'id'>,
  others: readonly T[],
  limit: number,
): T[] {
  const covers = (n: { storeIds: readonly string[] }, key: string) =>
    n.storeIds.length === 0 || n.storeIds.includes(key)
  const overlapping = others.filter(
    (o) =>
      o.startDate <= candidate.endDate &&
      o.endDate >= candidate.startDate &&
      (candidate.storeIds.length === 0 ||
        o.storeIds.length === 0 ||
        o.storeIds.some((s) => candidate.storeIds.includes(s))),
  )
  const keys =
    candidate.storeIds.length > 0
      ? [...candidate.storeIds]
      : [WHOLE, ...new Set(overlapping.flatMap((o) => o.storeIds))]
  for (const key of keys) {
    const here = overlapping.filter((o) => (key === WHOLE ? o.storeIds.length === 0 : covers(o, key)))
    // The count only rises on a start day: check the candidate's first day and each start within it.
    const days = new Set([candidate.startDate, ...here.map((o) => o.startDate)])
    for (const day of [...days].sort()) {
      if (day < candidate.startDate || day > candidate.endDate) continue
      const running = here.filter((o) => o.startDate <= day && o.endDate >= day)
      if (running.length >= limit) return running
    }
  }
  return []
}
