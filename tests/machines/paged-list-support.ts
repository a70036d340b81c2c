// What the paged lists' machine tests share (client list, owners, admin merchants): recording actors,
// the list call's answers, generating paths, and replaying one while following the address as the app
// does (machines/paged-list holds the rules they check).
import { expect } from 'vitest'
import {
  type Actor,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import type { ListDefinition, ListQuery } from '../../machines/paged-list/list.machine'
import { toListView } from '../../machines/paged-list/list.view'
import { isQueryChange, type Page } from '../../machines/paged-list/paged-list'

export type Call = { actor: string; input: unknown }
export type Answers = Partial<Record<string, (input: unknown) => Promise<unknown>>>

/** An actor that records its input in `calls` and settles as `answer` says (never, without one). */
export function recording(name: string, calls: Call[], answer?: (input: unknown) => Promise<unknown>) {
  return fromPromise(({ input }) => {
    calls.push({ actor: name, input })
    return answer ? answer(input) : new Promise<never>(() => {})
  })
}

/** The event that ends the search box's pause (the SEARCH_DEBOUNCE delay) in the machine `machineId`. */
export const searchDebounced = (machineId: string) =>
  `xstate.after.SEARCH_DEBOUNCE.${machineId}.search.debouncing`

/**
 * The answers the list call `src` may give at a state whose latest request is `requestId`: a page, an
 * empty page, a late answer to the request before, and a failure.
 */
export function listAnswers<P>(
  src: string,
  requestId: number,
  answers: { page: P; empty: P; error: unknown },
) {
  return [
    { type: `xstate.done.actor.${src}`, output: { requestId, page: answers.page } },
    { type: `xstate.done.actor.${src}`, output: { requestId, page: answers.empty } },
    { type: `xstate.done.actor.${src}`, output: { requestId: requestId - 1, page: answers.page } },
    { type: `xstate.error.actor.${src}`, error: answers.error },
  ]
}

/** Sends the list call's answer to the latest request, as the invoked actor would. */
export function answerLatest<M extends AnyStateMachine>(actor: Actor<M>, src: string, page: unknown) {
  const { requestId } = (actor.getSnapshot() as { context: { requestId: number } }).context
  actor.send({ type: `xstate.done.actor.${src}`, output: { requestId, page } } as never)
}

/** The shortest paths for `events`, where states that differ only by the request number are one. */
export function listPaths(machine: AnyStateMachine, events: (state: never) => unknown[], input: unknown) {
  return getShortestPaths(machine, {
    events: events as never,
    input: input as never,
    // The request number grows forever; states differing only by it behave alike.
    serializeState: (s) => {
      const { requestId: _r, ...context } = (s as { context: Record<string, unknown> }).context
      return JSON.stringify({ v: s.value, c: context })
    },
  })
}

type GeneratedPath = { steps: { event: EventObject }[] }

/**
 * Replays a generated path on a started `actor`, following the address as the app does: the last URL
 * written (`urls` records `writeUrl`), else the address a `query.change` brought. Checks that the
 * address holds the machine's query; `beforeSend` may look at each step first. Returns the last
 * snapshot (the actor stopped) for the caller's checks of what the path must show.
 */
export function replayFollowingAddress<M extends AnyStateMachine>(
  path: GeneratedPath,
  actor: Actor<M>,
  run: {
    urls: string[]
    location: string
    parse: (location: string) => unknown
    beforeSend?: (event: EventObject) => void
  },
): SnapshotFrom<M> {
  let address = run.location
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue
    run.beforeSend?.(step.event)
    const before = run.urls.length
    actor.send(step.event as never)
    if (run.urls.length > before) address = run.urls.at(-1)!
    else if (isQueryChange(step.event)) address = step.event.location
  }
  const snapshot = actor.getSnapshot()
  actor.stop()
  const { context } = snapshot as { context: Record<string, unknown> }
  // The address and the machine agree on the query (URL round trip). The path's own end state is not
  // compared: the generator ran this machine, so it would always match; callers check what it shows.
  expect(run.parse(address)).toEqual(context.query)
  return snapshot
}

