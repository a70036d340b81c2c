// Model-based test of the offers calendar machine (issue 19): every range asked is whole weeks within the
// call's limit and holds the anchor day; an event opens only when shown; only the latest answer counts.
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  drawnEvents,
  type LoadCalendarInput,
  mondayOf,
  offersCalendarMachine,
  rangeOf,
  stepAnchor,
  toOffersCalendarView,
} from '../../machines/offers-calendar'
import { CALENDAR_MAX_DAYS, type CalendarAnswer } from '../../src/domain/calendar'
import { expectEveryStateReached } from '../support/model'
import { type Call, recording } from './paged-list-support'

const FID = '11111111-1111-4111-8111-111111111111'
const STORE = '22222222-2222-4222-8222-222222222222'
const input = { franchiseId: FID, today: '2026-11-25', stores: [{ id: STORE, name: 'Paris' }] }
const ANSWER: CalendarAnswer = {
  timezone: 'Europe/Paris',
  today: '2026-11-25',
  from: '2026-10-26',
  to: '2026-12-06',
  events: [
    {
      kind: 'happy-hour',
      id: 'h1',
      title: 'Apéro',
      startDate: '2026-11-20',
      endDate: '2026-12-20',
      startTime: '22:00',
      endTime: '01:00',
      storeIds: [],
      newsType: 'happy-hours',
      status: 'published',
    },
    {
      kind: 'offer-expiry',
      id: 'o1',
      title: 'Café',
      startDate: '2026-11-30',
      endDate: '2026-11-30',
      startTime: null,
      endTime: null,
      storeIds: [STORE],
      newsType: null,
      status: null,
    },
    {
      kind: 'news',
      id: 'n1',
      title: 'Brunch',
      startDate: '2026-11-28',
      endDate: '2026-11-29',
      startTime: null,
      endTime: null,
      storeIds: [],
      newsType: 'news',
      status: 'unpublished',
    },
    {
      kind: 'campaign',
      id: 'c1',
      title: 'Soldes',
      startDate: '2026-11-30',
      endDate: '2026-11-30',
      startTime: '08:00',
      endTime: null,
      storeIds: [],
      newsType: null,
      status: null,
      campaignStatus: 'scheduled',
      scheduledFor: { date: '2026-11-29', hour: '10:00' },
    },
  ],
}
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1

