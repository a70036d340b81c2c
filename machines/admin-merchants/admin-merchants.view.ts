import type { SnapshotFrom } from 'xstate'
import type { adminMerchantsMachine, RowAction } from './admin-merchants.machine'
import { merchantPageCount } from './query'

/** What the administration page renders. */
export function toAdminMerchantsView(s: SnapshotFrom<typeof adminMerchantsMachine>) {
  const { query, searchInput, rows, total, errorCode, target, form, ownerTiming, formErrors, formError } =
    s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  const isCreating =
    s.matches({ action: 'creatingFranchise' }) || s.matches({ action: 'creatingFranchiseWithoutOwner' })
  const isAdding = s.matches({ action: 'addingFranchise' })
  const isAddFormOpen = s.matches({ action: 'editingMerchantFranchise' }) || isAdding
  const isRunning =
    s.matches({ action: 'changingSubscription' }) ||
    s.matches({ action: 'connecting' }) ||
    s.matches({ action: 'leaving' }) ||
    isAdding
  const confirming = s.matches({ action: 'confirmingSubscription' }) && target ? target : null
  return {
    query,
    searchInput,
    rows,
    total,
    errorCode: isFailed ? errorCode : null,
    isLoading,
    isFailed,
    isRefreshing: isLoading && rows.length > 0,
    isSearchPending: s.matches({ search: 'debouncing' }),
    isEmpty: isReady && total === 0 && query.filter === '',
    isNoResult: isReady && total === 0 && query.filter !== '',
    pageCount: merchantPageCount(total, query.size),
    sortDirection: (field: string) =>
      query.sort === field
        ? query.sortOrder === 'asc'
          ? ('ascending' as const)
          : ('descending' as const)
        : undefined,
    /** The row whose action runs now, and which (its buttons show the loading state). */
    busy: isRunning && target ? (target as { id: string; action: RowAction }) : null,
    /** Row actions wait while another runs or a dialog is open. */
    canAct: s.matches({ action: 'idle' }),
    confirm: confirming ? { ...confirming, row: rows.find((r) => r.id === confirming.id) ?? null } : null,
    isFormOpen: s.matches({ action: 'editingFranchise' }) || isCreating,
    isCreating,
    ownerTiming,
    /** The "add a franchise" dialog and the merchant it is for. */
    isAddFormOpen,
    isAdding,
    addFor: isAddFormOpen && target ? (rows.find((r) => r.id === target.id) ?? null) : null,
    form,
    formErrors,
    formError,
  }
}
export type AdminMerchantsView = ReturnType<typeof toAdminMerchantsView>