/** List calls are numbered 1, 2, 3 … and each asks for an offered page size and a page from 1. */
export function expectListCalls(
  calls: { requestId: number; query: { page: number; size: number } }[],
  pageSizes: readonly number[],
) {
  expect(calls.map((c) => c.requestId)).toEqual(calls.map((_, i) => i + 1))
  for (const { query } of calls) {
    expect(pageSizes).toContain(query.size)
    expect(query.page).toBeGreaterThanOrEqual(1)
  }
}

// ---------------------------------------------------------------------------------------------------
// The lists made by createListMachine (machines/paged-list/list.machine.ts): a reference model of what
// a list must do, written from the rules (not from the machine), and a replay that checks each
// generated path against it: the calls made with their queries, the addresses written, and the view.

type AnyListDefinition = ListDefinition<ListQuery, Page<unknown>, unknown>
type ModelEvent = { type: string; [key: string]: unknown }

/** What a list should show and have done after some events, by the rules alone. */
export type ListExpectation = {
  query: ListQuery
  searchInput: string
  list: 'loading' | 'ready' | 'failed'
  isSearchPending: boolean
  rows: number
  total: number
  /** The queries asked, in order, with their request numbers. */
  calls: { query: ListQuery; requestId: number }[]
  /** The addresses written. */
  urls: string[]
  /** The failure's HTTP status. */
  errorStatus: number | null
}

export function listModel(def: AnyListDefinition, location: string, events: ModelEvent[]): ListExpectation {
  const same = (a: ListQuery, b: ListQuery) => def.serialize(a) === def.serialize(b)
  const searchOf = (q: ListQuery) => def.search?.of(q) ?? ''
  const start = def.parse(location)
  const m: ListExpectation & { extra: unknown } = {
    query: start,
    searchInput: searchOf(start),
    list: 'loading',
    isSearchPending: false,
    rows: 0,
    total: 0,
    calls: [{ query: start, requestId: 1 }],
    urls: [],
    errorStatus: null,
    extra: def.extra.initial,
  }
  const load = () => {
    m.list = 'loading'
    m.calls.push({ query: m.query, requestId: m.calls.length + 1 })
  }
  const change = (query: ListQuery) => {
    m.query = query
    m.urls.push(def.serialize(query))
    load()
  }
  const applySearch = () => {
    m.isSearchPending = false
    const text = m.searchInput.trim()
    if (def.search && text !== searchOf(m.query)) change(def.search.with(m.query, text))
  }
  for (const e of events) {
    const latest = m.calls.length
    if (e.type === 'query.change') {
      const q = def.parse(e.location as string)
      if (!same(q, m.query)) {
        m.query = q
        m.searchInput = searchOf(q)
        load()
      }
    } else if (e.type === 'list.search') {
      m.searchInput = (e.value as string).slice(0, def.search?.max ?? 0)
      m.isSearchPending = true
    } else if (e.type === 'list.searchNow' || (e.type.startsWith('xstate.after.') && m.isSearchPending)) {
      applySearch()
    } else if (e.type === 'list.page') {
      const page = e.page as number
      if (Number.isSafeInteger(page) && page >= 1 && page !== m.query.page) change({ ...m.query, page })
    } else if (e.type === 'list.size') {
      const size = e.size as number
      if (def.pageSizes.includes(size) && size !== m.query.size) change({ ...m.query, size, page: 1 })
    } else if (e.type === 'list.sort') {
      const next = def.sortBy?.(m.query, e.field as string)
      if (next) change(next)
    } else if (e.type === 'list.filter') {
      const filter = e.filter as Partial<ListQuery>
      const next = def.parse(def.serialize({ ...m.query, ...filter, page: 1 }))
      const accepted = !def.acceptsFilter || def.acceptsFilter(filter, m.extra)
      const kept = Object.entries(filter).every(
        ([k, v]) => def.serialize({ ...next, [k]: v }) === def.serialize(next),
      )
      if (accepted && kept && !same(next, m.query)) change(next)
    } else if (e.type === 'list.clear') {
      m.isSearchPending = false
      if ((def.isClearable ?? def.isFiltered)(m.query) || m.searchInput.trim() !== searchOf(m.query)) {
        m.searchInput = ''
        change(def.clear ? def.clear(m.query) : { ...def.parse(''), size: m.query.size })
      }
    } else if (e.type === 'list.retry') {
      if (m.list === 'failed') load()
    } else if (e.type === 'list.reload') {
      load()
    } else if (e.type === 'xstate.done.actor.loadPage' && m.list === 'loading') {
      const { requestId, page } = e.output as { requestId: number; page: Page<unknown> }
      if (requestId !== latest) continue
      const last = Math.max(1, Math.ceil(page.metadata.total / m.query.size))
      if (page.data.length === 0 && page.metadata.total > 0 && m.query.page > last) {
        change({ ...m.query, page: last })
      } else {
        m.list = 'ready'
        m.rows = page.data.length
        m.total = page.metadata.total
        m.extra = def.extra.of(page)
      }
    } else if (e.type === 'xstate.error.actor.loadPage' && m.list === 'loading') {
      m.list = 'failed'
      m.rows = 0
      m.total = 0
      m.errorStatus = (e.error as { status?: number } | undefined)?.status ?? 0
    }
  }
  const { extra: _extra, ...expectation } = m
  return expectation
}

