import type { SnapshotFrom } from 'xstate'
import type { forgotPasswordMachine } from './forgot-password.machine'

/** What the forgot-password page renders: the form (with a retry after a failure) or the confirmation. */
export function toForgotPasswordView(s: SnapshotFrom<typeof forgotPasswordMachine>) {
  const { email, touched, emailError, serverError, error } = s.context
  const isSending = s.matches('sending')
  return {
    email,
    emailError: serverError ?? (touched ? emailError : null),
    error,
    isSending,
    isSent: s.matches('sent'),
    canRetry: s.matches('failed'),
    canSubmit: (s.matches('editing') || s.matches('failed')) && !emailError && !serverError,
  }
}
export type ForgotPasswordView = ReturnType<typeof toForgotPasswordView>
