// /pages/games/:id (owner, GAME): the detail machine on the game of the address.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { gameDetailMachine } from '../../../machines/game-detail/game-detail.machine'
import { toGameDetailView } from '../../../machines/game-detail/game-detail.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useProvided } from '../../ui/machines/provided'
import { GameDetailPage } from './GameDetailPage'

export const GameDetailActorContext = createActorContext(gameDetailMachine)

export function GameDetailContainer({ id }: { id: string }) {
  const effects = useAppEffects()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(gameDetailMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notifyInfoFailed: () => effects.notify('error', 'games.errors.fetchInfo'),
        notifyRewardsFailed: () => effects.notify('error', 'games.errors.fetchRewards'),
        notifyToggled: () => effects.notify('success', 'games.detail.updated'),
        notifyToggleFailed: () => effects.notify('error', 'games.detail.updateFailed'),
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
