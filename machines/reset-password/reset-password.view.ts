import type { SnapshotFrom } from 'xstate'
import { hasNoErrors, type NewPasswordField } from '../../src/domain/auth-forms'
import type { resetPasswordMachine } from './reset-password.machine'

/** What the reset-password page renders: the form, the "changed" screen or the invalid-link screen. */
export function toResetPasswordView(s: SnapshotFrom<typeof resetPasswordMachine>) {
  const { values, touched, errors, serverErrors, error } = s.context
  const shown = (f: NewPasswordField) => serverErrors[f] ?? (touched[f] ? errors[f] : undefined)
  return {
    values,
    errors: { password: shown('password'), confirmation: shown('confirmation') },
    error,
    isSaving: s.matches('saving'),
    isDone: s.matches('done'),
    isLinkInvalid: s.matches('invalidLink'),
    canSubmit: s.matches('editing') && hasNoErrors(errors) && hasNoErrors(serverErrors),
  }
}
export type ResetPasswordView = ReturnType<typeof toResetPasswordView>
