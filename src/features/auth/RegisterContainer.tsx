import { createActorContext } from '@xstate/react'
import { registerMachine } from '../../../machines/register/register.machine'
import { toRegisterView } from '../../../machines/register/register.view'
import { useProvided } from '../../ui/machines/provided'
import { RegisterPage } from './RegisterPage'

export const RegisterContext = createActorContext(registerMachine)

/** /register: the register machine for this visit; the mailed link (/register/confirm) goes on from there. */
export function RegisterContainer() {
  const register = useProvided(registerMachine)
  return (
    <RegisterContext.Provider logic={register}>
      <ConnectedRegisterPage />
    </RegisterContext.Provider>
  )
}

function ConnectedRegisterPage() {
  const view = RegisterContext.useSelector(toRegisterView)
  const actor = RegisterContext.useActorRef()
  return <RegisterPage view={view} send={actor.send} />
}
