// The offers calendar's names (issue 34, WCAG 2.5.3 / axe label-content-name-mismatch): what a screen
// reader says for an event or a month's day cell contains the text drawn there (an event's time as
// FullCalendar shows it, a stopped item's tag, its name; a cell's day number and events), and an event's
// kind, told by colour, is its description (the legend's entry); a day's column header is named by the
// day it shows. In English and French, month and week.
import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  type OffersCalendarContext,
  offersCalendarMachine,
} from '../../machines/offers-calendar/offers-calendar.machine'
import { toOffersCalendarView } from '../../machines/offers-calendar/offers-calendar.view'
import type { Locale } from '../../src/domain/locale'
import { CalendarPage } from '../../src/features/news/CalendarPage'
import { CALENDAR, FID, STORES } from '../../stories/news/fixtures'
import { renderUi } from './render'

const ANSWER = {
  ...CALENDAR,
  events: [
    ...CALENDAR.events,
    {
      kind: 'news' as const,
      id: '66666666-6666-4666-8666-000000000004',
      title: 'Brunch du dimanche',
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      startTime: null,
      endTime: null,
      storeIds: [],
      newsType: 'news' as const,
      status: 'unpublished' as const,
    },
    {
      kind: 'campaign' as const,
      id: '88888888-8888-4888-8888-000000000001',
      title: 'Relance Noël',
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      startTime: '09:30',
      endTime: null,
      storeIds: [],
      newsType: null,
      status: null,
      campaignStatus: 'scheduled' as const,
    },
  ],
}

function viewOf(over: Partial<OffersCalendarContext>) {
  const context: OffersCalendarContext = {
    franchiseId: FID,
    today: '2026-11-25',
    stores: STORES,
    view: 'month',
    anchor: '2026-11-25',
    storeId: null,
    answer: ANSWER,
    selected: null,
    ...over,
  }
  return toOffersCalendarView(offersCalendarMachine.resolveState({ value: { ready: 'browsing' }, context }))
}

/** Text as axe compares it: case, spaces and punctuation left out. */
const squeeze = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')

/** The accessible name of each element of `role` in `root` (testing-library's computation). */
function namesOf(root: HTMLElement, role: 'button' | 'gridcell' | 'columnheader') {
  const names = new Map<HTMLElement, string>()
  within(root).queryAllByRole(role, {
    name: (name, el) => {
      names.set(el as HTMLElement, name)
      return true
    },
  })
  return names
}

/** What FullCalendar draws in each language (a month shows the start: "18", "18 h"). */
const TEXTS = {
  en: {
    kinds: { 'happy-hour': 'Happy hours', news: 'News', campaign: 'Campaigns' },
    unpublished: 'Unpublished',
    happyHourStart: '18',
    campaignTime: '9:30',
    slot: '18:00 - 20:00',
  },
  fr: {
    kinds: { 'happy-hour': 'Happy hours', news: 'Actualités', campaign: 'Campagnes' },
    unpublished: 'Non publiée',
    happyHourStart: '18 h',
    campaignTime: '9:30',
    slot: '18:00 - 20:00',
  },
} as const

