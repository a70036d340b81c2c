import { createActorContext } from '@xstate/react'
import { registerMachine } from '../../../machines/register/register.machine'
import { toRegisterView } from '../../../machines/register/register.view'
import { useSessionRef } from '../../ui/session/hooks'
import { useAuthLogic } from './logic'
import { RegisterPage } from './RegisterPage'

export const RegisterContext = createActorContext(registerMachine)

/**
 * /register: the register machine for this visit. Once the account exists the session starts again
 * with the new token, and the route guard takes the REGISTERED user to account confirmation.
 */
export function RegisterContainer() {
  const session = useSessionRef()
  const { register } = useAuthLogic()
  return (
    <RegisterContext.Provider
      logic={register.provide({
        actions: { restartSession: () => session.send({ type: 'session.restart' }) },
      })}
    >
      <ConnectedRegisterPage />
    </RegisterContext.Provider>
  )
}

function ConnectedRegisterPage() {
  const view = RegisterContext.useSelector(toRegisterView)
  const actor = RegisterContext.useActorRef()
  return <RegisterPage view={view} send={actor.send} />
}
