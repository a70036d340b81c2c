// /pages/games/history (owner, GAME): the history machine following the address.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/game-history/game-history.actors'
import { gameHistoryMachine } from '../../../machines/game-history/game-history.machine'
import { toGameHistoryView } from '../../../machines/game-history/game-history.view'
import { GameHistoryPage } from './GameHistoryPage'
import { GAME_PATHS, useGamesLogic } from './logic'

export const GameHistoryActorContext = createActorContext(gameHistoryMachine)

export function GameHistoryContainer() {
  const logic = useGamesLogic()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [machine] = useState(() =>
    logic.history.provide({
      actors: { watchLocation: watchLocationOf(logic.location, GAME_PATHS.history) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          navigate(`${GAME_PATHS.history}${p.search}`, { replace: true }),
        notifyFailed: () => logic.notify('error', 'games.errors.fetchGames'),
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
