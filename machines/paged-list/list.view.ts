// What every list built by createListMachine renders: its query and rows, and flags for its states.
import type { SnapshotFrom } from 'xstate'
import type { ListMachine, ListQuery } from './list.machine'
import { type Page, pageCount } from './paged-list'

export function toListView<Q extends ListQuery, P extends Page<unknown>, Params, Extra>(
  s: SnapshotFrom<ListMachine<Q, P, Params, Extra>>,
  isFiltered: (query: Q) => boolean,
) {
  const { query, searchInput, rows, total, extra, error } = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  const filtered = isFiltered(query)
  return {
    query,
    searchInput,
    rows,
    total,
    extra,
    error: isFailed ? error : null,
    /** The failure's HTTP status (0: unreachable). */
    errorStatus: isFailed ? s.context.errorStatus : null,
    isLoading,
    isFailed,
    /** Loading again with the previous rows still shown (dimmed). */
    isRefreshing: isLoading && rows.length > 0,
    isSearchPending: s.matches({ search: 'debouncing' }),
    /** Nothing at all yet. */
    isEmpty: isReady && total === 0 && !filtered,
    /** Nothing for these filters. */
    isNoResult: isReady && total === 0 && filtered,
    pageCount: pageCount(total, query.size),
  }
}
export type ListView<Q extends ListQuery, P extends Page<unknown>, Params, Extra> = ReturnType<
  typeof toListView<Q, P, Params, Extra>
>
