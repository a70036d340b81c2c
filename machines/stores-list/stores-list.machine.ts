// The stores list (/pages/stores/all; SPEC §2 Stores list, §4, §9). The query (search, page,
// rowsPerPage, sort, order) lives in the address like the client list: the machine starts from it, a
// `watchLocation` actor turns later address changes into `query.change`, and each change the user makes
// is written back (`writeUrl`, replacing the entry). Rules: a search change goes back to page 1; the
// sorted column cycles descending → ascending → default, another column sorts descending.
// Why the list is computed here from GET api/v2/stores/owned rather than by a paged server query: a
// merchant has a handful of stores (tens at most), that call is the one the shell already makes, and
// searching, sorting and paging them locally answers at once without a round trip per click.
// The store editor (new/edit dialog) is a child; when it saves or deletes, the list reloads and the app
// is told (`storesChanged`) so that the session refreshes the shell's stores (selector, scanner button).
import type { CountryCode } from 'libphonenumber-js'
import { assign, fromCallback, raise, setup } from 'xstate'
import type { StoreSummary } from '../../src/domain/franchise'
import { STORE_PAGE_SIZES } from '../../src/domain/stores'
import { type StoreEditorOutput, storeEditorMachine } from '../store-editor/store-editor.machine'
import {
  DEFAULT_STORE_QUERY,
  isSameStoreQuery,
  isStoreSortField,
  nextStoreSort,
  parseStoreQuery,
  STORE_SEARCH_MAX_LENGTH,
  type StoreListQuery,
  type StorePageSize,
  serializeStoreQuery,
} from './query'
import { loadStores } from './stores-list.actors'

export type StoresListInput = {
  /** The address's search part when the page opens. */
  location: string
  currencyCode: string
  country: CountryCode
  /** Only a franchise owner creates and deletes stores. */
  canCreate: boolean
  /** §4: no franchise yet, so the first store creates it (the editor asks its name and country). */
  needsFranchise?: boolean
}

export type StoresListContext = {
  query: StoreListQuery
  stores: StoreSummary[]
  error: string | null
  currencyCode: string
  country: CountryCode
  canCreate: boolean
  needsFranchise: boolean
  /** The store the editor is open on (null: a new store). */
  editing: string | null
}

