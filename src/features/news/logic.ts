// The news page's machine with the app's real actors (src/api) and effects. Tests and stories hand their
// own (the same machine with a fake back end) through NewsLogicContext.
import { createContext, useContext } from 'react'
import { newsEditorMachine } from '../../../machines/news-editor/news-editor.machine'
import { newsActionsMachine } from '../../../machines/news-list/news-actions.machine'
import {
  actOnNews,
  browserLocation,
  type LocationSource,
  listNews,
  saveNews,
} from '../../../machines/news-list/news-list.actors'
import { newsListMachine } from '../../../machines/news-list/news-list.list'
import { loadCalendar } from '../../../machines/offers-calendar/offers-calendar.actors'
import { offersCalendarMachine } from '../../../machines/offers-calendar/offers-calendar.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type NewsLogic = {
  /** The list (its `loadPage` provided) and the dialogs (the editor's save and the actions). */
  list: typeof newsListMachine
  actions: typeof newsActionsMachine
  location: LocationSource
  notify: (level: 'success' | 'error', id: string) => void
}

export const appNewsLogic: NewsLogic = {
  list: newsListMachine.provide({ actors: { loadPage: listNews } }),
  actions: newsActionsMachine.provide({
    actors: { actOnNews, newsEditor: newsEditorMachine.provide({ actors: { saveNews } }) },
  }),
  location: browserLocation,
  notify: (level, id) => notify[level](id as MessageId),
}

export const NewsLogicContext = createContext<NewsLogic>(appNewsLogic)
export const useNewsLogic = () => useContext(NewsLogicContext)

/** The offers calendar's machine with its real call; tests and stories hand their own. */
export type CalendarLogic = { calendar: typeof offersCalendarMachine }
export const appCalendarLogic: CalendarLogic = {
  calendar: offersCalendarMachine.provide({ actors: { loadCalendar } }),
}
export const CalendarLogicContext = createContext<CalendarLogic>(appCalendarLogic)
export const useCalendarLogic = () => useContext(CalendarLogicContext)
