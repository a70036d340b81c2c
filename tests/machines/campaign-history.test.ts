// The campaign history (machines/campaign-history): the paged lists' rules (address, latest answer, last
// page, failure and retry) with its own filters (status, channel, period).
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  campaignHistoryMachine,
  DEFAULT_HISTORY_QUERY,
  HISTORY_PAGE_SIZES,
  type ListCampaignsInput,
  parseHistoryQuery,
  serializeHistoryQuery,
  toCampaignHistoryView,
} from '../../machines/campaign-history'
import { ApiError } from '../../src/api/client'
import { FRANCHISE, row, SCHEDULED, SENT } from '../support/campaign-screens'
import { expectEveryStateReached } from '../support/model'
import {
  type Answers,
  answerLatest,
  type Call,
  expectListCalls,
  listAnswers,
  listPaths,
  recording,
  replayFollowingAddress,
} from './paged-list-support'

const input = { franchiseId: FRANCHISE, location: '' }
const ROWS = [row(SCHEDULED, { id: '66666666-6666-4666-8666-666666666666' }), row(SENT)]
const PAGE = { data: ROWS, metadata: { total: 2 } }
const EMPTY = { data: [], metadata: { total: 0 } }
const FAR = { data: [], metadata: { total: 25 } }

type Effects = { urls: string[]; calls: Call[] }
function harness(effects: Effects, answers: Answers = {}) {
  return campaignHistoryMachine.provide({
    actors: {
      listCampaigns: recording('listCampaigns', effects.calls, answers.listCampaigns) as never,
      watchLocation: fromCallback(() => () => {}),
    },
    actions: { writeUrl: (_, p: { search: string }) => effects.urls.push(p.search) },
  })
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const events = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'query.change', location: '?status=scheduled&page=3' },
    { type: 'history.filter', field: 'status', value: 'scheduled' },
    { type: 'history.filter', field: 'channel', value: 'SMS' },
    { type: 'history.filter', field: 'from', value: '2026-11-30' },
    { type: 'history.filter', field: 'to', value: '2026-11-01' },
    { type: 'history.page', page: 2 },
    { type: 'history.size', size: 20 },
    { type: 'history.reset' },
    { type: 'history.retry' },
    ...listAnswers('listCampaigns', id, {
      page: PAGE,
      empty: EMPTY,
      error: new ApiError(500, 'INTERNAL_ERROR', 'x'),
    }),
    { type: 'xstate.done.actor.listCampaigns', output: { requestId: id, page: FAR } },
  ]
}

describe('campaign history query (pure)', () => {
  it('reads defaults for missing or malformed values and round-trips through the address', () => {
    expect(parseHistoryQuery('')).toEqual(DEFAULT_HISTORY_QUERY)
    expect(parseHistoryQuery('?status=lost&channel=FAX&from=2026-13-40&size=7')).toEqual(
      DEFAULT_HISTORY_QUERY,
    )
    const q = {
      page: 2,
      size: 20 as const,
      status: 'in progress' as const,
      channel: 'SMS' as const,
      from: '2026-11-01',
      to: '2026-11-30',
    }
    expect(parseHistoryQuery(serializeHistoryQuery(q))).toEqual(q)
    expect(serializeHistoryQuery(DEFAULT_HISTORY_QUERY)).toBe('')
  })
})

describe('campaign history machine', () => {
  const paths = listPaths(campaignHistoryMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(campaignHistoryMachine, paths)
  })

  it('replays every path: the address holds the query, each call is the latest, an inverted period asks nothing', () => {
    expect(paths.length).toBeGreaterThan(30)
    for (const path of paths) {
      const effects: Effects = { urls: [], calls: [] }
      const actor = createActor(harness(effects), { input }).start()
      const snapshot = replayFollowingAddress(path, actor, {
        urls: effects.urls,
        location: input.location,
        parse: parseHistoryQuery,
      })
      const lists = effects.calls.map((c) => c.input as ListCampaignsInput)
      expectListCalls(lists, HISTORY_PAGE_SIZES)
      for (const l of lists) {
        expect(l.franchiseId).toBe(FRANCHISE)
        if (l.query.from && l.query.to) expect(l.query.from <= l.query.to).toBe(true)
      }
      const view = toCampaignHistoryView(snapshot)
      if (view.isFailed) expect(view.rows).toEqual([])
      if (view.isPeriodInverted) expect(view).toMatchObject({ rows: [], isNoResult: true, isLoading: false })
      if (view.isEmpty) expect(view.isFiltered).toBe(false)
    }
  }, 30_000)

  it('filters from the first page, writes the address, and shows the rows of the latest answer', () => {
    const effects: Effects = { urls: [], calls: [] }
    const actor = createActor(harness(effects), { input: { ...input, location: '?page=2' } }).start()
    answerLatest(actor, 'listCampaigns', PAGE)
    actor.send({ type: 'history.filter', field: 'status', value: 'scheduled' })
    expect(effects.urls.at(-1)).toBe('?status=scheduled')
    actor.send({ type: 'history.filter', field: 'channel', value: 'SMS' })
    expect((effects.calls.at(-1)!.input as ListCampaignsInput).query).toMatchObject({
      page: 1,
      status: 'scheduled',
      channel: 'SMS',
    })
    actor.send({ type: 'xstate.done.actor.listCampaigns', output: { requestId: 2, page: EMPTY } } as never)
    expect(toCampaignHistoryView(actor.getSnapshot()).isLoading).toBe(true)
    answerLatest(actor, 'listCampaigns', { data: [ROWS[0]!], metadata: { total: 1 } })
    const view = toCampaignHistoryView(actor.getSnapshot())
    expect(view.rows.map((r) => r.displayStatus)).toEqual(['scheduled'])
    actor.send({ type: 'history.reset' })
    expect(effects.urls.at(-1)).toBe('')
  })

  it('empties the list on a failure and offers a retry', () => {
    const effects: Effects = { urls: [], calls: [] }
    const actor = createActor(harness(effects), { input }).start()
    answerLatest(actor, 'listCampaigns', PAGE)
    actor.send({ type: 'history.page', page: 2 })
    actor.send({ type: 'xstate.error.actor.listCampaigns', error: new ApiError(503, 'X', 'x') } as never)
    expect(toCampaignHistoryView(actor.getSnapshot())).toMatchObject({
      isFailed: true,
      errorCode: 503,
      rows: [],
    })
    actor.send({ type: 'history.retry' })
    expect(effects.calls).toHaveLength(3)
  })
})
