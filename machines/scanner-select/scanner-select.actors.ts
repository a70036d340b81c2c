// The default actor of the scanner dialog: the store's tags (none: an empty page).
import { fromPromise } from 'xstate'
import { tagsApi } from '../../src/api/tags'
import type { TagPage } from '../../src/domain/sale'

export const loadTags = fromPromise<TagPage, { franchiseId: string; storeId: string }>(({ input, signal }) =>
  tagsApi.list(input.franchiseId, input.storeId, signal),
)
