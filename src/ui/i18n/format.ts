// Money in a currency and dates in the §9 pattern of the active language (MM/DD/YYYY in English,
// DD/MM/YYYY in French), through react-intl: the same on every screen.
import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useFormatDate } from './IntlProvider'

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

/** A date in the language's pattern (in `timeZone`: the franchise's), or a dash when there is none. */
export function useDate(timeZone?: string) {
  const format = useFormatDate(timeZone)
  return useCallback((value: string | null | undefined) => (value ? format(value) : '—'), [format])
}

/**
 * A date and its time (transactions), the time in the language's 12 or 24-hour clock; both in
 * `timeZone` (the franchise's) when given, else the browser's.
 */
export function useDateTime(timeZone?: string) {
  const intl = useIntl()
  const format = useFormatDate(timeZone)
  return useCallback(
    (value: string) =>
      `${format(value)} ${intl.formatTime(value, { hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) })}`,
    [intl, format, timeZone],
  )
}
