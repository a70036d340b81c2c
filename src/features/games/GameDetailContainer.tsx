// /pages/games/:id (owner, GAME): the detail machine on the game of the address.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { gameDetailMachine } from '../../../machines/game-detail/game-detail.machine'
import { toGameDetailView } from '../../../machines/game-detail/game-detail.view'
import { GameDetailPage } from './GameDetailPage'
import { useGamesLogic } from './logic'

export const GameDetailActorContext = createActorContext(gameDetailMachine)

export function GameDetailContainer({ id }: { id: string }) {
  const logic = useGamesLogic()
  const [machine] = useState(() =>
    logic.detail.provide({
      actions: {
        notifyInfoFailed: () => logic.notify('error', 'games.errors.fetchInfo'),
        notifyRewardsFailed: () => logic.notify('error', 'games.errors.fetchRewards'),
        notifyToggled: () => logic.notify('success', 'games.detail.updated'),
        notifyToggleFailed: () => logic.notify('error', 'games.detail.updateFailed'),
      },
    }),
  )
  return (
    <GameDetailActorContext.Provider key={id} logic={machine} options={{ input: { id } }}>
      <ConnectedDetail />
    </GameDetailActorContext.Provider>
  )
}

function ConnectedDetail() {
  const view = GameDetailActorContext.useSelector(toGameDetailView)
  const actor = GameDetailActorContext.useActorRef()
  return <GameDetailPage view={view} send={actor.send} origin={window.location.origin} />
}
