import type { SnapshotFrom } from 'xstate'
import type { ownersMachine } from './owners.machine'
import { ownersPageCount } from './query'

/** What the owners page renders. */
export function toOwnersView(s: SnapshotFrom<typeof ownersMachine>) {
  const { query, searchInput, rows, total, error, stores, form, formErrors, formError, target } = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  const isCreating = s.matches({ dialog: 'creating' })
  return {
    query,
    searchInput,
    rows,
    total,
    error: isFailed ? error : null,
    isLoading,
    isFailed,
    isRefreshing: isLoading && rows.length > 0,
    isSearchPending: s.matches({ search: 'debouncing' }),
    /** No owner at all yet. */
    isEmpty: isReady && total === 0 && query.search === '',
    /** Nothing for this search. */
    isNoResult: isReady && total === 0 && query.search !== '',
    pageCount: ownersPageCount(total, query.size),
    stores,
    /** A store owner needs a store: without any, the page points to the stores list instead. */
    canCreate: stores.length > 0,
    isFormOpen: s.matches({ dialog: 'editing' }) || isCreating,
    isCreating,
    form,
    formErrors,
    formError,
    unlinkTarget:
      s.matches({ dialog: 'confirmingUnlink' }) || s.matches({ dialog: 'unlinking' }) ? target : null,
    isUnlinking: s.matches({ dialog: 'unlinking' }),
    /** The owner whose stores are being changed (the stores dialog is open). */
    storesTarget:
      s.matches({ dialog: 'editingStores' }) || s.matches({ dialog: 'savingStores' }) ? target : null,
    isSavingStores: s.matches({ dialog: 'savingStores' }),
    /** The owner an invitation is being sent again to. */
    resendingId: s.matches({ dialog: 'resending' }) ? (target?.id ?? null) : null,
  }
}
export type OwnersView = ReturnType<typeof toOwnersView>
