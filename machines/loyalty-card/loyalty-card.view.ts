import type { SnapshotFrom } from 'xstate'
import { cardFormErrors, splitIds } from '../../src/domain/loyalty'
import { hasChanges, type loyaltyCardMachine } from './loyalty-card.machine'

/** What the loyalty page renders. */
export function toLoyaltyCardView(s: SnapshotFrom<typeof loyaltyCardMachine>) {
  const c = s.context
  const all = { ...cardFormErrors(c.values), ...c.serverErrors }
  // A field's error shows once it was changed, or everywhere after a save attempt.
  const errors = Object.fromEntries(
    Object.entries(all).filter(([f]) => c.submitted || c.touched.includes(f as never)),
  ) as typeof all
  const editing = s.matches({ card: 'editing' })
  return {
    tab: s.matches({ tab: 'customers' }) ? ('customers' as const) : ('card' as const),
    isCustomersTab: s.matches({ tab: 'customers' }),
    isConfirmingLeave: s.matches({ tab: 'confirmingLeave' }),
    isLoading: s.matches({ card: 'loading' }),
    isLoadFailed: s.matches({ card: 'failed' }),
    isEmpty: s.matches({ card: 'empty' }),
    isEditing: editing,
    isUploading: s.matches({ card: { editing: 'uploading' } }),
    isSaving: s.matches({ card: 'saving' }),
    isNew: c.card === null,
    canEdit: c.canEdit,
    card: c.card,
    values: c.values,
    selectedProducts: splitIds(c.values.posProductIds),
    products: c.products,
    errors,
    error: c.error,
    hasChanges: hasChanges(c),
    canSave: editing && c.canEdit && !s.matches({ card: { editing: 'uploading' } }),
  }
}
export type LoyaltyCardView = ReturnType<typeof toLoyaltyCardView>
