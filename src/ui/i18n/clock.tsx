// The back office's one clock (issue 34): every date and time a page shows is the franchise's, whatever
// zone the browser is in, and the pages say which zone when it is not the browser's. The shell provides
// the signed-in franchise's zone; pages format through useClock() and never format a time themselves
// (tests/unit/one-clock.test.ts holds src/features to it).
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { formatDate, formatDateTime, formatTime, isoDay, sameClock, zoneCity } from '../../domain/dates'
import { useLocale } from './IntlProvider'

/** The zone the browser runs in (the runtime's for tests: TZ). */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

const ClockContext = createContext<string | null>(null)

/** Dates and times inside are in `timeZone` (the franchise's); without one, the browser's. */
export function ClockProvider({
  timeZone,
  children,
}: {
  timeZone?: string | null | undefined
  children: ReactNode
}) {
  return <ClockContext value={timeZone ?? null}>{children}</ClockContext>
}

type Instant = Date | string | number
type Maybe = Instant | null | undefined

export interface Clock {
  /** The IANA zone every value is shown in. */
  timeZone: string
  /** The zone's place ("Paris") when its clock is not the browser's, to say so; null when they agree. */
  differs: string | null
  /** An instant's day (MM/DD/YYYY or DD/MM/YYYY), a 'YYYY-MM-DD' day as it is; a dash for none. */
  date: (value: Maybe) => string
  /** An instant's day in words, for a sentence ("renews on February 15, 2099"); a dash for none. */
  longDate: (value: Maybe) => string
  /** An instant's day and time of day (with seconds when asked); a dash for none. */
  dateTime: (value: Maybe, options?: { seconds?: boolean }) => string
  /** An instant's time of day; a dash for none. */
  time: (value: Maybe, options?: { seconds?: boolean }) => string
  /** A calendar day 'YYYY-MM-DD' (no instant, no zone) in a longer form, e.g. { dateStyle: 'medium' }. */
  day: (day: string, options: Intl.DateTimeFormatOptions) => string
  /** The zone's calendar day 'YYYY-MM-DD' of an instant (now by default): a form's default day. */
  today: (at?: Date) => string
  /** The zone's place ("Paris"), to name the franchise's time in a sentence. */
  city: string
}

export function useClock(): Clock {
  const locale = useLocale()
  const intl = useIntl()
  const zone = useContext(ClockContext) ?? browserZone()
  return useMemo((): Clock => {
    const none = (value: Maybe): value is null | undefined | '' => value == null || value === ''
    return {
      timeZone: zone,
      differs: sameClock(zone, browserZone()) ? null : zoneCity(zone),
      date: (v) => (none(v) ? '—' : formatDate(v, locale, zone)),
      longDate: (v) => (none(v) ? '—' : intl.formatDate(v, { dateStyle: 'long', timeZone: zone })),
      dateTime: (v, options) => (none(v) ? '—' : formatDateTime(v, locale, zone, options)),
      time: (v, options) => (none(v) ? '—' : formatTime(v, locale, zone, options)),
      // Noon UTC of the day, shown in UTC: the same day in every zone.
      day: (day, options) => intl.formatDate(`${day}T12:00:00Z`, { ...options, timeZone: 'UTC' }),
      today: (at = new Date()) => isoDay(at, zone),
      city: zoneCity(zone),
    }
  }, [zone, locale, intl])
}

/**
 * "Times are Paris time" once per page or table, only when the franchise's clock is not the browser's
 * (a merchant travelling, an admin abroad): nothing otherwise.
 */
export function ClockZoneNote({ className }: { className?: string }) {
  const clock = useClock()
  const intl = useIntl()
  if (!clock.differs) return null
  return (
    <p className={cx(noteStyle, className)} data-clock-zone={clock.timeZone}>
      {intl.formatMessage({ id: 'clock.zoneNote' }, { city: clock.differs })}
    </p>
  )
}

const noteStyle = css({ color: 'fg.muted', textStyle: 'sm' })
