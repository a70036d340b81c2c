import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import {
  createListMachine,
  type ListDefinition,
  type LoadPageInput,
  type LoadPageOutput,
} from '../../machines/paged-list/list.machine'
import {
  isOtherPage,
  isPastLastPage,
  isQueryChange,
  isStale,
  locationOf,
  nextOrder,
  pageCount,
  paramsOf,
  readChoice,
  readPage,
  readPageSize,
  readSearch,
} from '../../machines/paged-list/paged-list'
import { type LocationSource, watchLocationOf } from '../../machines/paged-list/paged-list.actors'
import { type PagedListContext, pagedList } from '../../machines/paged-list/paged-list.config'

describe('paged list: reading and writing the address (pure)', () => {
  it('reads the search part with or without its "?", and writes "" for no parameter', () => {
    expect(paramsOf('?page=2&search=a+b').get('search')).toBe('a b')
    expect(paramsOf('page=2').get('page')).toBe('2')
    expect(locationOf(new URLSearchParams())).toBe('')
    expect(locationOf(new URLSearchParams({ search: 'marie dupont', page: '3' }))).toBe(
      '?search=marie+dupont&page=3',
    )
  })

  it('reads a page as a whole number from 1, anything else as the fallback', () => {
    for (const bad of ['', '?page=0', '?page=-3', '?page=1.5', '?page=abc', '?page=1e400'])
      expect(readPage(paramsOf(bad), 1)).toBe(1)
    expect(readPage(paramsOf('?page=7'), 1)).toBe(7)
    expect(readPage(paramsOf('?p=4'), 1, 'p')).toBe(4)
  })

  it('reads only an offered page size, a known choice, and a trimmed, bounded search', () => {
    const sizes = [10, 20, 50] as const
    expect(readPageSize(paramsOf('?size=50'), 'size', sizes, 20)).toBe(50)
    expect(readPageSize(paramsOf('?size=7'), 'size', sizes, 20)).toBe(20)
    expect(readPageSize(paramsOf(''), 'size', sizes, 20)).toBe(20)
    expect(readChoice(paramsOf('?order=asc'), 'order', ['asc', 'desc'], 'desc')).toBe('asc')
    expect(readChoice(paramsOf('?order=up'), 'order', ['asc', 'desc'], 'desc')).toBe('desc')
    expect(readSearch(paramsOf('?search=%20nina%20'), 'search', 100)).toBe('nina')
    expect(readSearch(paramsOf(`?search=${'x'.repeat(120)}`), 'search', 100)).toHaveLength(100)
    expect(readSearch(paramsOf(''), 'search', 100)).toBe('')
  })

  it('toggles the sorted column’s order and sorts another column descending (§4)', () => {
    expect(nextOrder('points', 'desc', 'points')).toBe('asc')
    expect(nextOrder('points', 'asc', 'points')).toBe('desc')
    expect(nextOrder('points', 'asc', 'lastVisit')).toBe('desc')
  })
})

describe('paged list: pages and answers (pure)', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 5)).toBe(1)
    expect(pageCount(10, 5)).toBe(2)
    expect(pageCount(11, 5)).toBe(3)
  })

  it('goes only to another page that exists in the address’s terms', () => {
    expect(isOtherPage(2, 1)).toBe(true)
    expect(isOtherPage(1, 1)).toBe(false)
    expect(isOtherPage(0, 1)).toBe(false)
    expect(isOtherPage(1.5, 1)).toBe(false)
    expect(isOtherPage(Number.NaN, 1)).toBe(false)
  })

  it('drops an answer to an older request', () => {
    expect(isStale({ requestId: 3 }, 3)).toBe(false)
    expect(isStale({ requestId: 2 }, 3)).toBe(true)
  })

  it('tells an empty page past the end of a list with rows', () => {
    const empty = (total: number) => ({ data: [], metadata: { total } })
    expect(isPastLastPage(empty(12), 9, 5)).toBe(true)
    expect(isPastLastPage(empty(12), 3, 5)).toBe(false)
    expect(isPastLastPage(empty(0), 9, 5)).toBe(false)
    expect(isPastLastPage({ data: [{}], metadata: { total: 12 } }, 9, 5)).toBe(false)
  })

  it('knows a query change by its type and its location', () => {
    expect(isQueryChange({ type: 'query.change', location: '?page=2' } as { type: string })).toBe(true)
    expect(isQueryChange({ type: 'query.change' })).toBe(false)
    expect(isQueryChange({ type: 'list.page' })).toBe(false)
  })
})

// A small list whose query is a search and a page, read from ?q=…&page=…, 10 rows a page.
type Query = { q: string; page: number }
type Context = PagedListContext<Query>
type Event =
  | { type: 'query.change'; location: string }
  | { type: 'x.search' }
  | { type: 'x.searchNow' }
  | { type: 'x.reset' }
