import type { SnapshotFrom } from 'xstate'
import { expiryErrors } from '../../src/domain/expiry-reminder'
import type { expirySettingsMachine } from './expiry-settings.machine'

/** What the franchise page's points expiry section renders. */
export function toExpirySettingsView(s: SnapshotFrom<typeof expirySettingsMachine>) {
  const c = s.context
  const errors: Record<string, string> = { ...expiryErrors(c.draft, c.countryAlpha3) }
  // A refusal by the server shows on its field (reminder.message → message).
  if (c.refused) errors[c.refused.field.replace(/^reminder\./, '')] ??= c.refused.reason
  // The figures are the draft's while they are current: previewed, or being confirmed and saved.
  const hasPreview = s.matches({ idle: 'previewed' }) || s.matches('confirming') || s.matches('saving')
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isSaving: s.matches('saving'),
    canEdit: c.saved?.canEdit === true,
    draft: c.draft,
    errors,
    isOn: c.draft.mode !== 'OFF',
    hasReminder: c.draft.mode !== 'OFF' && c.draft.reminderEnabled,
    isPush: c.draft.channel === 'PUSH',
    lastRunDay: c.saved?.lastRunDay ?? null,
    /** What the next night run does under the draft (null while it is being counted). */
    preview: hasPreview && c.draft.mode !== 'OFF' ? c.preview : null,
    isPreviewing: s.matches({ idle: 'settling' }) || s.matches({ idle: 'previewing' }),
    isPreviewFailed: s.matches({ idle: 'previewFailed' }),
    isConfirming: s.matches('confirming'),
    canSave: s.can({ type: 'expiry.save' }),
    canRetry: s.can({ type: 'expiry.retry' }),
  }
}
export type ExpirySettingsView = ReturnType<typeof toExpirySettingsView>
