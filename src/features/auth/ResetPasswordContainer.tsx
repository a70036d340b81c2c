import { createActorContext } from '@xstate/react'
import { useSearch } from 'wouter'
import { resetPasswordMachine } from '../../../machines/reset-password/reset-password.machine'
import { toResetPasswordView } from '../../../machines/reset-password/reset-password.view'
import { useProvided } from '../../ui/machines/provided'
import { ResetPasswordPage } from './ResetPasswordPage'

export const ResetPasswordContext = createActorContext(resetPasswordMachine)

/** /pages/auth/reset-password?token=…: the token of the mailed link is the machine's input. */
export function ResetPasswordContainer() {
  const resetPassword = useProvided(resetPasswordMachine)
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <ResetPasswordContext.Provider logic={resetPassword} options={{ input: { token } }}>
      <ConnectedResetPasswordPage />
    </ResetPasswordContext.Provider>
  )
}

function ConnectedResetPasswordPage() {
  const view = ResetPasswordContext.useSelector(toResetPasswordView)
  const actor = ResetPasswordContext.useActorRef()
  return <ResetPasswordPage view={view} send={actor.send} />
}
