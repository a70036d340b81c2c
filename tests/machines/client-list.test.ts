// The client list (SPEC §2, §4, §9), one list of createListMachine: model-based paths over its query,
// search, filters and answers, each checked against the paged lists' reference model (the calls with
// their queries, the addresses written, the view), plus the list's own rules. Creating a client from the
// list is client-create.test.ts.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import {
  type ClientListQuery,
  clientList,
  clientListMachine,
  clientQueryOf,
  DEFAULT_QUERY,
  type ListClientsInput,
  type ListClientsOutput,
  nextSort,
  parseQuery,
  SEARCH_DEBOUNCE_MS,
  serializeQuery,
  toClientListView,
} from '../../machines/client-list'
import { ApiError } from '../../src/api/client'
import type { ClientQuery } from '../../src/api/clients'
import { CLIENT_PAGE_SIZES, CLIENT_SORT_FIELDS, type ClientPage } from '../../src/domain/clients'
import { createClientsBackend, FRANCHISE_ID, STORE_1 } from '../support/clients-backend'
import { checkEachPath, expectEveryStateReached } from '../support/model'
import {
  answerLatest,
  expectListCalls,
  expectListPath,
  listPaths,
  loadAnswers,
  replayFollowingAddress,
  searchDebounced,
} from './paged-list-support'

const AFTER = searchDebounced('clientList')
const params = { franchiseId: FRANCHISE_ID, readOnly: false, modelId: null }
const input = { location: '', params }

const backend = createClientsBackend()
const PAGE: ClientPage = await backend.list(DEFAULT_QUERY)
const EMPTY: ClientPage = { data: [], metadata: { page: 1, size: 5, total: 0 } }

type Effects = {
  urls: string[]
  /** Per written address: whether it was a new history entry. */
  pushed: boolean[]
  /** What each list call sent (src/api's query) with its request number. */
  calls: { requestId: number; query: ClientQuery }[]
}

/** The machine with recording effects; the list call records its input and never answers by itself. */
function harness(
  effects: Effects,
  listClients?: (input: ListClientsInput, signal: AbortSignal) => Promise<ListClientsOutput>,
) {
  return clientListMachine.provide({
    actors: {
      loadPage: fromPromise<ListClientsOutput, ListClientsInput>(({ input, signal }) => {
        effects.calls.push({ requestId: input.requestId, query: clientQueryOf(input) })
        return listClients ? listClients(input, signal) : new Promise<never>(() => {})
      }),
      watchLocation: fromCallback(() => () => {}),
    },
    actions: {
      writeUrl: (_, p: { search: string; push?: boolean }) => {
        effects.urls.push(p.search)
        effects.pushed.push(p.push === true)
      },
    },
  })
}
const noEffects = (): Effects => ({ urls: [], pushed: [], calls: [] })

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const eventsAt = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'query.change', location: '?page=2&sort=points&order=asc' },
    { type: 'list.search', value: 'marie' },
    { type: 'list.searchNow' },
    { type: AFTER },
    { type: 'list.sort', field: 'points' },
    { type: 'list.page', page: 2 },
    { type: 'list.filter', filter: { clientType: ['LOST_CUSTOMER'] } },
    { type: 'list.clear' },
    { type: 'list.retry' },
    ...loadAnswers(id, {
      page: PAGE,
      empty: EMPTY,
      error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
    }),
  ]
}

describe('client list query (pure)', () => {
  it('fills missing or malformed values with the §9 defaults', () => {
    expect(parseQuery('')).toEqual(DEFAULT_QUERY)
    expect(DEFAULT_QUERY).toMatchObject({ page: 1, size: 5, sort: 'lastVisit', order: 'desc' })
    expect(
      parseQuery('?page=-3&rowsPerPage=7&sort=lastName&order=up&store=42&acquiredFrom=SHOP&clientType=VIP'),
    ).toEqual(DEFAULT_QUERY)
    expect(parseQuery('page=1.5&rowsPerPage=abc')).toEqual(DEFAULT_QUERY)
  })

  it('round-trips every query through the address, defaults left out', () => {
    expect(serializeQuery(DEFAULT_QUERY)).toBe('')
    const q: ClientListQuery = {
      page: 3,
      size: 10,
      sort: 'points',
      order: 'asc',
      search: 'marie dupont',
      store: STORE_1,
      acquiredFrom: ['MIGRATION', 'STORE'],
      clientType: ['LOST_CUSTOMER', 'REGULAR_CUSTOMER'],
    }
    const url = serializeQuery(q)
    expect(url).toBe(
      `?page=3&rowsPerPage=10&sort=points&order=asc&search=marie+dupont&store=${STORE_1}` +
        '&acquiredFrom=MIGRATION&acquiredFrom=STORE&clientType=LOST_CUSTOMER&clientType=REGULAR_CUSTOMER',
    )
    expect(parseQuery(url)).toEqual(q)
    for (const sort of CLIENT_SORT_FIELDS)
      for (const size of CLIENT_PAGE_SIZES) {
        const one = { ...DEFAULT_QUERY, sort, size, order: 'asc' as const }
        expect(parseQuery(serializeQuery(one))).toEqual(one)
      }
  })

  it('toggles the same column and sorts a new one descending', () => {
    expect(nextSort(DEFAULT_QUERY, 'lastVisit')).toEqual({ sort: 'lastVisit', order: 'asc' })
    expect(nextSort({ ...DEFAULT_QUERY, order: 'asc' }, 'lastVisit')).toEqual({
      sort: 'lastVisit',
      order: 'desc',
    })
    expect(nextSort({ ...DEFAULT_QUERY, order: 'asc' }, 'points')).toEqual({ sort: 'points', order: 'desc' })
  })
})

