// The wizard's default actor: the creation call.
import { fromPromise } from 'xstate'
import { gamesApi } from '../../src/api/games'
import type { GameInfo } from '../../src/domain/games'
import type { SaveGameInput } from './game-wizard.machine'

export const saveGame = fromPromise<GameInfo, SaveGameInput>(({ input, signal }) =>
  gamesApi.create(input.game, signal),
)
