// The default actor of the messages page: the list call (src/api, aborted through `signal`), provided as
// the list machine's `loadPage`.
import { fromPromise } from 'xstate'
import { messagesApi } from '../../src/api/messages'
import type { ListMessagesInput, ListMessagesOutput } from './messages-list.list'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listMessages = fromPromise<ListMessagesOutput, ListMessagesInput>(async ({ input, signal }) => {
  const { page, size, search, channel, campaignId } = input.query
  return {
    requestId: input.requestId,
    page: await messagesApi.list(
      input.params.franchiseId,
      { page, size, search, channel, campaignId },
      signal,
    ),
  }
})
