import type { SnapshotFrom } from 'xstate'
import { smsCheckOfForm } from '../../src/domain/automation-draft'
import type { automationEditorMachine } from './automation-editor.machine'

/** What the editor page renders. */
export function toAutomationEditorView(s: SnapshotFrom<typeof automationEditorMachine>) {
  const c = s.context
  return {
    isLoading: s.matches('loading'),
    hasFailed: s.matches('loadFailed'),
    isSaving: s.matches('saving'),
    isConfirmingLeave: s.matches('confirmingLeave'),
    type: c.type,
    form: c.form,
    errors: c.errors,
    /** The audience filters' errors by field (communication.errors.<code>). */
    filterErrors: c.errors.filters ?? {},
    formError: c.formError,
    notice: c.notice,
    stores: c.stores,
    automation: c.detail?.automation ?? null,
    months: c.detail?.months ?? [],
    sms: smsCheckOfForm(c.form, c.optOut),
    canSave: s.can({ type: 'automation.submit' }),
    hasUnsavedChanges:
      s.can({ type: 'automation.leave', to: '' }) &&
      s.matches('editing') &&
      JSON.stringify(c.form) !== JSON.stringify(c.saved),
  }
}
export type AutomationEditorView = ReturnType<typeof toAutomationEditorView>
