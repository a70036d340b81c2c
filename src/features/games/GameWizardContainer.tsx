// /pages/games/new and /pages/games/:id/edit (owner, GAME): the wizard on the session's user and stores
// (with `gameId`, that game loaded first); once saved, the history.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { gameWizardMachine } from '../../../machines/game-wizard/game-wizard.machine'
import { toGameWizardView } from '../../../machines/game-wizard/game-wizard.view'
import { gameToday } from '../../domain/game-wheel'
import { useAppEffects } from '../../ui/effects/app-effects'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { GameWizardPage } from './GameWizardPage'
import { GAME_PATHS } from './paths'

export const GameWizardActorContext = createActorContext(gameWizardMachine)

export function GameWizardContainer({ gameId = null }: { gameId?: string | null }) {
  const session = useSession()
  const effects = useAppEffects()
  const clock = useClock()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(gameWizardMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notifySaved: () => effects.notify('success', 'games.creation.validation.success'),
        notifyFailed: () => effects.notify('error', 'games.creation.validation.error'),
        goToHistory: () => effects.navigate(GAME_PATHS.history),
      },
    }),
  )
  const [input] = useState(() => ({
    userId: session.user?.id ?? null,
    // The game's days are the franchise's, as the server counts them (games-play.ts: gameToday of the
    // franchise's zone), not the browser's; the shell's clock is that zone when there is no franchise.
    today: gameToday(session.franchise?.timezone ?? clock.timeZone, new Date()),
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