/**
 * Replays the path's events on the list `machine` (made from `def`) with a recording `loadPage` and
 * `writeUrl`, and checks the calls, the addresses and the view against the reference model. Returns the
 * last snapshot, for a list's own checks.
 */
export function expectListPath<M extends AnyStateMachine>(
  def: AnyListDefinition,
  machine: M,
  input: { location: string; params: unknown },
  events: ModelEvent[],
) {
  const urls: string[] = []
  const calls: Call[] = []
  const actor = createActor(
    machine.provide({
      actors: { loadPage: recording('loadPage', calls), watchLocation: fromCallback(() => () => {}) },
      actions: { writeUrl: (_: unknown, p: { search: string }) => urls.push(p.search) },
    } as never),
    { input, clock: new SimulatedClock() },
  ).start()
  for (const e of events) actor.send(e as never)
  const snapshot = actor.getSnapshot() as SnapshotFrom<M>
  actor.stop()
  const expected = listModel(def, input.location, events)
  const asked = calls.map((c) => c.input as { params: unknown; query: ListQuery; requestId: number })
  expect(asked.map(({ query, requestId }) => ({ query, requestId }))).toEqual(expected.calls)
  for (const call of asked) expect(call.params).toEqual(input.params)
  expect(urls).toEqual(expected.urls)
  const view = toListView(snapshot as never, def.isFiltered)
  const filtered = def.isFiltered(expected.query)
  expect({
    query: view.query,
    searchInput: view.searchInput,
    isLoading: view.isLoading,
    isFailed: view.isFailed,
    isSearchPending: view.isSearchPending,
    rows: view.rows.length,
    total: view.total,
    isEmpty: view.isEmpty,
    isNoResult: view.isNoResult,
    error: view.error,
    errorStatus: view.errorStatus,
  }).toEqual({
    query: expected.query,
    searchInput: expected.searchInput,
    isLoading: expected.list === 'loading',
    isFailed: expected.list === 'failed',
    isSearchPending: expected.isSearchPending,
    rows: expected.rows,
    total: expected.total,
    isEmpty: expected.list === 'ready' && expected.total === 0 && !filtered,
    isNoResult: expected.list === 'ready' && expected.total === 0 && filtered,
    error: expected.list === 'failed' ? def.errorKey : null,
    errorStatus: expected.list === 'failed' ? expected.errorStatus : null,
  })
  return snapshot
}

/** The answers a list's `loadPage` may give at a state whose latest request is `requestId`. */
export const loadAnswers = <P>(requestId: number, answers: { page: P; empty: P; error: unknown }) =>
  listAnswers('loadPage', requestId, answers)
