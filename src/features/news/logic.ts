// The news page's machine with the app's real actors (src/api) and effects. Tests and stories hand their
// own (the same machine with a fake back end) through NewsLogicContext.
import { createContext, useContext } from 'react'
import { newsEditorMachine } from '../../../machines/news-editor/news-editor.machine'
import {
  actOnNews,
  browserLocation,
  type LocationSource,
  listNews,
  saveNews,
} from '../../../machines/news-list/news-list.actors'
import { newsListMachine } from '../../../machines/news-list/news-list.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type NewsLogic = {
  news: typeof newsListMachine
  location: LocationSource
  notify: (level: 'success' | 'error', id: string) => void
}

export const appNewsLogic: NewsLogic = {
  news: newsListMachine.provide({
    actors: { listNews, actOnNews, newsEditor: newsEditorMachine.provide({ actors: { saveNews } }) },
  }),
  location: browserLocation,
  notify: (level, id) => notify[level](id as MessageId),
}

export const NewsLogicContext = createContext<NewsLogic>(appNewsLogic)
export const useNewsLogic = () => useContext(NewsLogicContext)
