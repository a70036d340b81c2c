// The play page's default actors: the public calls (the phone-code child has its own).
import { fromPromise } from 'xstate'
import { gamePlayApi } from '../../src/api/game-play'
import type { PublicGame, SpinResult } from '../../src/domain/game-wheel'
import type { SpinInput } from './game-play.machine'

export const loadGame = fromPromise<PublicGame, { gameId: string }>(({ input, signal }) =>
  gamePlayApi.game(input.gameId, signal),
)
export const spin = fromPromise<SpinResult, SpinInput>(({ input, signal }) =>
  gamePlayApi.spin(
    input.gameId,
    {
      phone: input.phone,
      proof: input.proof,
      language: input.language,
      ...(input.storeId ? { storeId: input.storeId } : {}),
    },
    signal,
  ),
)
