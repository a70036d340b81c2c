import type { SnapshotFrom } from 'xstate'
import { pageCount } from '../paged-list/paged-list'
import type { crmClientsMachine } from './crm-clients.machine'

/** What the CRM clients list renders. */
export function toCrmClientsView(s: SnapshotFrom<typeof crmClientsMachine>) {
  const { query, searchInput, rows, fields, total, error } = s.context
  const isLoading = s.matches({ list: 'loading' })
  const isReady = s.matches({ list: 'ready' })
  const isFailed = s.matches({ list: 'failed' })
  const filtered = query.search !== '' || query.field !== ''
  return {
    query,
    searchInput,
    rows,
    fields,
    total,
    error: isFailed ? error : null,
    isLoading,
    isFailed,
    isRefreshing: isLoading && rows.length > 0,
    isSearchPending: s.matches({ search: 'debouncing' }),
    isEmpty: isReady && total === 0 && !filtered,
    isNoResult: isReady && total === 0 && filtered,
    pageCount: pageCount(total, query.size),
    /** The export takes the applied filter (not what is still being typed). */
    exportFilter: { search: query.search, field: query.field },
  }
}
export type CrmClientsView = ReturnType<typeof toCrmClientsView>
