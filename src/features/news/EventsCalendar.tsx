// The calendar component (FullCalendar), in a chunk of its own: only the offers calendar loads it. It
// draws what the page passes and reports clicks; the page's machine owns the range and the store.
import type { EventClickArg } from '@fullcalendar/core'
import frLocale from '@fullcalendar/core/locales/fr'
import dayGridPlugin from '@fullcalendar/daygrid'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { css } from 'styled-system/css'
import type { DrawnEvent } from '../../../machines/offers-calendar/offers-calendar.view'

export interface EventsCalendarProps {
  view: 'month' | 'week'
  anchor: string
  today: string
  locale: string
  events: readonly DrawnEvent[]
  /** Each event's tooltip (its kind, a stopped item said so, its name whole). */
  tooltipOf: (event: DrawnEvent) => string
  /** The id of the element naming each event's kind (the page's legend): the event's description. */
  kindIdOf: (event: DrawnEvent) => string
  /** The word drawn before a stopped news item's name. */
  unpublishedTag: string
  onOpen: (kind: string, id: string) => void
}

export default function EventsCalendar({
  view,
  anchor,
  today,
  locale,
  events,
  tooltipOf,
  kindIdOf,
  unpublishedTag,
  onOpen,
}: EventsCalendarProps) {
  const byId = new Map(events.map((e) => [e.id, e]))
  return (
    <div className={styles.frame}>
      <FullCalendar
        // A new range remounts it on the machine's date: the component's own navigation is not used.
        key={`${view}:${anchor}`}
        plugins={[dayGridPlugin, timeGridPlugin]}
        initialView={view === 'month' ? 'dayGridMonth' : 'timeGridWeek'}
        initialDate={anchor}
        headerToolbar={false}
        // Wall-clock strings without an offset in a UTC calendar: shown as the franchise's clock.
        timeZone="UTC"
        now={`${today}T12:00:00`}
        firstDay={1}
        locales={[frLocale]}
        locale={locale.startsWith('fr') ? 'fr' : 'en-gb'}
        height="auto"
        dayMaxEvents={4}
        allDaySlot
        slotMinTime="06:00:00"
        slotMaxTime="30:00:00"
        events={events.map((e) => ({
          ...e,
          title: e.isUnpublished ? `${unpublishedTag} · ${e.title}` : e.title,
          classNames: [styles.kind, `kind-${e.kind}`, ...(e.isUnpublished ? ['is-unpublished'] : [])],
        }))}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault()
          const [kind, ...rest] = arg.event.id.split(':')
          onOpen(kind!, rest.join(':'))
        }}
        eventDidMount={(arg) => {
          // The events are buttons for assistive technology and the keyboard.
          arg.el.setAttribute('role', 'button')
          arg.el.setAttribute('tabindex', '0')
          // Named by what it shows (its time as drawn, a stopped item's tag, its name: WCAG 2.5.3, no
          // aria-label that would leave the time out); its kind, told by colour alone, is its
          // description: the legend's entry. The tooltip has it all, the name whole.
          const drawn = byId.get(arg.event.id)
          if (drawn) {
            arg.el.setAttribute('aria-describedby', kindIdOf(drawn))
            arg.el.setAttribute('title', tooltipOf(drawn))
          }
          arg.el.addEventListener('keydown', (ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault()
              arg.el.click()
            }
          })
        }}
        dayCellDidMount={(arg) => {
          // FullCalendar names a month's day cell by its day number (aria-labelledby) while the cell
          // also shows that day's events: a name leaving out visible text (WCAG 2.5.3). Unlabelled, the
          // cell is named by its content, the date then the events.
          arg.el.removeAttribute('aria-labelledby')
        }}
        moreLinkDidMount={(arg) => {
          // A full day's "+N more" opens a list of the rest and says so (aria-expanded), which a link
          // without an address may not carry: it is a button (FullCalendar already answers Enter).
          arg.el.setAttribute('role', 'button')
        }}
        dayHeaderDidMount={(arg) => {
          // Its column headers' day links carry the full date as aria-label ("23 November 2026" over
          // "Mon 23/11"): a name without the text shown, on an element that may not be named (a link
          // without href). Without it the header is named by what it shows.
          arg.el.querySelector('.fc-col-header-cell-cushion')?.removeAttribute('aria-label')
        }}
      />
    </div>
  )
}

// FullCalendar's stylesheet is not in a cascade layer, so it wins over the design system's (layered)
// styles: the overrides say !important. Its CSS variables take the design tokens.
const styles = {
  frame: css({
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '3',
    overflowX: 'auto',
    '& .fc': {
      '--fc-border-color': 'token(colors.border.default) !important',
      '--fc-page-bg-color': 'token(colors.bg.default) !important',
      '--fc-neutral-bg-color': 'token(colors.bg.subtle) !important',
      '--fc-today-bg-color': 'token(colors.accent.subtle) !important',
      '--fc-event-border-color': 'transparent !important',
      fontSize: 'sm',
      color: 'fg.default',
    },
    '& .fc-col-header-cell-cushion, & .fc-daygrid-day-number': {
      color: 'fg.default !important',
      textDecoration: 'none',
    },
    // FullCalendar fades the other months' days to 30 %: too faint to read (contrast); muted instead.
    '& .fc-day-other .fc-daygrid-day-top': { opacity: '1 !important' },
    '& .fc-day-other .fc-daygrid-day-number': { color: 'fg.muted !important' },
  }),
  // Events: the tone's subtle background and text (readable in both themes), its solid colour as a
  // left edge, the legend's swatch.
  kind: css({
    cursor: 'pointer',
    borderLeftWidth: '3px !important',
    '& .fc-event-main, & .fc-event-title, & .fc-event-time': { color: 'inherit !important' },
    '&.kind-news': {
      bg: 'accent.subtle !important',
      color: 'accent.text !important',
      borderLeftColor: 'accent.solid !important',
    },
    '&.kind-happy-hour': {
      bg: 'warning.subtle !important',
      color: 'warning.text !important',
      borderLeftColor: 'warning.solid !important',
    },
    '&.kind-offer-expiry': {
      bg: 'danger.subtle !important',
      color: 'danger.text !important',
      borderLeftColor: 'danger.solid !important',
    },
    '&.kind-campaign': {
      bg: 'success.subtle !important',
      color: 'success.text !important',
      borderLeftColor: 'success.solid !important',
    },
    '& .fc-daygrid-event-dot': { display: 'none' },
    // Names wrap instead of being cut at the cell's edge (the tooltip has them whole too).
    '& .fc-event-title, & .fc-event-main': { whiteSpace: 'normal !important', overflowWrap: 'anywhere' },
    '&.fc-daygrid-block-event, &.fc-daygrid-dot-event': { whiteSpace: 'normal !important' },
    // A stopped news item: no fill, a dashed edge, muted text; not mistaken for a live one.
    '&.is-unpublished': {
      bg: 'bg.default !important',
      color: 'fg.muted !important',
      borderStyle: 'dashed !important',
      borderWidth: '1px !important',
      borderLeftWidth: '3px !important',
      borderColor: 'border.default !important',
    },
  }),
}
