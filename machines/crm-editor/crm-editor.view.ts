import type { SnapshotFrom } from 'xstate'
import type { CrmFieldErrors } from '../../src/domain/crm'
import { CRM_RULES } from '../../src/domain/crm'
import { formErrors, merchantFields, staticFields } from './crm-editor.fields'
import type { crmEditorMachine } from './crm-editor.machine'

/** What the form builder renders. */
export function toCrmEditorView(s: SnapshotFrom<typeof crmEditorMachine>) {
  const c = s.context
  const all = formErrors(c.fields)
  // A new field's empty label is not an error to shout about before a save was tried.
  const errors: Record<string, CrmFieldErrors> = {}
  for (const [id, e] of Object.entries(all)) {
    const { label, ...rest } = e
    const shown = label && (c.showErrors || label !== CRM_RULES.labelRequired) ? { label, ...rest } : rest
    if (Object.keys(shown).length) errors[id] = shown
  }
  const own = merchantFields(c.fields)
  const isReady = s.matches('ready')
  const isIdle = s.matches({ ready: { form: 'idle' } })
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    error: s.matches('failed') ? c.error : null,
    isReady,
    staticFields: staticFields(c.fields),
    active: own.filter((f) => f.status === 'ACTIVE'),
    archived: own.filter((f) => f.status === 'ARCHIVED'),
    /** Positions among the merchant's fields (what a move names). */
    positionOf: (localId: string) => own.findIndex((f) => f.localId === localId),
    fieldCount: own.length,
    selected: c.fields.find((f) => f.localId === c.selectedId) ?? null,
    errors,
    /** What the machine's `canDelete` guard allows (archived in the saved form too, and idle). */
    canDelete: (localId: string) => s.can({ type: 'field.delete', localId }),
    isEdited: s.matches({ ready: { unsaved: 'dirty' } }),
    canEdit: isIdle,
    isSaving: s.matches({ ready: { form: 'saving' } }),
    conflictVersion: s.matches({ ready: { form: 'conflict' } }) ? c.conflictVersion : null,
    deleteTarget:
      s.matches({ ready: { form: 'counting' } }) ||
      s.matches({ ready: { form: 'confirmingDelete' } }) ||
      s.matches({ ready: { form: 'deleting' } })
        ? c.target
        : null,
    isCounting: s.matches({ ready: { form: 'counting' } }),
    isDeleting: s.matches({ ready: { form: 'deleting' } }),
    valueCount: c.valueCount,
    isLeaving: s.matches({ ready: { leave: 'confirming' } }),
    version: c.version,
  }
}
export type CrmEditorView = ReturnType<typeof toCrmEditorView>
