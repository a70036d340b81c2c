// The news page's default actors: the list call (the list machine's `loadPage`) and the
// stop/restart/delete calls (src/api, aborted through `signal`), the editor's save, and the paged lists'
// address watcher.
import { fromPromise } from 'xstate'
import { newsApi } from '../../src/api/news'
import type { ActOnNewsInput } from './news-actions.machine'
import type { ListNewsInput, ListNewsOutput } from './news-list.list'

export { saveNews } from '../news-editor/news-editor.actors'
export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listNews = fromPromise<ListNewsOutput, ListNewsInput>(async ({ input, signal }) => {
  const { page, size, status } = input.query
  return {
    requestId: input.requestId,
    page: await newsApi.list(input.params.franchiseId, { page, size, ...(status ? { status } : {}) }, signal),
  }
})

export const actOnNews = fromPromise<unknown, ActOnNewsInput>(({ input, signal }) =>
  input.action === 'stop'
    ? newsApi.stop(input.id, signal)
    : input.action === 'restart'
      ? newsApi.restart(input.id, signal)
      : newsApi.remove(input.id, signal),
)
