import type { Locale } from '../../domain/locale'

/** Date patterns of SPEC §9, shown to users as placeholders in date inputs. */
export const DATE_PATTERNS: Record<Locale, string> = { en: 'MM/DD/YYYY', fr: 'DD/MM/YYYY' }

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * A calendar date in the locale's pattern, in local time. Written by hand rather than with
 * Intl.DateTimeFormat so the output never depends on the ICU data of the browser (some give
 * "1/5/2024" for en-US, others insert right-to-left marks).
 */
export function formatDate(value: Date | string | number, locale: Locale): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const day = pad(date.getDate())
  const month = pad(date.getMonth() + 1)
  const year = String(date.getFullYear()).padStart(4, '0')
  return locale === 'en' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`
}
