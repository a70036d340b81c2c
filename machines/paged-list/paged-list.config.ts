// The machine parts every paged list shares (client list, owners, admin merchants). A list machine
// makes them once for its own context and events, `const list = pagedList<Context, Event>(query)`, then:
// - spreads `list.guards` into its setup's guards;
// - wraps each of `list.assigners` in `assign` in its setup's actions (an `assign` made here could not
//   carry the machine's own types);
// - declares `submitSearch: raise({ type: 'query.searchApplied' })` (same reason);
// - uses `list.fromLocation` (its initial context), `list.writeUrl`, `list.followQuery` (the list
//   region's `on`), `list.onAnswer` (the list call's `onDone`) and `list.searchRegion(events)` in its
//   config.
// Guards, actions and states are named, so the machine's setup checks that each one the parts use exists.
// The machine keeps its own events (`list.page`, `owners.size` …) and what is not the same everywhere.
import type { EventObject } from 'xstate'
import { isPastLastPage, isQueryChange, isStale, type ListAnswer, type Page, pageCount } from './paged-list'

/** What every paged list keeps in its context. */
export type PagedListContext<Q extends { page: number } = { page: number }> = {
  query: Q
  /** What the search box holds (applied to the query once the typing pauses). */
  searchInput: string
  /** Number of the latest request: an answer to an older one is ignored. */
  requestId: number
}

/** A list's query: how it reads from and writes to the address, and where its search and size are. */
export type PagedQuery<Q> = {
  parse: (location: string) => Q
  serialize: (query: Q) => string
  isSame: (a: Q, b: Q) => boolean
  /** The query's search text (the merchants call it `filter`). */
  searchOf: (query: Q) => string
  /** The query searching for `text`, back on its first page. */
  withSearch: (query: Q, text: string) => Q
  /** Rows per page (the client list calls it `rowsPerPage`). */
  sizeOf: (query: Q) => number
}

const answerOf = (event: EventObject) => (event as unknown as { output: ListAnswer<Page<unknown>> }).output

export function pagedList<C extends PagedListContext, E extends EventObject>(query: PagedQuery<C['query']>) {
  type Args = { context: C; event: E }
  const writeUrl = {
    type: 'writeUrl',
    params: ({ context }: { context: C }) => ({ search: query.serialize(context.query) }),
  } as const
  const pushUrl = {
    type: 'writeUrl',
    params: ({ context }: { context: C }) => ({ search: query.serialize(context.query), push: true }),
  } as const
  return {
    /** The context's list part when the page opens at `location`: its query, and nothing asked yet. */
    fromLocation: (location: string) => {
      const start = query.parse(location)
      return { query: start, searchInput: query.searchOf(start), requestId: 0 }
    },
    guards: {
      isNewLocation: ({ context, event }: Args) =>
        isQueryChange(event) && !query.isSame(query.parse(event.location), context.query),
      changesSearch: ({ context }: Args) => context.searchInput.trim() !== query.searchOf(context.query),
      isStale: ({ context, event }: Args) => isStale(answerOf(event), context.requestId),
      isPastLastPage: ({ context, event }: Args) =>
        isPastLastPage(answerOf(event).page, context.query.page, query.sizeOf(context.query)),
    },
    assigners: {
      adoptLocation: ({ event }: Args) => {
        if (!isQueryChange(event)) return {}
        const next = query.parse(event.location)
        return { query: next, searchInput: query.searchOf(next) }
      },
      applySearch: ({ context }: Args) => ({
        query: query.withSearch(context.query, context.searchInput.trim()),
      }),
      nextRequest: ({ context }: Args) => ({ requestId: context.requestId + 1 }),
      goToLastPage: ({ context, event }: Args) => {
        const page = pageCount(answerOf(event).page.metadata.total, query.sizeOf(context.query))
        // The same query on another page (a spread of a generic type loses its other fields' names).
        return { query: { ...context.query, page } as C['query'] }
      },
    },
    /** Replaces the address's query with the machine's (provided by the app). */
    writeUrl,
    /**
     * Writes the machine's query as a new history entry (`push`): a list whose filters are worth going
     * back to (Back returns to the previous filter, not out of the page).
     */
    pushUrl,
    /** The list region's `on` for an address change and an applied search. */
    followQuery: {
      'query.change': { guard: 'isNewLocation', target: '.loading', actions: 'adoptLocation' },
      'query.searchApplied': {
        guard: 'changesSearch',
        target: '.loading',
        actions: ['applySearch', writeUrl],
      },
    },
    /**
     * The list call's `onDone`, from its `loading` state: only the latest request's answer is applied;
     * an address past the last page (a shorter list since) shows the last page instead.
     */
    onAnswer: [
      { guard: 'isStale' },
      { guard: 'isPastLastPage', target: 'loading', reenter: true, actions: ['goToLastPage', writeUrl] },
      { target: 'ready', actions: 'setPage' },
    ],
    /**
     * The search box, debounced by the `SEARCH_DEBOUNCE` delay: typing (`search`, through the machine's
     * `setSearchInput`) waits for a pause, Enter (`searchNow`) does not; either ends in `submitSearch`.
     * `clearOn` (the client list's reset) drops a pending pause.
     */
    searchRegion<
      const S extends E['type'],
      const N extends E['type'],
      const R extends E['type'] = never,
    >(events: { search: S; searchNow: N; clearOn?: R }) {
      const typed = { target: 'debouncing', actions: 'setSearchInput' } as const
      return {
        initial: 'idle',
        on: {
          [events.searchNow]: { target: '.idle', actions: 'submitSearch' },
          ...(events.clearOn ? { [events.clearOn]: '.idle' } : {}),
        } as Record<N, { target: '.idle'; actions: 'submitSearch' }> & Partial<Record<R, '.idle'>>,
        states: {
          idle: { on: { [events.search]: typed } as Record<S, typeof typed> },
          debouncing: {
            on: { [events.search]: { ...typed, reenter: true } } as Record<
              S,
              typeof typed & { reenter: true }
            >,
            after: { SEARCH_DEBOUNCE: { target: 'idle', actions: 'submitSearch' } },
          },
        },
      } as const
    },
  } as const
}
