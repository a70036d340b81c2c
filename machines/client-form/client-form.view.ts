import type { SnapshotFrom } from 'xstate'
import type { ClientFormField } from './client-form'
import type { clientFormMachine } from './client-form.machine'

/** What the client dialog renders: a field's error once it was left, after a submit, or from the server. */
export function toClientFormView(s: SnapshotFrom<typeof clientFormMachine>) {
  const { values, errors, serverErrors, touched, error, mode } = s.context
  const fieldError = (field: ClientFormField) =>
    serverErrors[field] ?? (touched[field] ? errors[field] : undefined)
  const isSaving = s.matches('saving')
  return {
    mode,
    values,
    errors: {
      firstName: fieldError('firstName'),
      lastName: fieldError('lastName'),
      email: fieldError('email'),
      phone: fieldError('phone'),
      gender: fieldError('gender'),
      birthDate: fieldError('birthDate'),
      postcode: fieldError('postcode'),
    },
    error,
    isSaving,
    isOpen: s.status === 'active',
    canSubmit: !isSaving && Object.keys(errors).length === 0 && Object.keys(serverErrors).length === 0,
  }
}
export type ClientFormView = ReturnType<typeof toClientFormView>
