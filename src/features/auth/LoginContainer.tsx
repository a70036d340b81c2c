import { useSelector } from '@xstate/react'
import { toLoginView } from '../../../machines/login/login.view'
import { useLoginActor } from '../../ui/session/hooks'
import { LoginPage } from './LoginPage'

const idle: ReturnType<typeof toLoginView> = {
  email: '',
  password: '',
  errors: { email: undefined, password: undefined },
  error: null,
  isLoading: true,
  canSubmit: false,
}

/** Renders the login machine (a child of the session while signed out) and sends it what the user does. */
export function LoginContainer() {
  const login = useLoginActor()
  const view = useSelector(login, (s) => (s ? toLoginView(s) : idle))
  return (
    <LoginPage
      email={view.email}
      password={view.password}
      errors={{ email: view.errors.email ?? null, password: view.errors.password ?? null, form: view.error }}
      isLoading={view.isLoading}
      canSubmit={view.canSubmit}
      onChange={(field, value) => login?.send({ type: 'login.change', field, value })}
      onBlur={(field) => login?.send({ type: 'login.blur', field })}
      onSubmit={() => login?.send({ type: 'login.submit' })}
    />
  )
}