describe.each(['en', 'fr'] as const)('the offers calendar in %s', (locale: Locale & keyof typeof TEXTS) => {
  const texts = TEXTS[locale]

  async function rendered(over: Partial<OffersCalendarContext>) {
    const utils = renderUi(<CalendarPage view={viewOf(over)} send={() => {}} />, { locale })
    await waitFor(() => expect(document.querySelectorAll('.fc-event').length).toBeGreaterThan(0))
    return { ...utils, calendar: document.querySelector<HTMLElement>('.fc')! }
  }

  /** Every event is a button named by all it shows, its kind as its description. */
  function expectEventsNamedByTheirText(calendar: HTMLElement) {
    const events = [...calendar.querySelectorAll<HTMLElement>('.fc-event')]
    const names = namesOf(calendar, 'button')
    for (const el of events) {
      const shown = el.textContent ?? ''
      expect(names.has(el), shown).toBe(true)
      expect(squeeze(names.get(el)!), shown).toContain(squeeze(shown))
    }
    return events
  }

  /** The days' column headers are named by what they show ("Mon 23/11", not "23 November 2026"). */
  function expectHeadersNamedByTheirText(calendar: HTMLElement) {
    const headers = [...namesOf(calendar, 'columnheader')].filter(([el]) => el.textContent)
    expect(headers).toHaveLength(7)
    for (const [el, name] of headers) expect(squeeze(name), name).toContain(squeeze(el.textContent!))
  }

  it('month: events named with the time they show, day cells with their day number and events', async () => {
    const { calendar, rerender } = await rendered({ view: 'month' })
    const events = expectEventsNamedByTheirText(calendar)
    expectHeadersNamedByTheirText(calendar)

    // The happy hour shows its start as the locale writes it, and says it; the campaign its time of
    // going out.
    const happyHour = events.find((el) => el.textContent?.includes('Apéro au fournil'))!
    expect(happyHour).toHaveAccessibleName(`${texts.happyHourStart} Apéro au fournil`)
    expect(happyHour).toHaveAccessibleDescription(texts.kinds['happy-hour'])
    const campaign = events.find((el) => el.textContent?.includes('Relance Noël'))!
    expect(campaign).toHaveAccessibleName(`${texts.campaignTime} Relance Noël`)
    expect(campaign).toHaveAccessibleDescription(texts.kinds.campaign)
    // A stopped item: its tag drawn and said, its kind described.
    const stopped = events.find((el) => el.textContent?.includes('Brunch du dimanche'))!
    expect(stopped).toHaveAccessibleName(`${texts.unpublished} · Brunch du dimanche`)
    expect(stopped).toHaveAccessibleDescription(texts.kinds.news)
    // The tooltip keeps the kind and the name whole.
    expect(stopped).toHaveAttribute(
      'title',
      `${texts.kinds.news} · ${texts.unpublished} · Brunch du dimanche`,
    )

    const expectCellsNamedByTheirText = () => {
      const cells = namesOf(calendar, 'gridcell')
      const withEvents = [...cells].filter(([el]) => el.querySelector('.fc-event'))
      expect(withEvents.length).toBeGreaterThan(0)
      for (const [el, name] of cells) {
        const number = el.querySelector('.fc-daygrid-day-number')?.textContent ?? ''
        expect(squeeze(name), `${el.dataset.date}: ${name}`).toContain(squeeze(number))
        for (const event of el.querySelectorAll('.fc-event'))
          expect(squeeze(name), `${el.dataset.date}: ${name}`).toContain(squeeze(event.textContent ?? ''))
      }
    }
    expectCellsNamedByTheirText()

    // Other events drawn in the same cells (another store's answer, without the happy hour) keep them so.
    const answer = { ...ANSWER, events: ANSWER.events.filter((e) => e.kind !== 'happy-hour') }
    rerender(
      <CalendarPage view={viewOf({ view: 'month', storeId: STORES[0]!.id, answer })} send={() => {}} />,
    )
    await waitFor(() => expect(calendar.querySelectorAll('.fc-event').length).toBeLessThan(events.length))
    expectEventsNamedByTheirText(calendar)
    expectCellsNamedByTheirText()
  })

  it('month: a full day’s "+N more" opens its list as a button (axe aria-allowed-attr)', async () => {
    // Six items on one day: four drawn, the rest behind FullCalendar's "more" link, which carries
    // aria-expanded: allowed on a button, not on a link without an address.
    const busy = Array.from({ length: 6 }, (_, i) => ({
      ...ANSWER.events.find((e) => e.kind === 'news')!,
      id: `66666666-6666-4666-8666-00000000010${i}`,
      title: `Actu ${i + 1}`,
      startDate: '2026-11-18',
      endDate: '2026-11-18',
    }))
    const { calendar } = await rendered({ view: 'month', answer: { ...ANSWER, events: busy } })
    const more = await waitFor(() => {
      const el = calendar.querySelector<HTMLElement>('.fc-daygrid-more-link')
      expect(el).not.toBeNull()
      return el!
    })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(more).toHaveAttribute('role', 'button')
    expect(namesOf(calendar, 'button').get(more)).toBe(more.textContent)
  })

  it('week: events named with the slot they show', async () => {
    const { calendar } = await rendered({ view: 'week' })
    // jsdom lays nothing out: FullCalendar keeps the time grid's events hidden until it has measured
    // the grid. Shown, as a browser shows them once measured.
    for (const el of calendar.querySelectorAll<HTMLElement>('.fc-timegrid-event-harness'))
      el.style.visibility = ''
    const events = expectEventsNamedByTheirText(calendar)
    expectHeadersNamedByTheirText(calendar)
    const happyHours = events.filter((el) => el.textContent?.includes('Apéro au fournil'))
    expect(happyHours).toHaveLength(7)
    for (const el of happyHours) {
      expect(el).toHaveAccessibleName(`${texts.slot} Apéro au fournil`)
      expect(el).toHaveAccessibleDescription(texts.kinds['happy-hour'])
    }
  })
})
