// /pages/games/history (owner, GAME): the history machine following the address.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/game-history/game-history.actors'
import { gameHistoryMachine } from '../../../machines/game-history/game-history.machine'
import { toGameHistoryView } from '../../../machines/game-history/game-history.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useProvided } from '../../ui/machines/provided'
import { GameHistoryPage } from './GameHistoryPage'
import { GAME_PATHS } from './paths'

export const GameHistoryActorContext = createActorContext(gameHistoryMachine)

export function GameHistoryContainer() {
  const effects = useAppEffects()
  const search = useSearch()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(gameHistoryMachine)
  const [machine] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, GAME_PATHS.history) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${GAME_PATHS.history}${p.search}`, { replace: true }),
        notifyFailed: () => effects.notify('error', 'games.errors.fetchGames'),
      },
    }),
  )
  return (
    <GameHistoryActorContext.Provider
      logic={machine}
      options={{ input: { location: search ? `?${search}` : '' } }}
    >
      <ConnectedHistory />
    </GameHistoryActorContext.Provider>
  )
}

function ConnectedHistory() {
  const view = GameHistoryActorContext.useSelector(toGameHistoryView)
  const actor = GameHistoryActorContext.useActorRef()
  return <GameHistoryPage view={view} send={actor.send} />
}
