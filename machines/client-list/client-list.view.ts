import type { SnapshotFrom } from 'xstate'
import type { ClientSortField } from '../../src/domain/clients'
import type { clientListMachine } from './client-list.machine'
import { DEFAULT_QUERY, hasFilters, isSameQuery, pageCount, toApiQuery } from './query'

/** What the client list page renders. */
export function toClientListView(s: SnapshotFrom<typeof clientListMachine>) {
  const { query, searchInput, rows, total, totalIsLowerBound, error } = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  const filtered = hasFilters(query)
  return {
    query,
    searchInput,
    rows,
    total,
    totalIsLowerBound,
    error: isFailed ? error : null,
    isLoading,
    isFailed,
    isSearchPending: s.matches({ search: 'debouncing' }),
    /** The rows shown are those of an earlier query (a new one is on its way). */
    isRefreshing: isLoading && rows.length > 0,
    /** Nothing at all yet: "no clients yet". */
    isEmpty: isReady && total === 0 && !filtered,
    /** Nothing for these filters or this search: "no result", with a reset. */
    isNoResult: isReady && total === 0 && filtered,
    /** §8 "no result found, you can create an account": a search found nobody. */
    canCreateFromSearch: isReady && total === 0 && query.search !== '',
    canCreate: s.context.franchiseId !== null && !s.context.readOnly,
    /** Rows open the client's page (not on a read-only franchise: the demo). */
    canOpenClient: !s.context.readOnly,
    canReset: !isSameQuery(query, DEFAULT_QUERY) || searchInput !== '',
    pageCount: pageCount(total, query.rowsPerPage),
    /** The sorted column's direction, as aria-sort names it. */
    sortDirection: (field: ClientSortField) =>
      query.sort === field ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined,
    isCreating: s.matches({ create: 'open' }),
    /** What the list asks for, every page of it: the CSV export's query (issue 23). */
    exportQuery:
      s.context.readOnly && s.context.franchiseId
        ? { ...toApiQuery(query), franchiseId: s.context.franchiseId }
        : toApiQuery(query),
  }
}
export type ClientListView = ReturnType<typeof toClientListView>
