// The offers calendar (issue 19, /pages/offers/calendar): a month or a week of the franchise's news,
// happy hours (daily slots) and loyalty offers' expiry, for every store or one, in the franchise's time
// zone. One call per range (GET /api/v2/franchises/{id}/calendar); a new range or store asks again and
// the call under way is aborted (only the latest answer is applied). Clicking an event opens it.
import { assign, setup } from 'xstate'
import type { CalendarRange } from '../../src/api/news'
import type { CalendarAnswer, CalendarEvent } from '../../src/domain/calendar'
import { addDays } from '../../src/domain/news'
import { loadCalendar } from './offers-calendar.actors'

export type CalendarView = 'month' | 'week'

export type OffersCalendarInput = {
  franchiseId: string
  /** The franchise's local day: the calendar opens on it. */
  today: string
  stores: readonly { id: string; name: string }[]
}
export type LoadCalendarInput = { franchiseId: string } & CalendarRange

export type OffersCalendarContext = {
  franchiseId: string
  today: string
  stores: { id: string; name: string }[]
  view: CalendarView
  /** A day of the month or week shown. */
  anchor: string
  storeId: string | null
  answer: CalendarAnswer | null
  /** The event opened (its detail dialog). */
  selected: CalendarEvent | null
}

export type OffersCalendarEvent =
  | { type: 'calendar.view'; view: CalendarView }
  | { type: 'calendar.previous' }
  | { type: 'calendar.next' }
  | { type: 'calendar.today' }
  | { type: 'calendar.store'; storeId: string | null }
  | { type: 'calendar.retry' }
  | { type: 'calendar.open'; kind: string; id: string }
  | { type: 'calendar.close' }

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()
/** The Monday of the week of `day` (weeks start on Monday in both product locales' countries). */
export const mondayOf = (day: string) => addDays(day, -((weekday(day) + 6) % 7))
const monthStart = (day: string) => `${day.slice(0, 7)}-01`
const monthEnd = (day: string) => {
  const d = new Date(`${monthStart(day)}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + 1)
  return addDays(d.toISOString().slice(0, 10), -1)
}

/** The days a view shows: a week Monday–Sunday; a month with its leading and trailing days (whole weeks). */
export function rangeOf(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') return { from: mondayOf(anchor), to: addDays(mondayOf(anchor), 6) }
  const from = mondayOf(monthStart(anchor))
  return { from, to: addDays(mondayOf(monthEnd(anchor)), 6) }
}

/** The anchor one view before or after. */
export function stepAnchor(view: CalendarView, anchor: string, step: 1 | -1): string {
  if (view === 'week') return addDays(anchor, 7 * step)
  const d = new Date(`${monthStart(anchor)}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + step)
  return d.toISOString().slice(0, 10)
}

export const offersCalendarMachine = setup({
  types: {
    input: {} as OffersCalendarInput,
    context: {} as OffersCalendarContext,
    events: {} as OffersCalendarEvent,
  },
  actors: {
    loadCalendar,
  },
  guards: {
    isOtherView: ({ context, event }) =>
      event.type === 'calendar.view' &&
      (event.view === 'month' || event.view === 'week') &&
      event.view !== context.view,
    isKnownStore: ({ context, event }) =>
      event.type === 'calendar.store' &&
      event.storeId !== context.storeId &&
      (event.storeId === null || context.stores.some((s) => s.id === event.storeId)),
    isShownEvent: ({ context, event }) =>
      event.type === 'calendar.open' &&
      !!context.answer?.events.some((e) => e.kind === event.kind && e.id === event.id),
  },
  actions: {
    setView: assign({
      view: ({ context, event }) => (event.type === 'calendar.view' ? event.view : context.view),
    }),
    previous: assign({ anchor: ({ context }) => stepAnchor(context.view, context.anchor, -1) }),
    next: assign({ anchor: ({ context }) => stepAnchor(context.view, context.anchor, 1) }),
    goToday: assign({ anchor: ({ context }) => context.today }),
    setStore: assign({
      storeId: ({ context, event }) => (event.type === 'calendar.store' ? event.storeId : context.storeId),
    }),
    setAnswer: assign(({ event }) => {
      const answer = (event as unknown as { output: CalendarAnswer }).output
      return { answer, today: answer.today }
    }),
    select: assign({
      selected: ({ context, event }) =>
        event.type === 'calendar.open'
          ? (context.answer?.events.find((e) => e.kind === event.kind && e.id === event.id) ?? null)
          : null,
    }),
    unselect: assign({ selected: null }),
  },
}).createMachine({
  id: 'offersCalendar',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    today: input.today,
    stores: input.stores.map((s) => ({ id: s.id, name: s.name })),
    view: 'month',
    anchor: input.today,
    storeId: null,
    answer: null,
    selected: null,
  }),
  initial: 'loading',
  on: {
    'calendar.view': { guard: 'isOtherView', target: '.loading', actions: 'setView' },
    'calendar.previous': { target: '.loading', actions: 'previous' },
    'calendar.next': { target: '.loading', actions: 'next' },
    'calendar.today': { target: '.loading', actions: 'goToday' },
    'calendar.store': { guard: 'isKnownStore', target: '.loading', actions: 'setStore' },
  },
  states: {
    // Entered again for every range or store: leaving aborts the call under way.
    loading: {
      entry: 'unselect',
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        input: ({ context }) => ({
          franchiseId: context.franchiseId,
          ...rangeOf(context.view, context.anchor),
          ...(context.storeId ? { storeId: context.storeId } : {}),
        }),
        onDone: { target: 'ready', actions: 'setAnswer' },
        onError: 'failed',
      },
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: { on: { 'calendar.open': { guard: 'isShownEvent', target: 'open', actions: 'select' } } },
        open: { on: { 'calendar.close': { target: 'browsing', actions: 'unselect' } } },
      },
    },
    failed: { on: { 'calendar.retry': 'loading' } },
  },
})
