// What of a client's input the database can store (issue 16 item 4): PostgreSQL refuses text holding
// a NUL character or a lone UTF-16 surrogate, and dates outside its range. Every input goes through
// these rules (the route contract walks params, query and body; date fields use StorableDate), so a
// client's bad character is a 400 naming the field, never a database error.
import { any, coerce, refine, type Struct, string } from 'superstruct'

/** A surrogate half without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isStorableText = (s: string) => !s.includes('\0') && !LONE_SURROGATE.test(s)

// Parsed input is walked (a query object may have no prototype); a raw body a webhook signs is not.
const isWalkable = (v: unknown): v is object => !!v && typeof v === 'object' && !ArrayBuffer.isView(v)

/**
 * The path ('lines.0.name'; '' for the value itself) of the first text — a value or a key — that
 * cannot be stored, or undefined. Iterative: a deep value cannot overflow the stack here.
 */
export function unstorableTextAt(value: unknown): string | undefined {
  const stack: Array<[unknown, string[]]> = [[value, []]]
  while (stack.length > 0) {
    const [v, path] = stack.pop()!
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path.join('.')
    } else if (isWalkable(v)) {
      for (const [key, child] of Object.entries(v as object)) {
        if (!isStorableText(key)) return [...path, key].join('.')
        stack.push([child, [...path, key]])
      }
    }
  }
  return undefined
}

/** The years a date of the product may fall in (PostgreSQL's `timestamptz` reaches further). */
export const MIN_YEAR = 1
export const MAX_YEAR = 9999

/** An ISO date or date-time JavaScript reads, in years MIN_YEAR–MAX_YEAR. */
export const isStorableDate = (v: string) => {
  const t = Date.parse(v)
  if (Number.isNaN(t)) return false
  const year = new Date(t).getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** A real calendar day, YYYY-MM-DD, in years MIN_YEAR–MAX_YEAR ('2026-02-30' and '0000-01-01' are not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && isStorableDate(value)
}

/** The struct of a calendar day a client sends (YYYY-MM-DD, a real day PostgreSQL stores). */
export const CalendarDay = refine(
  string(),
  'day',
  (v) => isCalendarDay(v) || `must be a calendar day, YYYY-MM-DD, in years ${MIN_YEAR}–${MAX_YEAR}`,
)

/** The struct of every date a client sends. */
export const StorableDate = refine(
  string(),
  'date',
  (v) => isStorableDate(v) || `must be an ISO date in years ${MIN_YEAR}–${MAX_YEAR}`,
)

/** The deepest nesting a JSON input may have (a deeper one would overflow whatever walks it). */
export const MAX_JSON_DEPTH = 64

/** Whether a JSON text nests arrays and objects deeper than `limit`, without parsing it (strings skipped). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/** A body that may be left out, read as `{}`: a missing body is answered like an empty one (the field named). */
export const absentAsEmpty = <T, S>(struct: Struct<T, S>): Struct<T, S> =>
  coerce(struct, any(), (v) => v ?? {})
