// The CRM clients list (issue 21), one list of createListMachine: model-based paths over its query,
// search, field filter and answers, each checked against the paged lists' reference model (the calls
// with their queries, the addresses written, the view), plus the list's own rules.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import {
  CRM_SEARCH_DEBOUNCE_MS,
  crmClientsList,
  crmClientsMachine,
  DEFAULT_CRM_QUERY,
  type ListCrmClientsInput,
  parseCrmQuery,
  serializeCrmQuery,
  toCrmClientsView,
} from '../../machines/crm-clients'
import { ApiError } from '../../src/api/client'
import { STATIC_CRM_FIELDS } from '../../src/domain/crm'
import type { CrmClientPage, CrmClientRow } from '../../src/domain/crm-clients'
import { crmField } from '../support/crm-fields'
import { checkEachPath, expectEveryStateReached } from '../support/model'
import {
  answerLatest,
  type Call,
  expectListPath,
  listPaths,
  loadAnswers,
  recording,
  searchDebounced,
} from './paged-list-support'

const FRANCHISE = '11111111-1111-4111-8111-111111111111'
const input = { location: '', params: { franchiseId: FRANCHISE } }
const BAKERY = crmField('field1', 'Favourite bakery')
const ARCHIVED = crmField('field9', 'Old field', { status: 'ARCHIVED' })
const ROW: CrmClientRow = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Camille',
  lastName: 'Marchand',
  email: 'camille@example.test',
  phone: '+33611223344',
  birthDate: '1990-04-02',
  createdAt: '2026-11-01T10:00:00.000Z',
  values: { field1: 'Poilâne' },
}
const fields = [...STATIC_CRM_FIELDS, BAKERY, ARCHIVED]
const PAGE: CrmClientPage = { data: [ROW], metadata: { page: 1, size: 10, total: 1 }, fields }
const EMPTY: CrmClientPage = { data: [], metadata: { page: 1, size: 10, total: 0 }, fields }

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const events = (state: any) => [
  { type: 'query.change', location: '?field=field1&page=2' },
  { type: 'list.search', value: 'cam' },
  { type: 'list.searchNow' },
  { type: searchDebounced('crmClients') },
  { type: 'list.page', page: 2 },
  { type: 'list.size', size: 25 },
  { type: 'list.filter', filter: { field: 'field1' } },
  { type: 'list.filter', filter: { field: 'field9' } },
  { type: 'list.clear' },
  { type: 'list.retry' },
  { type: 'list.reload' },
  ...loadAnswers(state.context.requestId, {
    page: PAGE,
    empty: EMPTY,
    error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
  }),
]

describe('CRM clients query (pure)', () => {
  it('reads defaults for missing or malformed values and round-trips through the address', () => {
    expect(parseCrmQuery('')).toEqual(DEFAULT_CRM_QUERY)
    expect(parseCrmQuery('?field=no%20way&page=0&size=7')).toEqual(DEFAULT_CRM_QUERY)
    const q = { search: 'cam', field: 'field1', page: 3, size: 25 as const }
    expect(serializeCrmQuery(q)).toBe('?search=cam&field=field1&page=3&size=25')
    expect(parseCrmQuery(serializeCrmQuery(q))).toEqual(q)
  })
})

describe('crm-clients list machine', () => {
  const generated = listPaths(crmClientsMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(crmClientsMachine, generated)
  })

  it('replays every path: the calls, the address and the view are what the rules say', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, path) => {
      const snapshot = expectListPath(crmClientsList as never, crmClientsMachine, input, path)
      // The columns are the active fields of the latest answer only.
      for (const f of toCrmClientsView(snapshot).fields) expect(f.status).toBe('ACTIVE')
    })
  }, 60_000)

  const start = (location = '') => {
    const urls: string[] = []
    const calls: Call[] = []
    const clock = new SimulatedClock()
    const machine = crmClientsMachine.provide({
      actors: {
        loadPage: recording('loadPage', calls) as never,
        watchLocation: fromCallback(() => () => {}),
      },
      actions: { writeUrl: (_, p: { search: string }) => urls.push(p.search) },
    })
    const actor = createActor(machine, { input: { ...input, location }, clock }).start()
    const answer = (page: CrmClientPage = PAGE) => answerLatest(actor, 'loadPage', page)
    const lastQuery = () => (calls.at(-1)!.input as ListCrmClientsInput).query
    return { actor, urls, calls, clock, answer, lastQuery, view: () => toCrmClientsView(actor.getSnapshot()) }
  }

  it('shows the active fields as columns and filters only on one of them', () => {
    const { actor, calls, answer, view, lastQuery, urls } = start()
    answer()
    expect(view().fields.map((f) => f.localId)).toEqual([
      ...STATIC_CRM_FIELDS.map((f) => f.localId),
      'field1',
    ])
    const n = calls.length
    actor.send({ type: 'list.filter', filter: { field: 'field9' } })
    actor.send({ type: 'list.filter', filter: { field: 'nope' } })
    expect(calls).toHaveLength(n)
    actor.send({ type: 'list.filter', filter: { field: 'field1' } })
    expect(lastQuery()).toEqual({ search: '', field: 'field1', page: 1, size: 10 })
    expect(urls.at(-1)).toBe('?field=field1')
    expect(view().exportFilter).toEqual({ search: '', field: 'field1' })
  })

  it('searches after a pause; the export takes the applied search, not the typing', () => {
    const { actor, answer, view, clock, urls } = start('?field=field1')
    answer()
    actor.send({ type: 'list.search', value: 'cam' })
    expect(view()).toMatchObject({ isSearchPending: true, exportFilter: { search: '', field: 'field1' } })
    clock.increment(CRM_SEARCH_DEBOUNCE_MS - 1)
    expect(urls).toEqual([])
    clock.increment(1)
    expect(urls).toEqual(['?search=cam&field=field1'])
    expect(view().exportFilter).toEqual({ search: 'cam', field: 'field1' })
  })

  it('clears the search and the field at once, keeping the page size', () => {
    const { actor, answer, view, urls, lastQuery } = start('?search=zzz&field=field1&size=25')
    answer(EMPTY)
    expect(view()).toMatchObject({ isNoResult: true, isEmpty: false })
    actor.send({ type: 'list.clear' })
    expect(urls).toEqual(['?size=25'])
    expect(lastQuery()).toEqual({ search: '', field: '', page: 1, size: 25 })
    expect(view().searchInput).toBe('')
  })

  it('asks again on list.reload (the form was saved), and retries a failure', () => {
    const { actor, answer, view, calls } = start()
    answer()
    actor.send({ type: 'list.reload' })
    expect(calls).toHaveLength(2)
    actor.send({ type: 'xstate.error.actor.loadPage', error: new ApiError(0, 'NETWORK_ERROR', 'x') } as never)
    expect(view()).toMatchObject({ isFailed: true, error: 'crm.list.error', rows: [] })
    actor.send({ type: 'list.retry' })
    expect(calls).toHaveLength(3)
  })
})
