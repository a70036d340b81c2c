// The default actors of the create-sale dialog: src/api calls (passing `signal` on) and the clock.
import { fromCallback, fromPromise } from 'xstate'
import { tagsApi } from '../../src/api/tags'
import type { PointsInfoReply, TagPage } from '../../src/domain/sale'
import type { InjectPointsInput, LoadTagsInput, ResetPointsInput } from './create-sale.machine'

/** One second: the countdown's step (§9 "tag countdown ticks each second"). Here, not in the machine:
 * the ticker below is made when this module loads, before the machine's module has run. */
export const TICK_MS = 1000

/** GET /api/v2/franchises/{id}/tags?storeId= (a store without tags: an empty page). */
export const loadTags = fromPromise<TagPage, LoadTagsInput>(({ input, signal }) =>
  tagsApi.list(input.franchiseId, input.storeId, signal),
)

/** POST /api/v2/tags/{id}/inject-points {amount}. */
export const injectPoints = fromPromise<PointsInfoReply, InjectPointsInput>(({ input, signal }) =>
  tagsApi.inject(input.tagId, input.amount, signal),
)

/** POST /api/v2/tags/{id}/reset-points. */
export const resetPoints = fromPromise<PointsInfoReply, ResetPointsInput>(({ input, signal }) =>
  tagsApi.reset(input.tagId, signal),
)

/** A tick with the time now, at once and then every second, until the state is left. */
export function tickerOf<E extends string>(type: E, every = TICK_MS) {
  return fromCallback(({ sendBack }) => {
    sendBack({ type, now: Date.now() })
    const id = setInterval(() => sendBack({ type, now: Date.now() }), every)
    return () => clearInterval(id)
  })
}
export const ticker = tickerOf('sale.tick')
