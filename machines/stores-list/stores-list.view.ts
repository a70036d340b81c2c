import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { StoreSortField } from '../../src/domain/stores'
import type { storeEditorMachine } from '../store-editor/store-editor.machine'
import { DEFAULT_STORE_QUERY, isSameStoreQuery, selectStores } from './query'
import type { storesListMachine } from './stores-list.machine'

/** What the stores list page renders. */
export function toStoresListView(s: SnapshotFrom<typeof storesListMachine>) {
  const { query, stores, error, canCreate } = s.context
  const page = selectStores(stores, query)
  const isReady = s.matches({ list: 'ready' })
  return {
    query,
    ...page,
    error: s.matches({ list: 'failed' }) ? error : null,
    isLoading: s.matches({ list: 'loading' }),
    isFailed: s.matches({ list: 'failed' }),
    /** No store at all yet: invite to create the first one. */
    isEmpty: isReady && stores.length === 0,
    /** Stores exist but none matches the search. */
    isNoResult: isReady && stores.length > 0 && page.total === 0,
    canCreate,
    isFiltered: !isSameStoreQuery({ ...query, page: 1 }, { ...DEFAULT_STORE_QUERY, page: 1 }),
    sortDirection: (field: StoreSortField) =>
      query.sort === field
        ? query.order === 'asc'
          ? ('ascending' as const)
          : ('descending' as const)
        : undefined,
    isEditorOpen: s.matches({ editor: 'open' }),
    editor: s.children.storeEditor as ActorRefFrom<typeof storeEditorMachine> | undefined,
  }
}
export type StoresListView = ReturnType<typeof toStoresListView>
