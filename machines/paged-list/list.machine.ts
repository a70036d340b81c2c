// The one list machine: every paged list (CRM clients, messages …) is `createListMachine(definition,
// loadPage)`, made with its real list call (tests and stories `.provide()` a fake `loadPage`).
// What differs between lists is data, not states: how the query reads from and writes to the address,
// the page sizes, the search box, what "filtered" means and which filters are accepted, and what an
// answer brings besides its rows. The states are the paged lists' (machines/paged-list):
// - list: `loading` (entered again for every new query: leaving aborts the call under way; only the
//   latest request's answer is applied; an address past the last page shows the last page), `ready`,
//   `failed` (the message key, with a retry). The query lives in the address: a `watchLocation` actor
//   turns address changes into `query.change`, every change made here is written back (`writeUrl`).
// - search: the search box, debounced by SEARCH_DEBOUNCE; Enter applies it at once.
// Events are the same on every list: list.page, list.size, list.sort, list.search, list.searchNow,
// list.filter (a part of the query: the channel, a field…), list.clear, list.retry, list.reload, and
// list.updateRow (a row changed elsewhere).
import { assign, fromCallback, type PromiseActorLogic, raise, setup } from 'xstate'
import { isOtherPage, type ListAnswer, type Page, type QueryChangeEvent } from './paged-list'
import { type PagedListContext, pagedList } from './paged-list.config'

/** Every list's query has a page and a page size; the rest is the list's own. */
export type ListQuery = { page: number; size: number }

export interface ListDefinition<Q extends ListQuery, P extends Page<unknown>, Extra> {
  /** The machine's id (the search pause's event names carry it). */
  id: string
  parse: (location: string) => Q
  serialize: (query: Q) => string
  /** The page sizes offered. */
  pageSizes: readonly number[]
  /** The search box: where its text is in the query, its longest text, its pause. None: no box. */
  search?: { of: (query: Q) => string; with: (query: Q, text: string) => Q; max: number; debounceMs: number }
  /** The query `list.clear` leaves: by default the address's defaults, keeping the page size. */
  clear?: (query: Q) => Q
  /** A filter narrows the list: an empty answer then means "nothing for these filters". */
  isFiltered: (query: Q) => boolean
  /**
   * Whether `list.clear` has something to undo besides the search box's text: by default a filter (a
   * list whose clear restores every default, sort and page included, says so here).
   */
  isClearable?: (query: Q) => boolean
  /** The query sorted by `field` (a column header), or null for a column that does not sort. */
  sortBy?: (query: Q, field: string) => Q | null
  /** A row's id, for `list.updateRow` (a row changed elsewhere is shown at once, without a reload). */
  idOf?: (row: RowOf<P>) => string
  /** A filter the list takes from what it knows (a field or a campaign of its latest answer). */
  acceptsFilter?: (filter: Partial<Q>, extra: Extra) => boolean
  /** What an answer brings besides its rows (the columns, the campaigns to filter on…). */
  extra: { initial: Extra; of: (page: P) => Extra }
  /** The message key shown when the list call fails. */
  errorKey: string
  /**
   * `push`: every change the user makes (page, size, sort, filter, clear) is a new history entry (Back
   * returns to the previous filter); an applied search and a correction replace the address.
   */
  history?: 'replace' | 'push'
}

/** The list's input: the address's search part when the page opens, and what every call takes. */
export type ListInput<Params> = { location: string; params: Params }
export type LoadPageInput<Q, Params> = { params: Params; query: Q; requestId: number }
export type LoadPageOutput<P> = ListAnswer<P>

export type RowOf<P> = P extends Page<infer R> ? R : never

export type ListContext<Q extends ListQuery, P extends Page<unknown>, Params, Extra> = PagedListContext<Q> & {
  params: Params
  rows: RowOf<P>[]
  total: number
  extra: Extra
  /** The failure's message key. */
  error: string | null
  /** The failure's HTTP status (0: the server could not be reached). */
  errorStatus: number | null
}

