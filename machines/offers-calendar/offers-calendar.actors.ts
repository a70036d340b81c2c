import { fromPromise } from 'xstate'
import { newsApi } from '../../src/api/news'
import type { CalendarAnswer } from '../../src/domain/calendar'
import type { LoadCalendarInput } from './offers-calendar.machine'

export const loadCalendar = fromPromise<CalendarAnswer, LoadCalendarInput>(({ input, signal }) =>
  newsApi.calendar(input.franchiseId, input, signal),
)