const parse = (location: string): Query => {
  const p = paramsOf(location)
  return { q: readSearch(p, 'q', 20), page: readPage(p, 1) }
}
const serialize = (query: Query) => {
  const p = new URLSearchParams()
  if (query.q) p.set('q', query.q)
  if (query.page !== 1) p.set('page', String(query.page))
  return locationOf(p)
}
const list = pagedList<Context, Event>({
  parse,
  serialize,
  isSame: (a, b) => serialize(a) === serialize(b),
  searchOf: (query) => query.q,
  withSearch: (query, q) => ({ ...query, q, page: 1 }),
  sizeOf: () => 10,
})
const at = (location: string, searchInput?: string): Context => ({
  ...list.fromLocation(location),
  ...(searchInput !== undefined ? { searchInput } : {}),
})
const answered = (requestId: number, total: number, rows = 0) =>
  ({
    type: 'xstate.done.actor.list',
    output: { requestId, page: { data: Array(rows), metadata: { total } } },
  }) as never

describe('paged list: the machine parts', () => {
  it('starts from the address: its query, its search in the box, nothing asked yet', () => {
    expect(list.fromLocation('?q=nina&page=2')).toEqual({
      query: { q: 'nina', page: 2 },
      searchInput: 'nina',
      requestId: 0,
    })
  })

  it('follows only an address with another query, and adopts it with its search', () => {
    const context = at('?q=nina')
    const change = (location: string) => ({ context, event: { type: 'query.change', location } as Event })
    expect(list.guards.isNewLocation(change('?q=nina&page=1'))).toBe(false)
    expect(list.guards.isNewLocation(change('?q=bob'))).toBe(true)
    expect(list.assigners.adoptLocation(change('?q=bob&page=3'))).toEqual({
      query: { q: 'bob', page: 3 },
      searchInput: 'bob',
    })
    expect(list.assigners.adoptLocation({ context, event: { type: 'x.search' } })).toEqual({})
  })

  it('applies the box’s trimmed text as a new search on the first page', () => {
    const context = at('?q=nina&page=4', ' bob ')
    const args = { context, event: { type: 'x.searchNow' } as Event }
    expect(list.guards.changesSearch(args)).toBe(true)
    expect(list.guards.changesSearch({ ...args, context: at('?q=nina', ' nina ') })).toBe(false)
    expect(list.assigners.applySearch(args)).toEqual({ query: { q: 'bob', page: 1 } })
    expect(list.writeUrl.params({ context: { ...context, query: { q: 'bob', page: 2 } } })).toEqual({
      search: '?q=bob&page=2',
    })
  })

  it('numbers requests, drops a late answer and goes back to the last page', () => {
    const context = { ...at('?page=9'), requestId: 2 }
    expect(list.assigners.nextRequest({ context, event: { type: 'x.search' } })).toEqual({ requestId: 3 })
    expect(list.guards.isStale({ context, event: answered(1, 25) })).toBe(true)
    expect(list.guards.isStale({ context, event: answered(2, 25) })).toBe(false)
    expect(list.guards.isPastLastPage({ context, event: answered(2, 25) })).toBe(true)
    expect(list.guards.isPastLastPage({ context, event: answered(2, 25, 5) })).toBe(false)
    expect(list.assigners.goToLastPage({ context, event: answered(2, 25) })).toEqual({
      query: { q: '', page: 3 },
    })
  })

  it('builds the debounced search region on the machine’s own events', () => {
    const region = list.searchRegion({ search: 'x.search', searchNow: 'x.searchNow' })
    expect(region.on).toEqual({ 'x.searchNow': { target: '.idle', actions: 'submitSearch' } })
    expect(region.states.idle.on).toEqual({ 'x.search': { target: 'debouncing', actions: 'setSearchInput' } })
    expect(region.states.debouncing.on['x.search']).toMatchObject({ target: 'debouncing', reenter: true })
    expect(region.states.debouncing.after.SEARCH_DEBOUNCE).toEqual({
      target: 'idle',
      actions: 'submitSearch',
    })
    const clearing = list.searchRegion({
      search: 'x.search',
      searchNow: 'x.searchNow',
      clearOn: 'x.reset',
    })
    expect(clearing.on['x.reset']).toBe('.idle')
  })
})

describe('paged list: the address watcher', () => {
  it('turns address changes on its own path into query.change, and stops listening when stopped', () => {
    let at = { path: '/pages/owners', search: '' }
    const listeners = new Set<() => void>()
    const source: LocationSource = {
      read: () => at,
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }
    const heard: string[] = []
    const parent = createMachine({
      invoke: { id: 'watchLocation', src: watchLocationOf(source, '/pages/owners') },
      on: { 'query.change': { actions: ({ event }) => heard.push(event.location) } },
    })
    const actor = createActor(parent).start()
    const go = (path: string, search: string) => {
      at = { path, search }
      for (const l of listeners) l()
    }
    go('/pages/owners', '?page=2')
    go('/pages/stores', '?page=3')
    expect(heard).toEqual(['?page=2'])
    actor.stop()
    expect(listeners.size).toBe(0)
  })
})