export type ListEvent<Q> =
  | QueryChangeEvent
  | { type: 'query.searchApplied' }
  | { type: 'list.search'; value: string }
  | { type: 'list.searchNow' }
  | { type: 'list.page'; page: number }
  | { type: 'list.size'; size: number }
  /** A column header: that column sorts (how is the list's own rule). */
  | { type: 'list.sort'; field: string }
  /** A part of the query (back on the first page); a value the address would not keep is refused. */
  | { type: 'list.filter'; filter: Partial<Q> }
  /** Every filter and the search cleared; the page size kept. */
  | { type: 'list.clear' }
  | { type: 'list.retry' }
  /** Ask again (what the rows show changed elsewhere). */
  | { type: 'list.reload' }
  /** One row changed elsewhere (its new version, told apart by the list's `idOf`). */
  | { type: 'list.updateRow'; row: unknown }

const outputOf = <T>(event: unknown) => (event as { output: T }).output

/**
 * Whether `list.clear` has something to undo: a filter (or what the list's `isClearable` names), or a
 * search box whose text is not the query's. The machine's guard, and the view's reset button.
 */
export function canClear<Q extends ListQuery>(
  def: Pick<ListDefinition<Q, Page<unknown>, unknown>, 'isFiltered' | 'isClearable' | 'search'>,
  context: { query: Q; searchInput: string },
) {
  const searchOf = def.search?.of ?? (() => '')
  return (
    (def.isClearable ?? def.isFiltered)(context.query) ||
    context.searchInput.trim() !== searchOf(context.query)
  )
}

/** A list's call: one page for a query (aborted through `signal` when a newer query replaces it). */
export type LoadPageLogic<Q, P, Params> = PromiseActorLogic<LoadPageOutput<P>, LoadPageInput<Q, Params>>

/**
 * The list machine of `def`, asking for its pages with `loadPage`; `Params` is what every call takes
 * besides the query (the franchise…).
 */
