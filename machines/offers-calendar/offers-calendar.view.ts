import type { SnapshotFrom } from 'xstate'
import type { CalendarEvent } from '../../src/domain/calendar'
import { addDays } from '../../src/domain/news'
import { type offersCalendarMachine, rangeOf } from './offers-calendar.machine'

/**
 * An event as the calendar component draws it. Days and times are the franchise's wall clock, given
 * without an offset to a calendar set to UTC, so they show as they are whatever the browser's zone.
 * A happy hour repeats daily from startRecur to endRecur (exclusive); one ending past midnight ends
 * on the next day's clock ("26:00").
 */
export type DrawnEvent = {
  id: string
  title: string
  kind: CalendarEvent['kind']
  /** A news item the merchant stopped: drawn apart from the live ones, and said so. */
  isUnpublished: boolean
  allDay: boolean
  start?: string
  end?: string
  startTime?: string
  endTime?: string
  startRecur?: string
  endRecur?: string
}

const pastMidnight = (start: string, end: string) =>
  end > start ? end : `${String(Number(end.slice(0, 2)) + 24).padStart(2, '0')}${end.slice(2)}`

export function drawnEvents(events: readonly CalendarEvent[]): DrawnEvent[] {
  return events.map((e) => {
    const base = {
      id: `${e.kind}:${e.id}`,
      title: e.title,
      kind: e.kind,
      isUnpublished: e.status === 'unpublished',
    }
    if (e.kind === 'happy-hour' && e.startTime && e.endTime)
      return {
        ...base,
        allDay: false,
        startTime: e.startTime,
        endTime: pastMidnight(e.startTime, e.endTime),
        startRecur: e.startDate,
        endRecur: addDays(e.endDate, 1),
      }
    // A campaign goes out at a time of day: the week view places it in the time grid.
    if (e.kind === 'campaign' && e.startTime)
      return { ...base, allDay: false, start: `${e.startDate}T${e.startTime}:00` }
    return { ...base, allDay: true, start: e.startDate, end: addDays(e.endDate, 1) }
  })
}

/** What the calendar page renders. */
export function toOffersCalendarView(s: SnapshotFrom<typeof offersCalendarMachine>) {
  const c = s.context
  return {
    view: c.view,
    anchor: c.anchor,
    range: rangeOf(c.view, c.anchor),
    today: c.today,
    timezone: c.answer?.timezone ?? null,
    stores: c.stores,
    storeId: c.storeId,
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    events: c.answer ? drawnEvents(c.answer.events) : [],
    selected: s.matches({ ready: 'open' }) ? c.selected : null,
  }
}
export type OffersCalendarView = ReturnType<typeof toOffersCalendarView>
