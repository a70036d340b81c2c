// The default actors of a store's opinions: the list call (aborted through `signal` when a newer query
// replaces it) and the reply.
import { fromPromise } from 'xstate'
import { opinionsApi } from '../../src/api/opinions'
import type { Opinion, OpinionPage } from '../../src/domain/opinions'
import type { ListOpinionsInput, SaveReplyInput } from './store-opinions.machine'

export const listOpinions = fromPromise<OpinionPage, ListOpinionsInput>(({ input, signal }) =>
  opinionsApi.list(input.storeId, { page: input.page, size: input.size, rating: input.rating }, signal),
)

export const saveReply = fromPromise<Opinion, SaveReplyInput>(({ input, signal }) =>
  opinionsApi.reply(input.storeId, input.opinionId, input.reply, signal),
)