export type StoresListEvent =
  | { type: 'query.change'; location: string }
  | { type: 'list.search'; value: string }
  | { type: 'list.sort'; field: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.rowsPerPage'; rowsPerPage: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'store.create' }
  | { type: 'store.edit'; id: string }

const writeUrl = {
  type: 'writeUrl',
  params: ({ context }: { context: StoresListContext }) => ({ search: serializeStoreQuery(context.query) }),
} as const
const withQuery = (c: StoresListContext, changes: Partial<StoreListQuery>) => ({
  query: { ...c.query, ...changes },
})

export const storesListMachine = setup({
  types: {
    input: {} as StoresListInput,
    context: {} as StoresListContext,
    events: {} as StoresListEvent,
  },
  actors: {
    loadStores,
    /** Provided by the app: sends `query.change` when the address changes. */
    watchLocation: fromCallback(() => () => {}),
    storeEditor: storeEditorMachine,
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    /** Provided by the app: the session reloads its stores (toolbar selector, scanner button). */
    storesChanged: () => {},
    /** Provided by the app: after a merchant's first store, its start page (§4: now a merchant). */
    openStartPage: () => {},
    adoptLocation: assign(({ event }) =>
      event.type === 'query.change' ? { query: parseStoreQuery(event.location) } : {},
    ),
    search: assign(({ context, event }) =>
      event.type === 'list.search'
        ? withQuery(context, {
            search: event.value.slice(0, STORE_SEARCH_MAX_LENGTH),
            page: DEFAULT_STORE_QUERY.page,
          })
        : {},
    ),
    sortBy: assign(({ context, event }) =>
      event.type === 'list.sort' && isStoreSortField(event.field)
        ? withQuery(context, nextStoreSort(context.query, event.field))
        : {},
    ),
    goToPage: assign(({ context, event }) =>
      event.type === 'list.page' ? withQuery(context, { page: event.page }) : {},
    ),
    setRowsPerPage: assign(({ context, event }) =>
      event.type === 'list.rowsPerPage'
        ? withQuery(context, {
            rowsPerPage: event.rowsPerPage as StorePageSize,
            page: DEFAULT_STORE_QUERY.page,
          })
        : {},
    ),
    setStores: assign({
      stores: ({ event }) => (event as unknown as { output: StoreSummary[] }).output,
      error: null,
    }),
    // §8 error-loading-stores; the list empties so nothing stale shows beside the error.
    setFailure: assign({ stores: [], error: 'store.errors.loadStores' }),
    openEditor: assign({ editing: ({ event }) => (event.type === 'store.edit' ? event.id : null) }),
  },
  guards: {
    isNewLocation: ({ context, event }) =>
      event.type === 'query.change' && !isSameStoreQuery(parseStoreQuery(event.location), context.query),
    changesSearch: ({ context, event }) =>
      event.type === 'list.search' &&
      event.value.trim().slice(0, STORE_SEARCH_MAX_LENGTH) !== context.query.search.trim(),
    isSortable: ({ event }) => event.type === 'list.sort' && isStoreSortField(event.field),
    isOtherPage: ({ context, event }) =>
      event.type === 'list.page' &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.query.page,
    isOtherPageSize: ({ context, event }) =>
      event.type === 'list.rowsPerPage' &&
      (STORE_PAGE_SIZES as readonly number[]).includes(event.rowsPerPage) &&
      event.rowsPerPage !== context.query.rowsPerPage,
    canCreate: ({ context }) => context.canCreate,
    isFirstStore: ({ context, event }) =>
      context.needsFranchise &&
      (event as unknown as { output: StoreEditorOutput }).output.outcome === 'created',
    hasChangedStores: ({ event }) =>
      (event as unknown as { output: StoreEditorOutput }).output.outcome !== 'closed',
  },
}).createMachine({
  id: 'storesList',
  context: ({ input }) => ({
    query: parseStoreQuery(input.location),
    stores: [],
    error: null,
    currencyCode: input.currencyCode,
    country: input.country,
    canCreate: input.canCreate,
    needsFranchise: input.needsFranchise ?? false,
    editing: null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  // The query only changes what is shown of the loaded stores: no new call.
  on: {
    'query.change': { guard: 'isNewLocation', actions: 'adoptLocation' },
    'list.search': { guard: 'changesSearch', actions: ['search', writeUrl] },
    'list.sort': { guard: 'isSortable', actions: ['sortBy', writeUrl] },
    'list.page': { guard: 'isOtherPage', actions: ['goToPage', writeUrl] },
    'list.rowsPerPage': { guard: 'isOtherPageSize', actions: ['setRowsPerPage', writeUrl] },
  },
  states: {
    list: {
      initial: 'loading',
      on: { 'list.reload': { target: '.loading', reenter: true } },
      states: {
        loading: {
          invoke: {
            id: 'loadStores',
            src: 'loadStores',
            onDone: { target: 'ready', actions: 'setStores' },
            onError: { target: 'failed', actions: 'setFailure' },
          },
        },
        ready: {},
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'store.create': { guard: 'canCreate', target: 'open', actions: 'openEditor' },
            'store.edit': { target: 'open', actions: 'openEditor' },
          },
        },
        open: {
          invoke: {
            id: 'storeEditor',
            src: 'storeEditor',
            input: ({ context }) => ({
              storeId: context.editing,
              currencyCode: context.currencyCode,
              country: context.country,
              needsFranchise: context.editing === null && context.needsFranchise,
            }),
            onDone: [
              // §4: a first store makes a merchant: the session reloads, and the start page opens.
              { guard: 'isFirstStore', target: 'closed', actions: ['storesChanged', 'openStartPage'] },
              // §4: after creating (or changing) a store, the list and the session's stores reload.
              {
                guard: 'hasChangedStores',
                target: 'closed',
                // A store exists now, so its franchise does too: later stores take its currency.
                actions: [
                  'storesChanged',
                  assign(({ context, event }) => ({
                    editing: null,
                    needsFranchise: false,
                    currencyCode: event.output.store?.currencyCode ?? context.currencyCode,
                  })),
                  raise({ type: 'list.reload' }),
                ],
              },
              { target: 'closed', actions: assign({ editing: null }) },
            ],
          },
        },
      },
    },
  },
})
