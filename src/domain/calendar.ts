// The offers calendar (issue 19, /pages/offers/calendar): one list of typed events from one call,
// GET /api/v2/franchises/{id}/calendar?from&to&storeId. Days and times are the franchise's local ones
// (its time zone is in the answer), so the screen draws them as they are, without converting.
// Scheduled and sent campaigns are on it too (their start day, their displayed status).
import { array, enums, type Infer, nullable, object, optional, refine, string, type } from 'superstruct'
import { daysBetween } from './analytics'
import { DISPLAY_STATUSES } from './campaign-contract'
import { Id } from './ids'
import { CalendarDay as Day } from './input'
import { NEWS_STATUSES, NEWS_TYPES } from './news'

export const CALENDAR_KINDS = ['news', 'happy-hour', 'offer-expiry', 'campaign'] as const
export type CalendarKind = (typeof CALENDAR_KINDS)[number]
/** The widest range one call answers (a month view with its leading and trailing weeks fits). */
export const CALENDAR_MAX_DAYS = 62

export const CalendarQuery = refine(
  object({ from: Day, to: Day, storeId: optional(Id) }),
  'to',
  (q) =>
    (q.to >= q.from && daysBetween(q.from, q.to) < CALENDAR_MAX_DAYS) ||
    `must be on or after from, at most ${CALENDAR_MAX_DAYS} days later`,
)
export type CalendarQuery = Infer<typeof CalendarQuery>

export const CalendarEvent = type({
  kind: enums(CALENDAR_KINDS),
  /** The id of what the event shows (a news item, a loyalty offer): clicking opens it. */
  id: string(),
  title: string(),
  /** Local days, both included (an offer's expiry: one day). */
  startDate: string(),
  endDate: string(),
  /**
   * A happy hour's daily slot ('HH:MM', local), repeated every day of the period; a campaign's time of
   * going out (startTime only).
   */
  startTime: nullable(string()),
  endTime: nullable(string()),
  /** Empty: every store. */
  storeIds: array(string()),
  newsType: nullable(enums(NEWS_TYPES)),
  status: nullable(enums(NEWS_STATUSES)),
  /** A campaign's displayed status (§3); absent for the other kinds. */
  campaignStatus: optional(nullable(enums(DISPLAY_STATUSES))),
  /** A campaign the engine holds back: the start chosen (local), when it is not the moment shown. */
  scheduledFor: optional(nullable(type({ date: string(), hour: string() }))),
})
export type CalendarEvent = Infer<typeof CalendarEvent>

export const CalendarAnswer = type({
  timezone: string(),
  today: string(),
  from: string(),
  to: string(),
  events: array(CalendarEvent),
})
export type CalendarAnswer = Infer<typeof CalendarAnswer>
