// The wizard's default actors: the game's draft for an edit, and its creation or update.
import { fromPromise } from 'xstate'
import { gamesApi } from '../../src/api/games'
import { type GameInfo, type GameInput, gameInputOf } from '../../src/domain/games'
import type { LoadGameInput, SaveGameInput } from './game-wizard.machine'

export const saveGame = fromPromise<GameInfo, SaveGameInput>(({ input, signal }) =>
  input.gameId ? gamesApi.update(input.gameId, input.game, signal) : gamesApi.create(input.game, signal),
)

export const loadGame = fromPromise<GameInput, LoadGameInput>(async ({ input, signal }) => {
  const [info, rewards] = await Promise.all([
    gamesApi.info(input.gameId, signal),
    gamesApi.rewards(input.gameId, false, signal),
  ])
  return gameInputOf(info, rewards)
})
