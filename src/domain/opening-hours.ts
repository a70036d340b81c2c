// Store opening hours (SPEC §3 Store, §9): per day mon..sun, several HH:MM open/close ranges a day,
// default 08:00–18:00. Shared by the store editor (per-day errors as you type) and the server (400).
// Stored as `{ hours: Record<WeekDay, {open, close}[]> }`; a day without ranges is closed.
import { DEFAULT_CLOSING_TIME, DEFAULT_OPENING_TIME, WEEK_DAYS, type WeekDay } from './constants'

export type TimeRange = { open: string; close: string }
export type WeekHours = Record<WeekDay, TimeRange[]>
export type OpeningHours = { hours: WeekHours }

/** Why a day is rejected; the UI shows `store.hours.errors.<code>` naming the day. */
export type DayErrorCode = 'invalidTime' | 'inverted' | 'overlapping'
export type DayErrors = Partial<Record<WeekDay, DayErrorCode>>

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
export const isTime = (v: unknown): v is string => typeof v === 'string' && TIME.test(v)
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))

export const defaultRange = (): TimeRange => ({ open: DEFAULT_OPENING_TIME, close: DEFAULT_CLOSING_TIME })

/** §9: every day open 08:00–18:00. */
export function defaultWeek(): WeekHours {
  return Object.fromEntries(WEEK_DAYS.map((d) => [d, [defaultRange()]])) as WeekHours
}

/** A day's ranges are valid when each time is HH:MM, each opens before it closes, none overlap. */
export function dayError(ranges: readonly TimeRange[]): DayErrorCode | null {
  if (ranges.some((r) => !isTime(r.open) || !isTime(r.close))) return 'invalidTime'
  // 00:00 as a closing time would read "before opening": a range ending at midnight is written 23:59.
  if (ranges.some((r) => minutes(r.open) >= minutes(r.close))) return 'inverted'
  const sorted = [...ranges].sort((a, b) => minutes(a.open) - minutes(b.open))
  for (let i = 1; i < sorted.length; i++)
    if (minutes(sorted[i]!.open) < minutes(sorted[i - 1]!.close)) return 'overlapping'
  return null
}

export function weekErrors(week: WeekHours): DayErrors {
  const errors: DayErrors = {}
  for (const day of WEEK_DAYS) {
    const e = dayError(week[day] ?? [])
    if (e) errors[day] = e
  }
  return errors
}

/** The first invalid day with its reason, or null: what a server 400 names. */
export function firstWeekError(week: WeekHours): { day: WeekDay; code: DayErrorCode } | null {
  for (const day of WEEK_DAYS) {
    const code = dayError(week[day] ?? [])
    if (code) return { day, code }
  }
  return null
}

/** Ranges sorted by opening time (how they are stored and shown). */
export function sortRanges(ranges: readonly TimeRange[]): TimeRange[] {
  return [...ranges].sort((a, b) => minutes(a.open) - minutes(b.open))
}

/** A full week from any stored or sent shape: missing days are closed. */
export function normaliseWeek(
  hours: Partial<Record<string, readonly TimeRange[]>> | null | undefined,
): WeekHours {
  return Object.fromEntries(
    WEEK_DAYS.map((d) => [d, sortRanges((hours?.[d] ?? []).map((r) => ({ open: r.open, close: r.close })))]),
  ) as WeekHours
}

export function addRange(week: WeekHours, day: WeekDay): WeekHours {
  const ranges = week[day]
  const last = ranges[ranges.length - 1]
  // After the last range, the next one starts an hour after it closes (a lunch break, then the evening).
  const next =
    last && isTime(last.close) && minutes(last.close) <= 22 * 60
      ? { open: addMinutes(last.close, 60), close: addMinutes(last.close, 60 + 60) }
      : defaultRange()
  return { ...week, [day]: [...ranges, ranges.length ? next : defaultRange()] }
}

function addMinutes(t: string, m: number): string {
  const total = Math.min(minutes(t) + m, 23 * 60 + 59)
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

export function removeRange(week: WeekHours, day: WeekDay, index: number): WeekHours {
  return { ...week, [day]: week[day].filter((_, i) => i !== index) }
}

export function setRange(
  week: WeekHours,
  day: WeekDay,
  index: number,
  field: 'open' | 'close',
  value: string,
): WeekHours {
  return { ...week, [day]: week[day].map((r, i) => (i === index ? { ...r, [field]: value } : r)) }
}

/** Copies one day's ranges to other days. */
export function copyDay(week: WeekHours, from: WeekDay, to: readonly WeekDay[]): WeekHours {
  const next = { ...week }
  for (const d of to) if (d !== from) next[d] = week[from].map((r) => ({ ...r }))
  return next
}

export type HoursGroup = { days: WeekDay[]; ranges: TimeRange[] }

/**
 * §3 display: days with identical ranges form one open-week group (in week order, first day first),
 * and the days without any range form the closed group.
 */
export function groupWeek(week: WeekHours): { open: HoursGroup[]; closed: WeekDay[] } {
  const open: HoursGroup[] = []
  const closed: WeekDay[] = []
  for (const day of WEEK_DAYS) {
    const ranges = sortRanges(week[day] ?? [])
    if (ranges.length === 0) {
      closed.push(day)
      continue
    }
    const key = JSON.stringify(ranges)
    const group = open.find((g) => JSON.stringify(g.ranges) === key)
    if (group) group.days.push(day)
    else open.push({ days: [day], ranges })
  }
  return { open, closed }
}
