import { createActorContext } from '@xstate/react'
import { useSearch } from 'wouter'
import { registerConfirmMachine } from '../../../machines/register-confirm/register-confirm.machine'
import { toRegisterConfirmView } from '../../../machines/register-confirm/register-confirm.view'
import { useProvided } from '../../ui/machines/provided'
import { useSessionRef } from '../../ui/session/hooks'
import { RegisterConfirmPage } from './RegisterConfirmPage'

export const RegisterConfirmContext = createActorContext(registerConfirmMachine)

/**
 * /register/confirm?token=…: the mailed link's secret is the machine's input. Once the account exists
 * the session starts again with its token, and the route guard takes the REGISTERED user to account
 * confirmation.
 */
export function RegisterConfirmContainer() {
  const session = useSessionRef()
  const registerConfirm = useProvided(registerConfirmMachine)
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <RegisterConfirmContext.Provider
      logic={registerConfirm.provide({
        actions: { restartSession: () => session.send({ type: 'session.restart' }) },
      })}
      options={{ input: { token } }}
    >
      <ConnectedRegisterConfirmPage />
    </RegisterConfirmContext.Provider>
  )
}

function ConnectedRegisterConfirmPage() {
  const view = RegisterConfirmContext.useSelector(toRegisterConfirmView)
  const actor = RegisterConfirmContext.useActorRef()
  return <RegisterConfirmPage view={view} send={actor.send} />
}
