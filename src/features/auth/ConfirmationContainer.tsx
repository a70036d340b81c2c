import { createActorContext } from '@xstate/react'
import { confirmationMachine } from '../../../machines/confirmation/confirmation.machine'
import { toConfirmationView } from '../../../machines/confirmation/confirmation.view'
import { useProvided } from '../../ui/machines/provided'
import { useSessionRef } from '../../ui/session/hooks'
import { ConfirmationPage } from './ConfirmationPage'

export const ConfirmationContext = createActorContext(confirmationMachine)

/**
 * /pages/confirmation (REGISTERED only): the confirmation machine for this visit. The session is left
 * alone while the terms are accepted: the payment page, then the app's restart, take it from there.
 */
export function ConfirmationContainer() {
  const confirmation = useProvided(confirmationMachine)
  return (
    <ConfirmationContext.Provider logic={confirmation}>
      <ConnectedConfirmationPage />
    </ConfirmationContext.Provider>
  )
}

function ConnectedConfirmationPage() {
  const session = useSessionRef()
  const view = ConfirmationContext.useSelector(toConfirmationView)
  const actor = ConfirmationContext.useActorRef()
  return (
    <ConfirmationPage
      view={view}
      send={actor.send}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  )
}
