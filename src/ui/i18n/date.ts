import { TZDate } from '@date-fns/tz'
import type { Locale } from '../../domain/locale'

/** Date patterns of SPEC §9, shown to users as placeholders in date inputs. */
export const DATE_PATTERNS: Record<Locale, string> = { en: 'MM/DD/YYYY', fr: 'DD/MM/YYYY' }

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * A calendar date in the locale's pattern: of an instant, in `timeZone` (an IANA zone: the franchise's)
 * or else the browser's; a 'YYYY-MM-DD' calendar day as it is, in no zone. Written by hand rather than
 * with Intl.DateTimeFormat so the output never depends on the ICU data of the browser (some give
 * "1/5/2024" for en-US, others insert right-to-left marks).
 */
export function formatDate(value: Date | string | number, locale: Locale, timeZone?: string): string {
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (day) return locale === 'en' ? `${day[2]}/${day[3]}/${day[1]}` : `${day[3]}/${day[2]}/${day[1]}`
  const instant = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(instant.getTime())) return ''
  const date = timeZone ? new TZDate(instant, timeZone) : instant
  const d = pad(date.getDate())
  const month = pad(date.getMonth() + 1)
  const year = String(date.getFullYear()).padStart(4, '0')
  return locale === 'en' ? `${month}/${d}/${year}` : `${d}/${month}/${year}`
}
