import type { SnapshotFrom } from 'xstate'
import type { loginMachine } from './login.machine'

/** What the login page renders: field errors only once a field was left or a submit was tried. */
export function toLoginView(s: SnapshotFrom<typeof loginMachine>) {
  const { email, password, errors, touched, error } = s.context
  const isLoading = !s.matches('editing')
  return {
    email,
    password,
    errors: {
      email: touched.email ? errors.email : undefined,
      password: touched.password ? errors.password : undefined,
    },
    error,
    isLoading,
    canSubmit: !isLoading && s.can({ type: 'login.submit' }) && Object.keys(errors).length === 0,
  }
}