export function createListMachine<Q extends ListQuery, P extends Page<unknown>, Params, Extra>(
  def: ListDefinition<Q, P, Extra>,
  loadPage: LoadPageLogic<Q, P, Params>,
) {
  type C = ListContext<Q, P, Params, Extra>
  type E = ListEvent<Q>
  const same = (a: Q, b: Q) => def.serialize(a) === def.serialize(b)
  const searchOf = def.search?.of ?? (() => '')
  const list = pagedList<C, E>({
    parse: def.parse,
    serialize: def.serialize,
    isSame: same,
    searchOf,
    withSearch: def.search?.with ?? ((q) => q),
    sizeOf: (q) => q.size,
  })
  const write = def.history === 'push' ? list.pushUrl : list.writeUrl
  /** The query with `filter` applied, through the address (what it would not keep is dropped). */
  const filtered = (query: Q, filter: Partial<Q>) =>
    def.parse(def.serialize({ ...query, ...filter, page: 1 }))
  const cleared = (query: Q): Q => def.clear?.(query) ?? { ...def.parse(''), size: query.size }
  const isPageSize = (size: number) => def.pageSizes.includes(size)

  return setup({
    types: { input: {} as ListInput<Params>, context: {} as C, events: {} as E },
    actors: {
      loadPage,
      watchLocation: fromCallback(() => () => {}),
    },
    delays: { SEARCH_DEBOUNCE: def.search?.debounceMs ?? 0 },
    guards: {
      ...list.guards,
      isOtherPage: ({ context, event }) =>
        event.type === 'list.page' && isOtherPage(event.page, context.query.page),
      isOtherSize: ({ context, event }) =>
        event.type === 'list.size' && isPageSize(event.size) && event.size !== context.query.size,
      changesFilter: ({ context, event }) => {
        if (event.type !== 'list.filter') return false
        if (def.acceptsFilter && !def.acceptsFilter(event.filter, context.extra)) return false
        const next = filtered(context.query, event.filter)
        // Each value the address keeps (the same address with it: a list of choices may come in any order).
        const kept = Object.entries(event.filter).every(
          ([k, v]) => def.serialize({ ...next, [k]: v }) === def.serialize(next),
        )
        return kept && !same(next, context.query)
      },
      isSortable: ({ context, event }) =>
        event.type === 'list.sort' && !!def.sortBy?.(context.query, event.field),
      hasFilters: ({ context }) => canClear(def, context),
    },
    actions: {
      /** Provided by the app: writes the query in the address (`push`: as a new history entry). */
      writeUrl: (_, _params: { search: string; push?: boolean }) => {},
      adoptLocation: assign(list.assigners.adoptLocation),
      applySearch: assign(list.assigners.applySearch),
      nextRequest: assign(list.assigners.nextRequest),
      goToLastPage: assign(list.assigners.goToLastPage),
      submitSearch: raise({ type: 'query.searchApplied' }),
      setSearchInput: assign(({ event }) =>
        event.type === 'list.search' ? { searchInput: event.value.slice(0, def.search?.max ?? 0) } : {},
      ),
      goToPage: assign(({ context, event }) =>
        event.type === 'list.page' ? { query: { ...context.query, page: event.page } } : {},
      ),
      setSize: assign(({ context, event }) =>
        event.type === 'list.size' ? { query: { ...context.query, size: event.size, page: 1 } } : {},
      ),
      setFilter: assign(({ context, event }) =>
        event.type === 'list.filter' ? { query: filtered(context.query, event.filter) } : {},
      ),
      clearFilters: assign(({ context }) => ({ query: cleared(context.query), searchInput: '' })),
      sortBy: assign(({ context, event }) => {
        const query = event.type === 'list.sort' ? def.sortBy?.(context.query, event.field) : null
        return query ? { query } : {}
      }),
      updateRow: assign(({ context, event }) => {
        if (event.type !== 'list.updateRow' || !def.idOf) return {}
        const row = event.row as RowOf<P>
        const id = def.idOf(row)
        return { rows: context.rows.map((r) => (def.idOf!(r) === id ? row : r)) }
      }),
      setPage: assign(({ event }) => {
        const { page } = outputOf<LoadPageOutput<P>>(event)
        return {
          rows: [...page.data] as RowOf<P>[],
          total: page.metadata.total,
          extra: def.extra.of(page),
          error: null,
          errorStatus: null,
        }
      }),
      setFailure: assign({
        rows: [],
        total: 0,
        error: def.errorKey,
        errorStatus: ({ event }) => (event as { error?: { status?: number } }).error?.status ?? 0,
      }),
    },
  }).createMachine({
    id: def.id,
    context: ({ input }) => ({
      ...list.fromLocation(input.location),
      params: input.params,
      rows: [],
      total: 0,
      extra: def.extra.initial,
      error: null,
      errorStatus: null,
    }),
    invoke: { id: 'watchLocation', src: 'watchLocation' },
    type: 'parallel',
    states: {
      list: {
        initial: 'loading',
        on: {
          // An address change is followed; an applied search replaces the address (typing is no step).
          ...list.followQuery,
          'list.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', write] },
          'list.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', write] },
          'list.sort': { guard: 'isSortable', target: '.loading', actions: ['sortBy', write] },
          'list.updateRow': { actions: 'updateRow' },
          'list.filter': { guard: 'changesFilter', target: '.loading', actions: ['setFilter', write] },
          'list.clear': { guard: 'hasFilters', target: '.loading', actions: ['clearFilters', write] },
          'list.reload': '.loading',
        },
        states: {
          loading: {
            entry: 'nextRequest',
            invoke: {
              id: 'loadPage',
              src: 'loadPage',
              input: ({ context }) => ({
                params: context.params,
                query: context.query,
                requestId: context.requestId,
              }),
              onDone: [
                { guard: 'isStale' },
                {
                  guard: 'isPastLastPage',
                  target: 'loading',
                  reenter: true,
                  // A correction of the address, not a step to go back to: replaced, never pushed.
                  actions: ['goToLastPage', list.writeUrl],
                },
                { target: 'ready', actions: 'setPage' },
              ],
              onError: { target: 'failed', actions: 'setFailure' },
            },
          },
          ready: {},
          failed: { on: { 'list.retry': 'loading' } },
        },
      },
      search: list.searchRegion({
        search: 'list.search',
        searchNow: 'list.searchNow',
        clearOn: 'list.clear',
      }),
    },
  })
}

export type ListMachine<Q extends ListQuery, P extends Page<unknown>, Params, Extra> = ReturnType<
  typeof createListMachine<Q, P, Params, Extra>
>
