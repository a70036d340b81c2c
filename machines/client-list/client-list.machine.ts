// The client list (SPEC §2 Client list, §4, §9). The whole query lives in the address: the machine starts
// from it, a `watchLocation` actor turns later address changes (back, forward, a link) into `query.change`,
// and every change the user makes is written back (`writeUrl`: a sort, page or filter pushes a history
// entry so Back returns to the previous filter; a search or a correction replaces it). Rules:
// - missing or malformed values read as the §9 defaults; reset restores them;
// - a filter or search change goes back to the first page;
// - the same column toggles its order, another column sorts descending; contact, client type,
//   acquired-from and last name are not sortable;
// - only the latest request's answer is applied: a new query restarts the call (the old one is aborted
//   through its signal) and an answer carrying an older request number is dropped;
// - a failure empties the list (total 0) and shows the error with a retry;
// - the search box is debounced here (SEARCH_DEBOUNCE); Enter applies it at once.
// The address, answer and search rules are the paged lists' (machines/paged-list).
// A search without result offers to create the client (§8 "no result found, you can create an account"):
// the create dialog is the client form machine, and the new client opens.
import type { CountryCode } from 'libphonenumber-js'
import { assign, fromCallback, raise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { ClientQuery } from '../../src/api/clients'
import type { ClientPage, ClientRow } from '../../src/domain/clients'
import { ACQUISITION_SOURCES, CLIENT_PAGE_SIZES, CLIENT_TYPES } from '../../src/domain/clients'
import { valuesFromSearch } from '../client-form/client-form'
import { type ClientFormOutput, clientFormMachine } from '../client-form/client-form.machine'
import { isOtherPage, type ListAnswer, type PagedListEvent } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import { listClients } from './client-list.actors'
import {
  type ClientListFilter,
  type ClientListQuery,
  DEFAULT_QUERY,
  isSameQuery,
  isSortField,
  nextSort,
  normaliseList,
  type PageSize,
  parseQuery,
  SEARCH_MAX_LENGTH,
  serializeQuery,
  toApiQuery,
} from './query'

/** Debounce of the search box: the list is asked for once the typing pauses. */
export const SEARCH_DEBOUNCE_MS = 400

export type ClientListInput = {
  /** The address's search part when the page opens ("?page=2&sort=points" or ""). */
  location: string
  franchiseId: string | null
  /** The franchise's country, for the phone of a client created here. */
  country: CountryCode
  /** The toolbar's current store: a client created here joins it. */
  storeId: string | null
  /**
   * A franchise the user may only read (the demo, issue 8): the list asks for `franchiseId` by its id,
   * offers no client creation and opens no client.
   */
  readOnly?: boolean
  /**
   * A loyalty card's clients (the loyalty page's customers tab): the card's, or those of the store its
   * store filter names.
   */
  modelId?: string | null
}

export type ListClientsInput = { query: ClientQuery; requestId: number; modelId?: string | null }
export type ListClientsOutput = ListAnswer<ClientPage>

export type ClientListContext = {
  query: ClientListQuery
  /** What the search box holds (applied to `query.search` once the typing pauses). */
  searchInput: string
  rows: ClientRow[]
  total: number
  /** A broad search counts its matches only up to a limit: `total` is then "at least". */
  totalIsLowerBound: boolean
  /** A message id, set when the last request failed. */
  error: string | null
  /** Number of the latest request: an answer to an older one is ignored. */
  requestId: number
  franchiseId: string | null
  country: CountryCode
  storeId: string | null
  readOnly: boolean
  modelId: string | null
}

export type ClientListEvent =
  /** query.change, list.search, list.searchNow, list.page, list.retry and query.searchApplied. */
  | PagedListEvent<'list'>
  | { type: 'list.sort'; field: string }
  | { type: 'list.rowsPerPage'; rowsPerPage: number }
  | { type: 'list.filter'; filter: ClientListFilter }
  | { type: 'list.reset' }
  | { type: 'client.create' }

const withQuery = (context: ClientListContext, changes: Partial<ClientListQuery>) => ({
  query: { ...context.query, ...changes },
})

/** The list's filters as they will be, with unknown values dropped. */
function applyFilter(q: ClientListQuery, f: ClientListFilter): ClientListQuery {
  return {
    ...q,
    ...(f.store !== undefined ? { store: f.store } : {}),
    ...(f.acquiredFrom ? { acquiredFrom: normaliseList(ACQUISITION_SOURCES, f.acquiredFrom) } : {}),
    ...(f.clientType ? { clientType: normaliseList(CLIENT_TYPES, f.clientType) } : {}),
    page: DEFAULT_QUERY.page,
  }
}

const list = pagedList<ClientListContext, ClientListEvent>({
  parse: parseQuery,
  serialize: serializeQuery,
  isSame: isSameQuery,
  searchOf: (q) => q.search,
  withSearch: (q, search) => ({ ...q, search, page: DEFAULT_QUERY.page }),
  sizeOf: (q) => q.rowsPerPage,
})
const { pushUrl } = list

export const clientListMachine = setup({
  types: {
    input: {} as ClientListInput,
    context: {} as ClientListContext,
    events: {} as ClientListEvent,
  },
  actors: {
    listClients,
    /** Provided by the app: sends `query.change` when the address changes. */
    watchLocation: fromCallback(() => () => {}),
    clientForm: clientFormMachine,
  },
  delays: { SEARCH_DEBOUNCE: SEARCH_DEBOUNCE_MS },
  guards: {
    ...list.guards,
    isSortable: ({ event }) => event.type === 'list.sort' && isSortField(event.field),
    isOtherPage: ({ context, event }) =>
      event.type === 'list.page' && isOtherPage(event.page, context.query.page),
    isOtherPageSize: ({ context, event }) =>
      event.type === 'list.rowsPerPage' &&
      (CLIENT_PAGE_SIZES as readonly number[]).includes(event.rowsPerPage) &&
      event.rowsPerPage !== context.query.rowsPerPage,
    changesFilter: ({ context, event }) =>
      event.type === 'list.filter' &&
      !isSameQuery(applyFilter(context.query, event.filter), { ...context.query, page: DEFAULT_QUERY.page }),
    canReset: ({ context }) => !isSameQuery(context.query, DEFAULT_QUERY) || context.searchInput !== '',
    canCreate: ({ context }) => context.franchiseId !== null && !context.readOnly,
    hasSavedClient: ({ event }) => !!(event as unknown as { output?: ClientFormOutput }).output?.client,
  },
  actions: {
    /**
     * Provided by the app: writes the address's query (wouter's navigate); a user's sort, page or filter
     * `push`es a history entry so Back returns to the previous one, a correction replaces it.
     */
    writeUrl: (_, _params: { search: string; push?: boolean }) => {},
    /** Provided by the app: opens a client's page. */
    openClient: (_, _params: { id: string }) => {},
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    /** The search box's text is ready: the list region applies it. */
    submitSearch: raise({ type: 'query.searchApplied' }),
    sortBy: assign(({ context, event }) =>
      event.type === 'list.sort' && isSortField(event.field)
        ? withQuery(context, nextSort(context.query, event.field))
        : {},
    ),
    goToPage: assign(({ context, event }) =>
      event.type === 'list.page' ? withQuery(context, { page: event.page }) : {},
    ),
    setRowsPerPage: assign(({ context, event }) =>
      event.type === 'list.rowsPerPage'
        ? withQuery(context, { rowsPerPage: event.rowsPerPage as PageSize, page: DEFAULT_QUERY.page })
        : {},
    ),
    filter: assign(({ context, event }) =>
      event.type === 'list.filter' ? { query: applyFilter(context.query, event.filter) } : {},
    ),
    reset: assign({ query: DEFAULT_QUERY, searchInput: '' }),
    setSearchInput: assign({
      searchInput: ({ event }) =>
        event.type === 'list.search' ? event.value.slice(0, SEARCH_MAX_LENGTH) : '',
    }),
    setPage: assign(({ event }) => {
      const { page } = (event as unknown as { output: ListClientsOutput }).output
      return {
        rows: page.data,
        total: page.metadata.total,
        totalIsLowerBound: page.metadata.totalIsLowerBound === true,
        error: null,
      }
    }),
    setFailure: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
      return {
        rows: [],
        total: 0,
        totalIsLowerBound: false,
        error:
          error?.status === 400
            ? 'pages.clients.errors.badQuery'
            : error?.status === 404
              ? 'pages.clients.errors.storeNotFound'
              : 'pages.clients.errors.load',
      }
    }),
  },
}).createMachine({
  id: 'clientList',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    rows: [],
    total: 0,
    totalIsLowerBound: false,
    error: null,
    franchiseId: input.franchiseId,
    country: input.country,
    storeId: input.storeId,
    readOnly: input.readOnly === true,
    modelId: input.modelId ?? null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        ...list.followQuery,
        'list.sort': { guard: 'isSortable', target: '.loading', actions: ['sortBy', pushUrl] },
        'list.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', pushUrl] },
        'list.rowsPerPage': {
          guard: 'isOtherPageSize',
          target: '.loading',
          actions: ['setRowsPerPage', pushUrl],
        },
        'list.filter': { guard: 'changesFilter', target: '.loading', actions: ['filter', pushUrl] },
        'list.reset': { guard: 'canReset', target: '.loading', actions: ['reset', pushUrl] },
      },
      states: {
        // Entered again for every new query: leaving stops (and aborts) the call under way.
        loading: {
          entry: 'nextRequest',
          invoke: {
            id: 'listClients',
            src: 'listClients',
            input: ({ context }) => ({
              query:
                context.readOnly && context.franchiseId
                  ? { ...toApiQuery(context.query), franchiseId: context.franchiseId }
                  : toApiQuery(context.query),
              requestId: context.requestId,
              ...(context.modelId ? { modelId: context.modelId } : {}),
            }),
            onDone: list.onAnswer,
            onError: { target: 'failed', actions: 'setFailure' },
          },
        },
        ready: {},
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    search: list.searchRegion({ search: 'list.search', searchNow: 'list.searchNow', clearOn: 'list.reset' }),
    create: {
      initial: 'closed',
      states: {
        closed: { on: { 'client.create': { guard: 'canCreate', target: 'open' } } },
        open: {
          invoke: {
            id: 'clientForm',
            src: 'clientForm',
            input: ({ context }) => ({
              mode: 'create' as const,
              franchiseId: context.franchiseId!,
              country: context.country,
              storeId: context.storeId,
              values: valuesFromSearch(context.searchInput),
            }),
            onDone: [
              {
                guard: 'hasSavedClient',
                target: 'closed',
                actions: [
                  { type: 'notify', params: { level: 'success', id: 'pages.clients.createClient.success' } },
                  {
                    type: 'openClient',
                    params: ({ event }) => ({ id: (event.output as ClientFormOutput).client!.id }),
                  },
                ],
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
})
