// Analytics (SPEC §7 "Analytics", issue 8): the query and response shapes of every call, shared by
// the server (which validates input with them) and the browser (which checks answers with them).
// Days are the franchise's local days ('YYYY-MM-DD'); months 'YYYY-MM'. Every figure is scoped to the
// caller's franchise and, for a store owner, to its stores. Definitions (one place, used everywhere):
// - a visit is a ledger row of type tag or sync (a scan, or a sale at the counter);
// - visitors of a day are distinct clients who visited; a new client visited for the first time that
//   day (at that store; at any store of the franchise for franchise-wide figures), the others return;
//   over a period, visitor counts are client-days (a client counts once per day they came);
// - a sale is a ledger row with an amount; points earned are positive moves, points spent the
//   negative ones (offers and debits); an offer redeemed is a 'redeem' row naming its offer;
// - a coupon is redeemed when claimed (coupons.claimed_at).
import {
  array,
  coerce,
  defaulted,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  optional,
  refine,
  string,
  type,
} from 'superstruct'
import { Id } from './ids'
import { CalendarDay, isCalendarDay } from './input'

export const ANALYTICS_EVENTS = [
  'visits',
  'visitors',
  'newClients',
  'returningClients',
  'pointsEarned',
  'pointsSpent',
  'salesCount',
  'salesCents',
  'offersRedeemed',
] as const
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number]

/** Default period of the day-based calls: the last 30 days. The loyalty graph: the last 12 months (§9). */
export const DEFAULT_PERIOD_DAYS = 30
export const LOYALTY_GRAPH_MONTHS = 12
/** The longest period one call may cover (the day series stays a few hundred points). */
export const MAX_PERIOD_DAYS = 800
export const TOP_POSTCODES_DEFAULT = 5
export const TOP_POSTCODES_MAX = 50
export const COUPONS_PAGE_MAX = 100

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 is refused): the one rule of domain/input.ts. */
export const isIsoDay = isCalendarDay
export const IsoDay = CalendarDay

const queryInt = (lo: number, hi: number) =>
  coerce(max(min(integer(), lo), hi), string(), (v) => (v.trim() === '' ? Number.NaN : Number(v)))

/** `events=visits,newClients` (or repeated): known event names only. */
const Events = coerce(
  refine(array(string()), 'events', (list) => {
    // `events=` (blank) names no event: refused, not read as "nothing to count".
    if (list.length === 0) return 'names no event'
    const bad = list.find((e) => !(ANALYTICS_EVENTS as readonly string[]).includes(e))
    return bad === undefined || `unknown event ${bad}`
  }),
  string(),
  (v) =>
    v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
)

export const PeriodQuery = type({
  storeId: optional(Id),
  startDate: optional(IsoDay),
  endDate: optional(IsoDay),
})
export type PeriodQuery = Infer<typeof PeriodQuery>
export const StoreQuery = type({ storeId: optional(Id) })
export const HistoryQuery = type({
  storeId: optional(Id),
  startDate: optional(IsoDay),
  endDate: optional(IsoDay),
  events: defaulted(Events, ['visits']),
})
export type HistoryQuery = Infer<typeof HistoryQuery>
export const TopPostcodeQuery = type({
  franchiseId: optional(Id),
  storeId: optional(Id),
  limitRank: defaulted(queryInt(1, TOP_POSTCODES_MAX), TOP_POSTCODES_DEFAULT),
})
export const LoyaltyGraphQuery = type({
  storeId: optional(Id),
  /** A client: that client's own points over the period. */
  userId: optional(Id),
  startDate: optional(IsoDay),
  endDate: optional(IsoDay),
})
export const CouponsRedeemedQuery = type({
  storeId: optional(Id),
  startDate: optional(IsoDay),
  endDate: optional(IsoDay),
  page: defaulted(queryInt(1, 100_000), 1),
  size: defaulted(queryInt(1, COUPONS_PAGE_MAX), 10),
})

// ——— Responses ———

/** A point of a day or month series: its day (or month) and one number per requested event. */
const Point = type({
  day: optional(string()),
  month: optional(string()),
  ...Object.fromEntries(ANALYTICS_EVENTS.map((e) => [e, optional(number())])),
})
export const HistoryDays = type({
  startDate: string(),
  endDate: string(),
  events: array(string()),
  /** Every day of the period, zeros included, oldest first: `{ day, <event>: n, … }`. */
  days: array(Point),
})
export type HistoryPoint = { day?: string; month?: string } & Partial<Record<AnalyticsEvent, number>>
export type HistoryDays = {
  startDate: string
  endDate: string
  events: AnalyticsEvent[]
  days: HistoryPoint[]
}
export const HistoryYears = type({ events: array(string()), months: array(Point) })
/** January of last year to the current month, oldest first: `{ month, <event>: n, … }`. */
export type HistoryYears = { events: AnalyticsEvent[]; months: HistoryPoint[] }

