// The default actors of the store screen's tags: src/api calls and the clipboard.
import { fromPromise } from 'xstate'
import { tagsApi } from '../../src/api/tags'
import type { Tag, TagPage } from '../../src/domain/sale'
import type { CreateTagInput, SaveTagInput } from './store-tags.machine'

export const loadStoreTags = fromPromise<TagPage, { franchiseId: string; storeId: string }>(
  ({ input, signal }) => tagsApi.list(input.franchiseId, input.storeId, signal),
)
export const saveTag = fromPromise<Tag, SaveTagInput>(({ input, signal }) =>
  tagsApi.update(input.tagId, input.body, signal),
)
export const createTag = fromPromise<Tag, CreateTagInput>(({ input, signal }) =>
  tagsApi.create(input.storeId, input.body, signal),
)
export const copyText = fromPromise<void, { text: string }>(({ input }) =>
  navigator.clipboard.writeText(input.text),
)