describe('offers calendar ranges (pure)', () => {
  it('a month is whole weeks around it, a week is Monday to Sunday; steps move by one view', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23')
    expect(rangeOf('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(rangeOf('month', '2026-11-25')).toEqual({ from: '2026-10-26', to: '2026-12-06' })
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-01')
    expect(stepAnchor('week', '2026-11-25', -1)).toBe('2026-11-18')
  })

  it('draws a happy hour as a daily slot, past midnight on the next day’s clock, days end-exclusive, a campaign at its time', () => {
    expect(drawnEvents(ANSWER.events)).toEqual([
      {
        id: 'happy-hour:h1',
        title: 'Apéro',
        kind: 'happy-hour',
        isUnpublished: false,
        allDay: false,
        startTime: '22:00',
        endTime: '25:00',
        startRecur: '2026-11-20',
        endRecur: '2026-12-21',
      },
      {
        id: 'offer-expiry:o1',
        title: 'Café',
        kind: 'offer-expiry',
        isUnpublished: false,
        allDay: true,
        start: '2026-11-30',
        end: '2026-12-01',
      },
      // A stopped news item is drawn apart; a campaign at the time it goes out, in the time grid.
      {
        id: 'news:n1',
        title: 'Brunch',
        kind: 'news',
        isUnpublished: true,
        allDay: true,
        start: '2026-11-28',
        end: '2026-11-30',
      },
      {
        id: 'campaign:c1',
        title: 'Soldes',
        kind: 'campaign',
        isUnpublished: false,
        allDay: false,
        start: '2026-11-30T08:00:00',
      },
    ])
  })
})

describe('offers calendar machine', () => {
  const events = [
    { type: 'calendar.view', view: 'week' },
    { type: 'calendar.view', view: 'month' },
    { type: 'calendar.previous' },
    { type: 'calendar.today' },
    { type: 'calendar.store', storeId: STORE },
    { type: 'calendar.store', storeId: 'not-mine' },
    { type: 'calendar.retry' },
    { type: 'calendar.open', kind: 'happy-hour', id: 'h1' },
    { type: 'calendar.open', kind: 'news', id: 'h1' },
    { type: 'calendar.close' },
    { type: 'xstate.done.actor.loadCalendar', output: ANSWER },
    { type: 'xstate.error.actor.loadCalendar', error: new Error('down') },
  ]
  // The anchor moves without end: states are told apart by whether it is today, not by the day itself.
  const paths = getShortestPaths(offersCalendarMachine, {
    events: events as never,
    input,
    serializeState: (st) => {
      const c = (st as unknown as { context: Record<string, unknown> }).context
      return JSON.stringify({
        v: st.value,
        view: c.view,
        store: c.storeId,
        atToday: c.anchor === c.today,
        selected: c.selected,
        answered: c.answer !== null,
      })
    },
  })

  it('reaches every state', () => {
    expectEveryStateReached(offersCalendarMachine, paths)
  })

  it('on every path: asks valid ranges of its own franchise, opens only what it shows', () => {
    expect(paths.length).toBeGreaterThan(20)
    for (const path of paths) {
      const calls: Call[] = []
      const actor = createActor(
        offersCalendarMachine.provide({
          actors: { loadCalendar: recording('loadCalendar', calls) as never },
        }),
        { input },
      ).start()
      for (const step of path.steps)
        if ((step.event.type as string) !== 'xstate.init') actor.send(step.event as never)
      const s = actor.getSnapshot()
      const view = toOffersCalendarView(s)
      // What the path's last event must show: a move or a filter asks again for the range shown.
      const evs = path.steps.map((x) => x.event as { type: string; [k: string]: unknown })
      const last = evs.at(-1)!
      let storeId: string | null = null
      let mode = 'month'
      for (const e of evs) {
        if (e.type === 'calendar.store' && e.storeId === STORE) storeId = STORE
        if (e.type === 'calendar.view') mode = e.view as string
      }
      expect(view.storeId ?? null).toBe(storeId)
      expect(view.view).toBe(mode)
      switch (last.type) {
        case 'xstate.init':
        case 'calendar.view':
        case 'calendar.previous':
        case 'calendar.today':
        case 'calendar.store':
        case 'calendar.retry':
          expect(view.isLoading).toBe(true)
          expect(calls.at(-1)?.input).toMatchObject({
            from: view.range.from,
            ...(storeId ? { storeId } : {}),
          })
          if (last.type === 'calendar.today') expect(view.anchor).toBe(view.today)
          break
        case 'xstate.done.actor.loadCalendar':
          expect(view).toMatchObject({ isLoading: false, isFailed: false, selected: null })
          expect(view.events.length).toBeGreaterThan(0)
          break
        case 'xstate.error.actor.loadCalendar':
          expect(view).toMatchObject({ isLoading: false, isFailed: true, selected: null })
          break
        case 'calendar.open':
          expect(view.selected).toMatchObject({ kind: last.kind, id: last.id })
          break
        case 'calendar.close':
          expect(view.selected).toBeNull()
          break
        default:
          throw new Error(`no expectation for ${last.type}`)
      }
      for (const c of calls.map((c) => c.input as LoadCalendarInput)) {
        expect(c.franchiseId).toBe(FID)
        expect(new Date(`${c.from}T00:00:00Z`).getUTCDay()).toBe(1)
        expect((days(c.from, c.to) % 7) + (days(c.from, c.to) <= CALENDAR_MAX_DAYS ? 0 : 1)).toBe(0)
        expect(c.storeId === undefined || c.storeId === STORE).toBe(true)
      }
      // The range shown holds the anchor; the event opened is one the calendar drew.
      expect(view.range.from <= view.anchor && view.anchor <= view.range.to).toBe(true)
      if (view.selected)
        expect(view.events.map((e) => e.id)).toContain(`${view.selected.kind}:${view.selected.id}`)
      if (view.isFailed) expect(view.selected).toBeNull()
      actor.stop()
    }
  })

  it('asks again for a store and for the next month, keeping the store', () => {
    const calls: Call[] = []
    const actor = createActor(
      offersCalendarMachine.provide({ actors: { loadCalendar: recording('loadCalendar', calls) as never } }),
      { input },
    ).start()
    actor.send({ type: 'calendar.store', storeId: STORE })
    actor.send({ type: 'calendar.next' })
    expect(calls.map((c) => c.input)).toEqual([
      { franchiseId: FID, from: '2026-10-26', to: '2026-12-06' },
      { franchiseId: FID, from: '2026-10-26', to: '2026-12-06', storeId: STORE },
      { franchiseId: FID, from: '2026-11-30', to: '2027-01-03', storeId: STORE },
    ])
  })
})
