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
  onOpen: (kind: string, id: string) => void
}

export default function EventsCalendar({ view, anchor, today, locale, events, onOpen }: EventsCalendarProps) {
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
        events={events.map((e) => ({ ...e, classNames: [styles.kind, `kind-${e.kind}`] }))}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault()
          const [kind, ...rest] = arg.event.id.split(':')
          onOpen(kind!, rest.join(':'))
        }}
        eventDidMount={(arg) => {
          // The events are links for assistive technology and the keyboard.
          arg.el.setAttribute('role', 'button')
          arg.el.setAttribute('tabindex', '0')
          arg.el.setAttribute('aria-label', arg.event.title)
          arg.el.addEventListener('keydown', (ev) => {
            if (ev.key === 'Enter' || ev.key === ' ') {
              ev.preventDefault()
              arg.el.click()
            }
          })
        }}
      />
    </div>
  )
}

// FullCalendar's own CSS variables, set from the design system's tokens.
const styles = {
  frame: css({
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '3',
    overflowX: 'auto',
    '--fc-border-color': 'token(colors.border.default)',
    '--fc-page-bg-color': 'token(colors.bg.default)',
    '--fc-neutral-bg-color': 'token(colors.bg.subtle)',
    '--fc-today-bg-color': 'token(colors.accent.subtle)',
    '--fc-event-border-color': 'transparent',
    '& .fc': { fontSize: 'sm', color: 'fg.default' },
    '& .fc-col-header-cell-cushion, & .fc-daygrid-day-number': {
      color: 'fg.default',
      textDecoration: 'none',
    },
  }),
  kind: css({
    cursor: 'pointer',
    '&.kind-news': { bg: 'accent.solid', color: 'accent.contrast' },
    '&.kind-happy-hour': {
      bg: 'warning.solid',
      '& .fc-event-main, & .fc-event-title, & .fc-event-time': { color: 'warning.contrast' },
    },
    '&.kind-offer-expiry': { bg: 'danger.solid', color: 'danger.contrast' },
    '&.kind-happy-hour .fc-daygrid-event-dot': { borderColor: 'warning.contrast' },
    '& .fc-event-title, & .fc-event-time': { color: 'inherit' },
  }),
}