describe('client list machine', () => {
  const generated = listPaths(clientListMachine, eventsAt, input)

  it('reaches every state', () => {
    expectEveryStateReached(clientListMachine, generated)
  })

  it('replays every path: the calls, the address and the view are what the paged lists’ rules say', () => {
    checkEachPath(generated, (_, path) => {
      expectListPath(clientList as never, clientListMachine, input, path)
    })
  }, 60_000)

  it('replays every path: the address always holds the query, each call is valid and numbered', () => {
    expect(generated.length).toBeGreaterThan(40)
    for (const path of generated) {
      const effects = noEffects()
      const actor = createActor(harness(effects), { input }).start()
      const snapshot = replayFollowingAddress(path, actor, {
        urls: effects.urls,
        location: input.location,
        parse: parseQuery,
      })
      // Every call is a valid query; requests are numbered 1, 2, 3 … and the latest is the machine's.
      expectListCalls(effects.calls, CLIENT_PAGE_SIZES)
      expect(snapshot.context.requestId).toBe(effects.calls.length)
      for (const { query } of effects.calls) expect(CLIENT_SORT_FIELDS).toContain(query.sort)
      // A failure leaves nothing behind.
      if (snapshot.matches({ list: 'failed' })) expect(snapshot.context).toMatchObject({ rows: [], total: 0 })
    }
  }, 30_000)

  const start = (location = '', listClients?: Parameters<typeof harness>[1]) => {
    const effects = noEffects()
    const actor = createActor(harness(effects, listClients), { input: { ...input, location } }).start()
    const answer = (page: ClientPage = PAGE) => answerLatest(actor, 'loadPage', page)
    return { actor, effects, answer, view: () => toClientListView(actor.getSnapshot()) }
  }

  it('loads the address’s query at once, without rewriting the address', () => {
    const { effects, view } = start('?page=2&clientType=LOST_CUSTOMER')
    expect(effects.calls).toEqual([
      {
        requestId: 1,
        query: {
          page: 2,
          size: 5,
          sort: 'lastVisit',
          order: 'desc',
          search: '',
          store: null,
          acquiredFrom: [],
          clientType: ['LOST_CUSTOMER'],
        },
      },
    ])
    expect(effects.urls).toEqual([])
    expect(view()).toMatchObject({ isLoading: true, canReset: true })
  })

  it('goes back to the first page when a filter, the search or the page size changes', () => {
    const { actor, effects, answer } = start('?page=3')
    answer()
    actor.send({ type: 'list.filter', filter: { acquiredFrom: ['STORE', 'MIGRATION'] } })
    expect(effects.urls.at(-1)).toBe('?acquiredFrom=MIGRATION&acquiredFrom=STORE')
    actor.send({ type: 'list.page', page: 4 })
    actor.send({ type: 'list.filter', filter: { store: STORE_1 } })
    expect(actor.getSnapshot().context.query).toMatchObject({ page: 1, store: STORE_1 })
    actor.send({ type: 'list.page', page: 2 })
    actor.send({ type: 'list.search', value: 'dupont' })
    actor.send({ type: 'list.searchNow' })
    expect(actor.getSnapshot().context.query).toMatchObject({ page: 1, search: 'dupont' })
    actor.send({ type: 'list.page', page: 2 })
    actor.send({ type: 'list.size', size: 10 })
    expect(actor.getSnapshot().context.query).toMatchObject({ page: 1, size: 10 })
    // The same filter again changes nothing and asks for nothing.
    const calls = effects.calls.length
    actor.send({ type: 'list.filter', filter: { store: STORE_1 } })
    actor.send({ type: 'list.size', size: 7 })
    expect(effects.calls).toHaveLength(calls)
  })

  it('cycles the sort: same column toggles, a new one descends, unsortable columns are ignored', () => {
    const { actor, effects } = start()
    const sort = () => {
      const { sort, order } = actor.getSnapshot().context.query
      return `${sort} ${order}`
    }
    expect(sort()).toBe('lastVisit desc')
    actor.send({ type: 'list.sort', field: 'lastVisit' })
    expect(sort()).toBe('lastVisit asc')
    actor.send({ type: 'list.sort', field: 'lastVisit' })
    expect(sort()).toBe('lastVisit desc')
    actor.send({ type: 'list.sort', field: 'points' })
    expect(sort()).toBe('points desc')
    actor.send({ type: 'list.sort', field: 'points' })
    expect(sort()).toBe('points asc')
    expect(effects.urls.at(-1)).toBe('?sort=points&order=asc')
    const calls = effects.calls.length
    for (const field of ['contact', 'clientType', 'acquiredFrom', 'lastName'])
      actor.send({ type: 'list.sort', field })
    expect(sort()).toBe('points asc')
    expect(effects.calls).toHaveLength(calls)
  })

  it('applies only the latest request’s answer and aborts the one it replaces', async () => {
    const pending: {
      input: ListClientsInput
      signal: AbortSignal
      resolve: (o: ListClientsOutput) => void
    }[] = []
    const { actor, view } = start(
      '',
      (input, signal) => new Promise((resolve) => pending.push({ input, signal, resolve })),
    )
    actor.send({ type: 'list.sort', field: 'points' })
    expect(pending).toHaveLength(2)
    expect(pending[0]!.signal.aborted).toBe(true)
    expect(pending[1]!.signal.aborted).toBe(false)
    // The newer answer first, then the old one arrives late: it is ignored.
    const newer = { ...PAGE, data: PAGE.data.slice(0, 2), metadata: { ...PAGE.metadata, total: 2 } }
    pending[1]!.resolve({ requestId: 2, page: newer })
    await Promise.resolve()
    await Promise.resolve()
    expect(view().rows.map((r) => r.id)).toEqual(newer.data.map((r) => r.id))
    pending[0]!.resolve({ requestId: 1, page: PAGE })
    await Promise.resolve()
    expect(view()).toMatchObject({ total: 2 })
    // And an answer numbered for an older request is dropped even if it reaches the machine.
    actor.send({ type: 'list.page', page: 2 })
    actor.send({ type: 'xstate.done.actor.loadPage', output: { requestId: 2, page: PAGE } } as never)
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true)
  })

  it('empties the list on a failure, shows the error, and retries', () => {
    const { actor, effects, answer, view } = start()
    answer()
    expect(view()).toMatchObject({ total: PAGE.metadata.total, isFailed: false })
    actor.send({ type: 'list.page', page: 2 })
    actor.send({
      type: 'xstate.error.actor.loadPage',
      error: new ApiError(0, 'NETWORK_ERROR', 'offline'),
    } as never)
    expect(view()).toMatchObject({ rows: [], total: 0, isFailed: true, error: 'pages.clients.errors.load' })
    actor.send({ type: 'list.retry' })
    expect(view().isLoading).toBe(true)
    expect(effects.calls.at(-1)!.query.page).toBe(2)
  })

  it('debounces the search box with SEARCH_DEBOUNCE and asks once for the last text', () => {
    const clock = new SimulatedClock()
    const effects = noEffects()
    const actor = createActor(harness(effects), { input, clock }).start()
    for (const value of ['m', 'ma', 'mar', 'mari']) {
      actor.send({ type: 'list.search', value })
      clock.increment(SEARCH_DEBOUNCE_MS - 50)
    }
    expect(effects.calls).toHaveLength(1)
    expect(toClientListView(actor.getSnapshot())).toMatchObject({
      searchInput: 'mari',
      isSearchPending: true,
    })
    clock.increment(50)
    expect(effects.calls).toHaveLength(2)
    expect(effects.calls[1]!.query).toMatchObject({ search: 'mari', page: 1 })
    expect(effects.urls).toEqual(['?search=mari'])
  })

  it('resets to the defaults, clearing the search box and the address', () => {
    const { actor, effects, view } = start('?page=2&sort=points&search=marie&clientType=NEW_CUSTOMER')
    expect(view().searchInput).toBe('marie')
    actor.send({ type: 'list.clear' })
    expect(actor.getSnapshot().context.query).toEqual(DEFAULT_QUERY)
    expect(view()).toMatchObject({ searchInput: '', canReset: false })
    expect(effects.urls).toEqual([''])
    actor.send({ type: 'list.clear' })
    expect(effects.calls).toHaveLength(2)
  })

  it('follows the address (back, forward) and ignores an address equal to its query', () => {
    const { actor, effects } = start('?page=2')
    actor.send({ type: 'query.change', location: '?page=2&sort=lastVisit' })
    expect(effects.calls).toHaveLength(1)
    actor.send({ type: 'query.change', location: '?sort=points' })
    expect(effects.calls).toHaveLength(2)
    expect(actor.getSnapshot().context.query).toMatchObject({ page: 1, sort: 'points', order: 'desc' })
    expect(effects.urls).toEqual([])
  })

  it('shows the last page when the address points past it', () => {
    const { actor, effects } = start('?page=9')
    actor.send({
      type: 'xstate.done.actor.loadPage',
      output: { requestId: 1, page: { data: [], metadata: { page: 9, size: 5, total: 12 } } },
    } as never)
    expect(actor.getSnapshot().context.query.page).toBe(3)
    expect(effects.urls).toEqual(['?page=3'])
    // A correction replaces the address: Back does not return to a page that does not exist.
    expect(effects.pushed).toEqual([false])
    expect(effects.calls.at(-1)!.query.page).toBe(3)
  })

  it('pushes a history entry for each filter, sort, page or reset, so Back returns to the previous one', () => {
    const { actor, effects, answer } = start('')
    answer()
    actor.send({ type: 'list.filter', filter: { clientType: ['LOST_CUSTOMER'] } })
    actor.send({ type: 'list.sort', field: 'points' })
    actor.send({ type: 'list.page', page: 2 })
    actor.send({ type: 'list.clear' })
    expect(effects.urls).toEqual([
      '?clientType=LOST_CUSTOMER',
      '?sort=points&clientType=LOST_CUSTOMER',
      '?page=2&sort=points&clientType=LOST_CUSTOMER',
      '',
    ])
    expect(effects.pushed).toEqual([true, true, true, true])
    // Back: the address brings the previous filter, which the list follows without writing again.
    actor.send({ type: 'query.change', location: '?clientType=LOST_CUSTOMER' })
    expect(actor.getSnapshot().context.query).toMatchObject({
      clientType: ['LOST_CUSTOMER'],
      sort: 'lastVisit',
    })
    expect(effects.urls).toHaveLength(4)
  })

  it('says why a failure happened: a refused query, an unknown store, or anything else', () => {
    for (const [status, error] of [
      [400, 'pages.clients.errors.badQuery'],
      [404, 'pages.clients.errors.storeNotFound'],
      [503, 'pages.clients.errors.load'],
    ] as const) {
      const { actor, view } = start()
      actor.send({ type: 'xstate.error.actor.loadPage', error: new ApiError(status, 'X', 'x') } as never)
      expect(view()).toMatchObject({ isFailed: true, error, errorStatus: status })
    }
  })

  it('counts a broad search’s matches as “at least” only while its answer is shown', () => {
    const { actor, answer, view } = start('?search=mar')
    answer({ ...PAGE, metadata: { ...PAGE.metadata, total: 1000, totalIsLowerBound: true } })
    expect(view()).toMatchObject({ total: 1000, totalIsLowerBound: true })
    actor.send({ type: 'list.page', page: 2 })
    actor.send({ type: 'xstate.error.actor.loadPage', error: new ApiError(500, 'X', 'x') } as never)
    expect(view()).toMatchObject({ total: 0, totalIsLowerBound: false })
  })

  it('asks a read-only franchise (the demo) by its id, and a loyalty card’s clients by its model', () => {
    const demo = createActor(harness(noEffects()), {
      input: { location: '', params: { franchiseId: FRANCHISE_ID, readOnly: true, modelId: null } },
    }).start()
    expect(toClientListView(demo.getSnapshot())).toMatchObject({
      canOpenClient: false,
      exportQuery: expect.objectContaining({ franchiseId: FRANCHISE_ID }),
    })
    const card = noEffects()
    createActor(harness(card), {
      input: { location: '', params: { franchiseId: FRANCHISE_ID, readOnly: false, modelId: 'm1' } },
    }).start()
    expect(card.calls[0]!.query).not.toHaveProperty('franchiseId')
  })

  it('tells "no clients yet" from "no result"', () => {
    const first = start()
    first.answer(EMPTY)
    expect(first.view()).toMatchObject({ isEmpty: true, isNoResult: false, canCreateFromSearch: false })
    const { answer, view } = start('?search=0612345678')
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: false, isNoResult: true, canCreateFromSearch: true })
  })
})
