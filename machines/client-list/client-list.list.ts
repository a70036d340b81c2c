// The client list (SPEC §2 Client list, §4, §9), one list of createListMachine: the whole query lives in
// the address (the list starts from it, follows it back and forward, and writes each change: a sort,
// page, size, filter or reset pushes a history entry so Back returns to the previous filter; a search or
// a correction replaces it). Its own rules, as data:
// - missing or malformed values read as the §9 defaults; reset restores them all (sort and size too);
// - a filter or search change goes back to the first page;
// - the same column toggles its order, another column sorts descending; contact, client type,
//   acquired-from and last name are not sortable;
// - a broad search counts its matches only up to a limit (the answer says so: "at least");
// - the search box is debounced (SEARCH_DEBOUNCE_MS); Enter applies it at once.
// Only the latest request's answer is applied and a failure empties the list with a retry, as in every
// list. Creating a client from the list is client-create.machine.ts.
import type { SnapshotFrom } from 'xstate'
import { CLIENT_PAGE_SIZES, type ClientPage, type ClientSortField } from '../../src/domain/clients'
import {
  canClear,
  createListMachine,
  type ListDefinition,
  type ListEvent,
  type ListInput,
  type LoadPageInput,
} from '../paged-list/list.machine'
import { toListView } from '../paged-list/list.view'
import type { ListAnswer } from '../paged-list/paged-list'
import { listClients } from './client-list.actors'
import {
  type ClientListQuery,
  clientQueryOf,
  DEFAULT_QUERY,
  hasFilters,
  isSameQuery,
  isSortField,
  nextSort,
  parseQuery,
  SEARCH_MAX_LENGTH,
  serializeQuery,
} from './query'

/** Debounce of the search box: the list is asked for once the typing pauses. */
export const SEARCH_DEBOUNCE_MS = 400

export type ClientListParams = {
  franchiseId: string | null
  /**
   * A franchise the user may only read (the demo, issue 8): the list asks for `franchiseId` by its id,
   * offers no client creation and opens no client.
   */
  readOnly: boolean
  /**
   * A loyalty card's clients (the loyalty page's customers tab): the card's, or those of the store its
   * store filter names.
   */
  modelId: string | null
}
export type ClientListInput = ListInput<ClientListParams>
export type ListClientsInput = LoadPageInput<ClientListQuery, ClientListParams>
export type ListClientsOutput = ListAnswer<ClientPage>
export type ClientListEvent = ListEvent<ClientListQuery>
/** A broad search counts its matches only up to a limit: `total` is then "at least". */
export type ClientListExtra = { totalIsLowerBound: boolean }

/** The list's definition (its machine below; its tests replay it against the paged lists' model). */
export const clientList: ListDefinition<ClientListQuery, ClientPage, ClientListExtra> = {
  id: 'clientList',
  parse: parseQuery,
  serialize: serializeQuery,
  pageSizes: CLIENT_PAGE_SIZES,
  search: {
    of: (q) => q.search,
    with: (q, search) => ({ ...q, search, page: DEFAULT_QUERY.page }),
    max: SEARCH_MAX_LENGTH,
    debounceMs: SEARCH_DEBOUNCE_MS,
  },
  // Reset restores the §9 defaults: a sort, a page or a size is undone too.
  clear: () => DEFAULT_QUERY,
  isClearable: (q) => !isSameQuery(q, DEFAULT_QUERY),
  isFiltered: hasFilters,
  sortBy: (q, field) => (isSortField(field) ? { ...q, ...nextSort(q, field) } : null),
  extra: {
    initial: { totalIsLowerBound: false },
    of: (page) => ({ totalIsLowerBound: page.metadata.totalIsLowerBound === true }),
  },
  errorKey: 'pages.clients.errors.load',
  history: 'push',
}

// With its real call (src/api); tests and stories provide a fake `loadPage`.
export const clientListMachine = createListMachine<
  ClientListQuery,
  ClientPage,
  ClientListParams,
  ClientListExtra
>(clientList, listClients)
export type ClientListContext = SnapshotFrom<typeof clientListMachine>['context']

/** A failure's message: a query the server refused, a store it does not know, or any other. */
const errorOf = (status: number | null) =>
  status === 400
    ? 'pages.clients.errors.badQuery'
    : status === 404
      ? 'pages.clients.errors.storeNotFound'
      : clientList.errorKey

/** What the client list page renders. */
export function toClientListView(s: SnapshotFrom<typeof clientListMachine>) {
  const view = toListView(s, hasFilters)
  const { query, searchInput, total } = view
  const { params } = s.context
  const isReady = s.matches({ list: 'ready' })
  return {
    ...view,
    error: view.isFailed ? errorOf(view.errorStatus) : null,
    totalIsLowerBound: !view.isFailed && view.extra.totalIsLowerBound,
    /** §8 "no result found, you can create an account": a search found nobody. */
    canCreateFromSearch: isReady && total === 0 && query.search !== '',
    /** Rows open the client's page (not on a read-only franchise: the demo). */
    canOpenClient: !params.readOnly,
    canReset: canClear(clientList, s.context),
    /** The sorted column's direction, as aria-sort names it. */
    sortDirection: (field: ClientSortField) =>
      query.sort === field ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined,
    /** What the list asks for, every page of it: the CSV export's query (issue 23). */
    exportQuery: clientQueryOf({ params, query }),
    searchInput,
  }
}
export type ClientListView = ReturnType<typeof toClientListView>
