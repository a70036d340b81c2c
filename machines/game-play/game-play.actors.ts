// The play page's default actors: the public calls, and the phone-code child wired to this game's
// send and confirm calls.
import { fromPromise } from 'xstate'
import { gamePlayApi } from '../../src/api/game-play'
import type { PublicGame, SpinResult } from '../../src/domain/game-wheel'
import type { Locale } from '../../src/domain/locale'
import { phoneCodeMachine } from '../phone-code/phone-code.machine'
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
/** The code SMS is written in the page's `language`. */
export const phoneCodeFor = (gameId: string, language: Locale) =>
  phoneCodeMachine.provide({
    actors: {
      sendCode: fromPromise(({ input, signal }) =>
        gamePlayApi.sendCode(gameId, { phone: input.phone, language }, signal),
      ),
      confirmCode: fromPromise(({ input, signal }) =>
        gamePlayApi.confirmCode(gameId, input.phone, input.code, signal),
      ),
    },
  })
