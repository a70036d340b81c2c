// The history's default actors: the list call (aborted through `signal`) in the paged lists' shape,
// and the address watcher.
import { fromPromise } from 'xstate'
import { gamesApi } from '../../src/api/games'
import type { ListGamesInput, ListGamesOutput } from './game-history.machine'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listGames = fromPromise<ListGamesOutput, ListGamesInput>(async ({ input, signal }) => {
  const page = await gamesApi.owned(input.query, signal)
  return { requestId: input.requestId, page }
})
