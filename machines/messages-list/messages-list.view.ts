import type { SnapshotFrom } from 'xstate'
import { pageCount } from '../paged-list/paged-list'
import type { messagesListMachine } from './messages-list.machine'
import { isFiltered } from './query'

/** What the messages page renders. */
export function toMessagesView(s: SnapshotFrom<typeof messagesListMachine>) {
  const { query, searchInput, rows, total, campaigns, error } = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  return {
    query,
    searchInput,
    rows,
    total,
    campaigns,
    error: isFailed ? error : null,
    isLoading,
    isFailed,
    isRefreshing: isLoading && rows.length > 0,
    isSearchPending: s.matches({ search: 'debouncing' }),
    /** Nothing sent yet. */
    isEmpty: isReady && total === 0 && !isFiltered(query),
    /** Nothing for these filters. */
    isNoResult: isReady && total === 0 && isFiltered(query),
    pageCount: pageCount(total, query.size),
  }
}
export type MessagesView = ReturnType<typeof toMessagesView>
