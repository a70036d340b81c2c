import type { SnapshotFrom } from 'xstate'
import type { OwnersListEvent, OwnersListView } from './owners.list'
import type { OwnersActionsEvent, ownersActionsMachine } from './owners-actions.machine'

/** What the owners page renders of its dialogs. */
export function toOwnersActionsView(s: SnapshotFrom<typeof ownersActionsMachine>) {
  const { stores, form, formErrors, formError, target } = s.context
  const isCreating = s.matches('creating')
  return {
    stores,
    /** A store owner needs a store: without any, the page points to the stores list instead. */
    canCreate: stores.length > 0,
    isFormOpen: s.matches('editing') || isCreating,
    isCreating,
    form,
    formErrors,
    formError,
    unlinkTarget: s.matches('confirmingUnlink') || s.matches('unlinking') ? target : null,
    isUnlinking: s.matches('unlinking'),
    /** The owner whose stores are being changed (the stores dialog is open). */
    storesTarget: s.matches('editingStores') || s.matches('savingStores') ? target : null,
    isSavingStores: s.matches('savingStores'),
    /** The owner an invitation is being sent again to. */
    resendingId: s.matches('resending') ? (target?.id ?? null) : null,
  }
}
export type OwnersActionsView = ReturnType<typeof toOwnersActionsView>

/** The owners page shows the list (owners.list) and its dialogs (owners-actions). */
export type OwnersView = OwnersListView & OwnersActionsView
/** `list.*` go to the list, the others to the dialogs. */
export type OwnersEvent = OwnersListEvent | OwnersActionsEvent