// One list made by the factory, its changes pushed as history entries: ?q=…&page=…&size=…, 10 or 20 rows.
type SampleQuery = { q: string; page: number; size: number }
type SamplePage = { data: { id: string }[]; metadata: { total: number } }
type Params = { franchiseId: string }
const parseSample = (location: string): SampleQuery => {
  const p = paramsOf(location)
  return { q: readSearch(p, 'q', 20), page: readPage(p, 1), size: readPageSize(p, 'size', [10, 20], 10) }
}
const serializeSample = (query: SampleQuery) => {
  const p = new URLSearchParams()
  if (query.q) p.set('q', query.q)
  if (query.page !== 1) p.set('page', String(query.page))
  if (query.size !== 10) p.set('size', String(query.size))
  return locationOf(p)
}
const sample: ListDefinition<SampleQuery, SamplePage, null> = {
  id: 'sample',
  parse: parseSample,
  serialize: serializeSample,
  pageSizes: [10, 20],
  search: { of: (q) => q.q, with: (q, text) => ({ ...q, q: text, page: 1 }), max: 20, debounceMs: 300 },
  isFiltered: (q) => q.q !== '',
  idOf: (row) => row.id,
  extra: { initial: null, of: () => null },
  errorKey: 'sample.error',
  history: 'push',
}

describe('createListMachine: the one list machine', () => {
  const start = (location: string) => {
    const writes: { search: string; push?: boolean }[] = []
    const asked: unknown[] = []
    // The list is made with its call: here one that records what it is asked and never answers.
    const loadPage = fromPromise<LoadPageOutput<SamplePage>, LoadPageInput<SampleQuery, Params>>(
      async ({ input }) => {
        asked.push(input)
        return new Promise<never>(() => {})
      },
    )
    const machine = createListMachine<SampleQuery, SamplePage, Params, null>(sample, loadPage).provide({
      actors: { watchLocation: fromCallback(() => () => {}) },
      actions: { writeUrl: (_, p: { search: string; push?: boolean }) => writes.push(p) },
    })
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input: { location, params: { franchiseId: 'f1' } }, clock }).start()
    const answer = (total: number, ids: string[] = []) => {
      const { requestId } = actor.getSnapshot().context
      actor.send({
        type: 'xstate.done.actor.loadPage',
        output: { requestId, page: { data: ids.map((id) => ({ id })), metadata: { total } } },
      } as never)
    }
    return { actor, writes, asked, clock, answer }
  }

  it('asks with the list’s parameters and the address’s query, numbered', () => {
    const { asked } = start('?q=nina&page=2')
    expect(asked).toEqual([
      { params: { franchiseId: 'f1' }, query: { q: 'nina', page: 2, size: 10 }, requestId: 1 },
    ])
  })

  it('pushes a user’s change, replaces the address for an applied search and for a correction', () => {
    const { actor, writes, clock, answer } = start('?page=9')
    answer(25)
    expect(writes).toEqual([{ search: '?page=3' }])
    answer(25, ['a'])
    actor.send({ type: 'list.page', page: 2 })
    actor.send({ type: 'list.size', size: 20 })
    expect(writes.slice(1)).toEqual([
      { search: '?page=2', push: true },
      { search: '?size=20', push: true },
    ])
    actor.send({ type: 'list.search', value: 'bob' })
    clock.increment(300)
    expect(writes.at(-1)).toEqual({ search: '?q=bob&size=20' })
    actor.send({ type: 'list.clear' })
    expect(writes.at(-1)).toEqual({ search: '?size=20', push: true })
  })

  it('refuses a page size not offered, a filter the address would not keep, and sorts only with a rule', () => {
    const { actor, asked, answer } = start('')
    answer(1, ['a'])
    actor.send({ type: 'list.size', size: 15 })
    actor.send({ type: 'list.filter', filter: { size: 15 } })
    actor.send({ type: 'list.sort', field: 'q' })
    expect(asked).toHaveLength(1)
    actor.send({ type: 'list.filter', filter: { q: 'x' } })
    expect(asked.at(-1)).toMatchObject({ query: { q: 'x', page: 1, size: 10 } })
  })

  it('shows a row changed elsewhere without asking again, and keeps the HTTP status of a failure', () => {
    const { actor, asked, answer } = start('')
    answer(2, ['a', 'b'])
    actor.send({ type: 'list.updateRow', row: { id: 'b', changed: true } })
    expect(actor.getSnapshot().context.rows).toEqual([{ id: 'a' }, { id: 'b', changed: true }])
    expect(asked).toHaveLength(1)
    actor.send({ type: 'list.reload' })
    actor.send({ type: 'xstate.error.actor.loadPage', error: { status: 503 } } as never)
    expect(actor.getSnapshot().context).toMatchObject({ rows: [], error: 'sample.error', errorStatus: 503 })
  })
})
