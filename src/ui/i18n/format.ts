// Money in a currency and wall-clock times of the active language, through react-intl: the same on every
// screen. Dates and instants go through the one clock (./clock.tsx).
import { useCallback } from 'react'
import { useIntl } from 'react-intl'

/** Amounts are integer cents (§3); 2 decimals in every currency of §9. */
export function useMoney(currency: string) {
  const intl = useIntl()
  return useCallback(
    (cents: number) =>
      intl.formatNumber(cents / 100, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    [intl, currency],
  )
}

/**
 * A wall-clock time ('HH:MM', opening hours, sending windows) on the language's clock: 12-hour in
 * English ("8:00 AM"), 24-hour in French ("08:00"), as the time inputs show it in that language
 * (issue 24: the inputs said 12 h while their summary said 24 h).
 */
export function clockTime(value: string, locale: string): string {
  const [h, m] = value.split(':').map(Number)
  if (!Number.isInteger(h) || !Number.isInteger(m)) return value
  // "8:00 AM" on a 12-hour clock, "08:00" on a 24-hour one (as a time input writes it).
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle
  const hour = cycle === 'h12' || cycle === 'h11' ? 'numeric' : '2-digit'
  return new Intl.DateTimeFormat(locale, { hour, minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, h!, m!),
  )
}

/**
 * What a person typed in a time field, as 'HH:MM': "20:00", "8:05", "20h00", "8:00 PM", "12:30 a.m.";
 * null while it is not (yet) a whole time. A 24-hour time is taken in any language.
 */
export function parseClockTime(text: string): string | null {
  const m = /^\s*(\d{1,2})\s*[:h.]\s*(\d{2})\s*(?:([ap])\.?\s*m\.?)?\s*$/i.exec(text)
  if (!m) return null
  let hour = Number(m[1])
  const minute = Number(m[2])
  const half = m[3]?.toLowerCase()
  if (minute > 59) return null
  if (half) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (half === 'p' ? 12 : 0)
  } else if (hour > 23) return null
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}

export function useClockTime() {
  const intl = useIntl()
  return useCallback((value: string) => clockTime(value, intl.locale), [intl])
}
