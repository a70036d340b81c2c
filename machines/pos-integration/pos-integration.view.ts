import type { SnapshotFrom } from 'xstate'
import { validatePosForm } from '../../src/domain/pos'
import { hasPosChanges, type posIntegrationMachine } from './pos-integration.machine'

/** What the POS section and its dialog render. */
export function toPosIntegrationView(s: SnapshotFrom<typeof posIntegrationMachine>) {
  const c = s.context
  const all = validatePosForm(c.values)
  // A field's error shows once it was changed, or everywhere after a save attempt.
  const errors = Object.fromEntries(
    Object.entries(all).filter(([f]) => c.submitted || c.touched.includes(f as never)),
  ) as typeof all
  const busy = s.matches({ open: 'saving' }) || s.matches({ open: 'regenerating' })
  return {
    isOpen: s.matches('open'),
    isLoading: s.matches({ open: 'loading' }) || s.matches({ open: 'loadingActivity' }),
    isFailed: s.matches({ open: 'failed' }),
    isEditing: s.matches({ open: 'editing' }),
    isSaving: s.matches({ open: 'saving' }),
    isRefreshing: s.matches({ open: 'refreshing' }),
    isConfirmingRegenerate: s.matches({ open: 'confirmingRegenerate' }),
    isRegenerating: s.matches({ open: 'regenerating' }),
    /** Saving or regenerating: the dialog cannot be dismissed. */
    isBusy: busy,
    isNew: c.account === null,
    account: c.account,
    values: c.values,
    errors,
    error: c.error,
    status: c.activity?.status ?? null,
    products: c.activity?.products ?? [],
    orders: c.activity?.orders ?? [],
    hasChanges: hasPosChanges(c),
    canSave: s.matches({ open: 'editing' }) && hasPosChanges(c),
    canEdit: s.matches({ open: 'editing' }),
    canRegenerate: c.account !== null && s.matches({ open: 'editing' }),
    canRefresh: s.matches({ open: 'editing' }),
  }
}
export type PosIntegrationView = ReturnType<typeof toPosIntegrationView>
