// /pages/games/new and /pages/games/:id/edit (owner, GAME): the wizard on the session's user and stores
// (with `gameId`, that game loaded first); once saved, the history.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { gameWizardMachine } from '../../../machines/game-wizard/game-wizard.machine'
import { toGameWizardView } from '../../../machines/game-wizard/game-wizard.view'
import { gameToday } from '../../domain/game-wheel'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'
import { useSession } from '../../ui/session/hooks'
import { GameWizardPage } from './GameWizardPage'
import { GAME_PATHS, useGamesLogic } from './logic'

export const GameWizardActorContext = createActorContext(gameWizardMachine)

export function GameWizardContainer({ gameId = null }: { gameId?: string | null }) {
  const session = useSession()
  const logic = useGamesLogic()
  const clock = useClock()
  const [, navigate] = useLocation()
  const [machine] = useState(() =>
    logic.wizard.provide({
      actions: {
        notifySaved: () => logic.notify('success', 'games.creation.validation.success'),
        notifyFailed: () => logic.notify('error', 'games.creation.validation.error'),
        goToHistory: () => navigate(GAME_PATHS.history),
      },
    }),
  )
  const [input] = useState(() => ({
    userId: session.user?.id ?? null,
    // The game's days are the franchise's (issue 34: one clock), not the browser's.
    today: gameToday(clock.timeZone, logic.now()),
    gameId,
  }))
  const stores = session.stores.filter((s) => !session.franchise || s.franchiseId === session.franchise.id)
  return (
    <GameWizardActorContext.Provider key={gameId ?? 'new'} logic={machine} options={{ input }}>
      <ConnectedWizard stores={stores} currency={session.franchise?.currencyCode ?? 'EUR'} />
    </GameWizardActorContext.Provider>
  )
}

function ConnectedWizard({
  stores,
  currency,
}: {
  stores: readonly { id: string; name: string }[]
  currency: string
}) {
  const t = useT()
  const view = GameWizardActorContext.useSelector((s) => toGameWizardView(s, t('games.wheel.lose')))
  const actor = GameWizardActorContext.useActorRef()
  return <GameWizardPage view={view} send={actor.send} stores={stores} currency={currency} />
}