/** Clients of the franchise (or of one store, or of a store owner's stores: one per store visited). */
export const ClientsCount = type({ count: integer() })
export type ClientsCount = Infer<typeof ClientsCount>

/** The most common client postcodes, biggest first (ties by postcode); '' is not listed. */
export const TopPostcodes = type({
  data: array(type({ rank: integer(), postcode: string(), count: integer() })),
})
export type TopPostcodes = Infer<typeof TopPostcodes>

/** Visits of a store by weekday (Monday first) over the period, and the client-days they make. */
export const Frequency = type({
  startDate: string(),
  endDate: string(),
  visits: integer(),
  visitors: integer(),
  /** Visits per visitor-day… and per weekday, Monday = index 0. */
  byWeekday: array(integer()),
})
export type Frequency = Infer<typeof Frequency>

/** A store's new and returning clients over the last 30, 90 and 365 days (to today). */
export const RETURN_WINDOWS = [30, 90, 365] as const
export const Returns = type({
  periods: array(
    type({
      days: integer(),
      visitors: integer(),
      newClients: integer(),
      returningClients: integer(),
      returnRate: number(),
    }),
  ),
})
export type Returns = Infer<typeof Returns>

/** What the programme brings back: sales by returning clients against all sales, and rewards given. */
export const Roi = type({
  startDate: string(),
  endDate: string(),
  currencyCode: string(),
  salesCents: integer(),
  returningSalesCents: integer(),
  /** returningSalesCents / salesCents, 0 without sales. */
  returningShare: number(),
  offersRedeemed: integer(),
  couponsRedeemed: integer(),
  pointsSpent: integer(),
})
export type Roi = Infer<typeof Roi>

/** Points earned and spent per month (12 months to the current one by default). */
export const LoyaltyGraph = type({
  startDate: string(),
  endDate: string(),
  months: array(type({ month: string(), pointsEarned: integer(), pointsSpent: integer() })),
})
export type LoyaltyGraph = Infer<typeof LoyaltyGraph>

export const OffersRedeemed = type({
  startDate: string(),
  endDate: string(),
  total: integer(),
  /** Days with at least one redemption, oldest first. */
  days: array(type({ day: string(), count: integer() })),
})
export type OffersRedeemed = Infer<typeof OffersRedeemed>

export const RedeemedCoupon = type({
  id: string(),
  header: string(),
  type: string(),
  value: nullable(integer()),
  currencyCode: nullable(string()),
  claimedAt: string(),
  storeId: nullable(string()),
  clientId: string(),
  clientName: string(),
})
export type RedeemedCoupon = Infer<typeof RedeemedCoupon>
/** Coupons claimed in the period, latest first. */
export const CouponsRedeemed = type({
  data: array(RedeemedCoupon),
  metadata: type({ page: integer(), size: integer(), total: integer() }),
})
export type CouponsRedeemed = Infer<typeof CouponsRedeemed>

/** Share of returning client-days among all visitor-days of the period (0 without visits). */
export const ConversionRate = type({
  startDate: string(),
  endDate: string(),
  visitors: integer(),
  newClients: integer(),
  returningClients: integer(),
  rate: number(),
})
export type ConversionRate = Infer<typeof ConversionRate>

export const AverageBasket = type({
  startDate: string(),
  endDate: string(),
  currencyCode: string(),
  salesCount: integer(),
  salesCents: integer(),
  /** Rounded to the cent; null without sales. */
  averageBasketCents: nullable(integer()),
})
export type AverageBasket = Infer<typeof AverageBasket>

// ——— Periods (shared by the server and the filters of the screen) ———

const DAY_MS = 86_400_000
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS)
export const monthOf = (day: string) => day.slice(0, 7)
/** The first day of the month `n` months after the one of `day`. */
export const addMonths = (day: string, n: number) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + n)
  return d.toISOString().slice(0, 10)
}
/** The months from `start` to `end` inclusive, 'YYYY-MM'. */
export const monthsBetween = (start: string, end: string) => {
  const out: string[] = []
  for (let m = `${start.slice(0, 7)}-01`; monthOf(m) <= monthOf(end); m = addMonths(m, 1))
    out.push(monthOf(m))
  return out
}

/** The screen's period choices: the last N days. */
export const PERIODS = [7, 30, 90, 365] as const
export type PeriodDays = (typeof PERIODS)[number]
