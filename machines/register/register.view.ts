import type { SnapshotFrom } from 'xstate'
import { hasNoErrors, type RegisterField } from '../../src/domain/auth-forms'
import type { registerMachine } from './register.machine'

const FIELDS: RegisterField[] = ['displayName', 'email', 'password', 'confirmation']

/** What the sign-up page renders: a field's local errors once left (or after a submit), server ones always. */
export function toRegisterView(s: SnapshotFrom<typeof registerMachine>) {
  const { values, touched, errors, serverErrors, error } = s.context
  const shown = Object.fromEntries(
    FIELDS.map((f) => [f, serverErrors[f] ?? (touched[f] ? errors[f] : undefined)]),
  ) as Record<RegisterField, string | undefined>
  return {
    values,
    errors: shown,
    error,
    isSubmitting: s.matches('submitting'),
    isDone: s.matches('done'),
    canSubmit: s.matches('editing') && hasNoErrors(errors) && hasNoErrors(serverErrors),
  }
}
export type RegisterView = ReturnType<typeof toRegisterView>
