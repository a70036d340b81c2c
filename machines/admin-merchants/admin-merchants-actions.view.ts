import type { SnapshotFrom } from 'xstate'
import type { MerchantsListEvent, MerchantsListView } from './admin-merchants.list'
import type { MerchantActionsEvent, merchantActionsMachine } from './admin-merchants-actions.machine'

/** What the administration page renders of its row actions and dialogs. */
export function toMerchantActionsView(s: SnapshotFrom<typeof merchantActionsMachine>) {
  const { target, form, ownerTiming, formErrors, formError } = s.context
  const isCreating = s.matches('creatingFranchise') || s.matches('creatingFranchiseWithoutOwner')
  const isAdding = s.matches('addingFranchise')
  const isAddFormOpen = s.matches('editingMerchantFranchise') || isAdding
  const isRunning =
    s.matches('changingSubscription') || s.matches('connecting') || s.matches('leaving') || isAdding
  const confirming = s.matches('confirmingSubscription') && target ? target : null
  return {
    /** The row whose action runs now, and which (its buttons show the loading state). */
    busy: isRunning && target ? { id: target.id, action: target.action } : null,
    /** Row actions wait while another runs or a dialog is open. */
    canAct: s.matches('idle'),
    confirm: confirming ? { id: confirming.id, action: confirming.action, row: confirming.row } : null,
    isFormOpen: s.matches('editingFranchise') || isCreating,
    isCreating,
    ownerTiming,
    /** The "add a franchise" dialog and the merchant it is for. */
    isAddFormOpen,
    isAdding,
    addFor: isAddFormOpen && target ? target.row : null,
    form,
    formErrors,
    formError,
  }
}
export type MerchantActionsView = ReturnType<typeof toMerchantActionsView>

/** The administration page shows the list (admin-merchants.list) and its actions (…-actions). */
export type AdminMerchantsView = MerchantsListView & MerchantActionsView
/** `list.*` go to the list, the others to the actions. */
export type AdminMerchantsEvent = MerchantsListEvent | MerchantActionsEvent
