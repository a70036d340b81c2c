import { createActorContext } from '@xstate/react'
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine'
import { toForgotPasswordView } from '../../../machines/forgot-password/forgot-password.view'
import { useProvided } from '../../ui/machines/provided'
import { ForgotPasswordPage } from './ForgotPasswordPage'

export const ForgotPasswordContext = createActorContext(forgotPasswordMachine)

/** /pages/auth/forgot-password (open to all): the forgot-password machine for this visit. */
export function ForgotPasswordContainer() {
  const forgotPassword = useProvided(forgotPasswordMachine)
  return (
    <ForgotPasswordContext.Provider logic={forgotPassword}>
      <ConnectedForgotPasswordPage />
    </ForgotPasswordContext.Provider>
  )
}

function ConnectedForgotPasswordPage() {
  const view = ForgotPasswordContext.useSelector(toForgotPasswordView)
  const actor = ForgotPasswordContext.useActorRef()
  return <ForgotPasswordPage view={view} send={actor.send} />
}
