// Dates and numbers as the screens show them (SPEC §9), pure so that the server writes its files
// (CSV exports, the GDPR copy) in the very formats the browser shows: MM/DD/YYYY in English,
// DD/MM/YYYY in French, in the franchise's time zone.
import { TZDate, tzOffset } from '@date-fns/tz'
import type { Locale } from './locale'

const pad = (value: number) => String(value).padStart(2, '0')

// Creating an Intl formatter costs about 20 µs, using one well under 1: an export of a million rows
// formats four million numbers, so each language's (and zone's) formatter is made once.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined
  if (!found) {
    found = make()
    formatters.set(key, found)
  }
  return found
}

/**
 * A calendar date in the locale's pattern: of an instant, in `timeZone` (an IANA zone: the franchise's)
 * or else the runtime's; a 'YYYY-MM-DD' calendar day as it is, in no zone. Written by hand rather than
 * with Intl.DateTimeFormat so the output never depends on the ICU data of the browser (some give
 * "1/5/2024" for en-US, others insert right-to-left marks).
 */
export function formatDate(value: Date | string | number, locale: Locale, timeZone?: string): string {
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (day) return locale === 'en' ? `${day[2]}/${day[3]}/${day[1]}` : `${day[3]}/${day[2]}/${day[1]}`
  const instant = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(instant.getTime())) return ''
  if (!timeZone) return dayPattern(locale, instant.getDate(), instant.getMonth() + 1, instant.getFullYear())
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone) * 60_000)
  return dayPattern(locale, local.getUTCDate(), local.getUTCMonth() + 1, local.getUTCFullYear())
}

const dayPattern = (locale: Locale, day: number, month: number, year: number) => {
  const d = pad(day)
  const m = pad(month)
  const y = String(year).padStart(4, '0')
  return locale === 'en' ? `${m}/${d}/${y}` : `${d}/${m}/${y}`
}

// A zone's offset from UTC, in minutes, kept per UTC day: a day whose first and last instants have the
// same offset has it all day (a zone changes at most once a day); the day of a change asks every time.
// An export of a million dates then asks the runtime's zone data (about 3 µs a call) once per day.
const DAY = 86_400_000
const offsets = new Map<string, Map<number, number | null>>()
function offsetAt(ms: number, timeZone: string): number {
  let days = offsets.get(timeZone)
  if (!days) {
    days = new Map()
    offsets.set(timeZone, days)
  }
  const day = Math.floor(ms / DAY)
  let minutes = days.get(day)
  if (minutes === undefined) {
    const first = tzOffset(timeZone, new Date(day * DAY))
    minutes = first === tzOffset(timeZone, new Date(day * DAY + DAY - 1)) ? first : null
    if (days.size >= 100_000) days.clear()
    days.set(day, minutes)
  }
  return minutes ?? tzOffset(timeZone, new Date(ms))
}

/** The calendar day 'YYYY-MM-DD' of an instant in a time zone (file names, periods). */
export function isoDay(value: Date, timeZone: string): string {
  const date = new TZDate(value, timeZone)
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** A date and its time as the transaction lists show them (useDateTime in src/ui/i18n/format.ts). */
export function formatDateTime(
  value: Date | string | number,
  locale: Locale,
  timeZone: string,
  options: { seconds?: boolean } = {},
): string {
  const date = formatDate(value, locale, timeZone)
  return date && `${date} ${formatTime(value, locale, timeZone, options)}`
}

/**
 * The time of day of an instant in a time zone, on the language's 12 or 24-hour clock ("10:00 PM",
 * "22:00"); with seconds where they tell events apart (webhook retries).
 */
export function formatTime(
  value: Date | string | number,
  locale: Locale,
  timeZone: string,
  { seconds = false } = {},
): string {
  const instant = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(instant.getTime())) return ''
  const time = formatter(
    `time ${locale} ${timeZone} ${seconds}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        ...(seconds ? { second: '2-digit' } : {}),
        timeZone,
      }),
  )
  return time.format(instant)
}

/** The place a zone is named after, to say "Paris time": 'America/New_York' → 'New York', 'UTC' → 'UTC'. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')
}

/**
 * Whether two zones read the same clock all year (Europe/Paris and Europe/Brussels do): compared at
 * `at` and half a year later, so that a summer-time difference is seen in any season.
 */
export function sameClock(a: string, b: string, at: Date = new Date()): boolean {
  if (a === b) return true
  const later = new Date(at.getTime() + 182 * 86_400_000)
  return [at, later].every(
    (t) => new TZDate(t, a).getTimezoneOffset() === new TZDate(t, b).getTimezoneOffset(),
  )
}

/** Integer cents as the language writes the amount, 2 decimals (the currency goes in the column's name). */
export function formatCents(cents: number, locale: Locale): string {
  const amount = formatter(
    `cents ${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  )
  return amount.format(cents / 100)
}

/** A whole number (points, counts) as the language writes it. */
export function formatInteger(value: number, locale: Locale): string {
  return formatter(
    `integer ${locale}`,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ).format(value)
}
