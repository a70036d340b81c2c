// The public holidays of a franchise's country (date-holidays' rules, offline): the engine holds SMS
// on them when the franchise keeps quiet days (README, Campaigns), and the screens say so beforehand.
// The library's rules (0.3 s of CPU to load) are required at the first question, not by every server
// start: the callers ask synchronously (sending rules), hence require rather than import().
import type Holidays from 'date-holidays'
import { addDays } from '../../domain/analytics'
import { alpha2Of } from '../../domain/countries'
import { requiredLazily } from '../lazy'

const library = requiredLazily<typeof Holidays>('date-holidays')

// The public holidays of a country and year, computed once.
const holidayCache = new Map<string, Set<string>>()

function holidaysOf(alpha2: string, year: number): Set<string> {
  const key = `${alpha2}:${year}`
  let days = holidayCache.get(key)
  if (!days) {
    const list = new (library())(alpha2).getHolidays(year) || []
    days = new Set(list.filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)))
    holidayCache.set(key, days)
  }
  return days
}

/** Whether a local day is a public holiday of a country (alpha-3 as franchises store it, or alpha-2). */
export function isPublicHoliday(country: string, day: string): boolean {
  const alpha2 = alpha2Of(country)
  return !!alpha2 && holidaysOf(alpha2, Number(day.slice(0, 4))).has(day)
}

/** The public holidays of a country from `from` for `days` days, in order (the editor's look-ahead). */
export function publicHolidaysFrom(country: string, from: string, days: number): string[] {
  const alpha2 = alpha2Of(country)
  if (!alpha2) return []
  const to = addDays(from, days)
  const years = [Number(from.slice(0, 4)), Number(to.slice(0, 4))]
  const all = new Set([...holidaysOf(alpha2, years[0]!), ...holidaysOf(alpha2, years[1]!)])
  return [...all].filter((d) => d >= from && d < to).sort()
}
