import type { SnapshotFrom } from 'xstate'
import type { clientCrmMachine } from './client-crm.machine'

/** What the client detail's registration-form answers render. */
export function toClientCrmView(s: SnapshotFrom<typeof clientCrmMachine>) {
  const c = s.context
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    fields: c.fields,
    values: c.values,
    draft: c.draft,
    errors: c.errors,
    formError: c.formError,
    canEdit: s.can({ type: 'values.edit' }),
    isEditing: s.matches('editing') || s.matches('saving'),
    isSaving: s.matches('saving'),
  }
}
export type ClientCrmView = ReturnType<typeof toClientCrmView>
