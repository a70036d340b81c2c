import type { SnapshotFrom } from 'xstate'
import type { RegisterField } from '../../src/domain/auth-forms'
import type { registerMachine } from './register.machine'

const FIELDS: RegisterField[] = ['displayName', 'email', 'password', 'confirmation']

/**
 * What the sign-up page renders: a field's local errors once left, server ones always; while the
 * form cannot be sent, every unmet rule (field and message id) beside the disabled button.
 */
export function toRegisterView(s: SnapshotFrom<typeof registerMachine>) {
  const { values, touched, errors, serverErrors, error } = s.context
  const shown = Object.fromEntries(
    FIELDS.map((f) => [f, serverErrors[f] ?? (touched[f] ? errors[f] : undefined)]),
  ) as Record<RegisterField, string | undefined>
  const canSubmit = s.can({ type: 'register.submit' })
  const editing = s.matches('editing')
  return {
    values,
    errors: shown,
    error,
    isSubmitting: s.matches('submitting'),
    isSent: s.matches('sent'),
    canSubmit,
    missing:
      editing && !canSubmit
        ? FIELDS.flatMap((field) => {
            const message = serverErrors[field] ?? errors[field]
            return message ? [{ field, message }] : []
          })
        : [],
  }
}
export type RegisterView = ReturnType<typeof toRegisterView>
