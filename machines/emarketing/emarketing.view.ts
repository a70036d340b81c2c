import type { SnapshotFrom } from 'xstate'
import { conversionPercent, emarketingFormErrors, LANDING_PATH } from '../../src/domain/emarketing'
import type { emarketingMachine } from './emarketing.machine'

/** What the e-marketing screen renders. `origin`: where the public link lives (the page's own origin). */
export function toEmarketingView(s: SnapshotFrom<typeof emarketingMachine>, origin = '') {
  const c = s.context
  const errors: Record<string, string> = { ...emarketingFormErrors(c.form) }
  if (c.serverError?.field) errors[c.serverError.field] = c.serverError.key
  const entity = c.entity
  return {
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isSetUp: !!entity,
    form: c.form,
    errors,
    formError: c.serverError && !c.serverError.field ? c.serverError.key : null,
    logoError: c.logoError,
    isUploading: s.matches({ editing: 'uploadingLogo' }),
    isSaving: s.matches({ editing: 'checkingLink' }) || s.matches({ editing: 'saving' }),
    canSave: s.can({ type: 'emarketing.save' }),
    /** The saved page's public address (the form's link may not be saved yet). */
    publicUrl: entity ? `${origin}${LANDING_PATH}${entity.link}` : null,
    counts: entity?.counts ?? { visits: 0, registrations: 0 },
    conversion: entity ? conversionPercent(entity.counts) : 0,
  }
}
export type EmarketingView = ReturnType<typeof toEmarketingView>
