// The default actors of the messages page: the list call (src/api, aborted through `signal`) and the
// paged lists' address watcher.
import { fromPromise } from 'xstate'
import { messagesApi } from '../../src/api/messages'
import type { ListMessagesInput, ListMessagesOutput } from './messages-list.machine'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listMessages = fromPromise<ListMessagesOutput, ListMessagesInput>(async ({ input, signal }) => ({
  requestId: input.requestId,
  page: await messagesApi.list(input.franchiseId, input.query, signal),
}))
