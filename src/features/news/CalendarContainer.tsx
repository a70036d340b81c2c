// The offers calendar (/pages/offers/calendar, owners): the calendar machine with the session's
// franchise and stores.
import { createActorContext } from '@xstate/react'
import { offersCalendarMachine } from '../../../machines/offers-calendar/offers-calendar.machine'
import { toOffersCalendarView } from '../../../machines/offers-calendar/offers-calendar.view'
import { todayIn } from '../../domain/today'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { CalendarPage } from './CalendarPage'

export const CalendarActorContext = createActorContext(offersCalendarMachine)

export function CalendarContainer() {
  const machine = useProvided(offersCalendarMachine)
  const session = useSession()
  const franchise = session.franchise
  if (!franchise) return null
  const input = {
    franchiseId: franchise.id,
    today: todayIn(franchise.timezone),
    stores: session.stores.filter((s) => s.franchiseId === franchise.id),
  }
  return (
    <CalendarActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedCalendar />
    </CalendarActorContext.Provider>
  )
}

function ConnectedCalendar() {
  const view = CalendarActorContext.useSelector(toOffersCalendarView)
  const actor = CalendarActorContext.useActorRef()
  return <CalendarPage view={view} send={actor.send} />
}
