// The default actors of the tag scanner screen: the tag's live state, its presence code and the clock.
import { fromPromise } from 'xstate'
import { tagsApi } from '../../src/api/tags'
import type { TagDetail } from '../../src/domain/sale'
import type { PresenceCode } from '../../src/domain/scan'
import { tickerOf } from '../create-sale/create-sale.actors'

/** GET /api/v2/tags/{id}. */
export const loadTag = fromPromise<TagDetail, { tagId: string }>(({ input, signal }) =>
  tagsApi.get(input.tagId, signal),
)
/** GET /api/v2/tags/{id}/presence-code. */
export const loadCode = fromPromise<PresenceCode, { tagId: string }>(({ input, signal }) =>
  tagsApi.presenceCode(input.tagId, signal),
)
export const ticker = tickerOf('scanner.tick')
