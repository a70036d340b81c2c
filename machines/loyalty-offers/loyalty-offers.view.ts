import type { SnapshotFrom } from 'xstate'
import { offerFormErrors, sortOffers, splitIds } from '../../src/domain/loyalty'
import { editorHasChanges, type loyaltyOffersMachine } from './loyalty-offers.machine'

/** What the offers section renders. */
export function toLoyaltyOffersView(s: SnapshotFrom<typeof loyaltyOffersMachine>) {
  const c = s.context
  const e = c.editor
  const all = e ? { ...offerFormErrors(e.values), ...e.serverErrors } : {}
  // A field's error shows once it was changed, or everywhere after a save attempt.
  const errors = e
    ? (Object.fromEntries(
        Object.entries(all).filter(([f]) => e.submitted || e.touched.includes(f as never)),
      ) as typeof all)
    : {}
  const dialogOpen = s.matches('editing') || s.matches('saving') || s.matches('confirmingClose')
  return {
    offers: sortOffers(c.offers),
    includeArchived: c.includeArchived,
    isLoading: s.matches('loading'),
    isLoadFailed: s.matches('failed'),
    error: c.error,
    canEdit: c.canEdit,
    isEmpty: s.matches('ready') && c.offers.length === 0,
    dialog:
      dialogOpen && e
        ? { type: e.type, values: e.values, selectedProducts: splitIds(e.values.posProductIds) }
        : null,
    errors,
    isUploading: s.matches({ editing: 'uploading' }),
    isSaving: s.matches('saving'),
    isConfirmingClose: s.matches('confirmingClose'),
    hasChanges: editorHasChanges(e),
    statusChange: s.matches('confirmingStatus') || s.matches('changingStatus') ? c.statusChange : null,
    isChangingStatus: s.matches('changingStatus'),
  }
}
export type LoyaltyOffersView = ReturnType<typeof toLoyaltyOffersView>
