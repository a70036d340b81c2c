// The messages-list (issue 19 "Messages sent"), one list of createListMachine: model-based paths over
// the list, its filters and the search box, each checked against the paged lists' reference model (the
// calls with their queries, the addresses written, the view), plus the list's own rules one by one.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import {
  DEFAULT_MESSAGES_QUERY,
  type ListMessagesInput,
  MESSAGES_SEARCH_DEBOUNCE_MS,
  messagesList,
  messagesListMachine,
  parseMessagesQuery,
  serializeMessagesQuery,
  toMessagesView,
} from '../../machines/messages-list'
import { ApiError } from '../../src/api/client'
import type { MessagePage, MessageRow } from '../../src/domain/messages'
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
const CAMPAIGN = '22222222-2222-4222-8222-222222222222'
const input = { location: '', params: { franchiseId: FRANCHISE } }
const ROW: MessageRow = {
  id: '33333333-3333-4333-8333-333333333333',
  channel: 'sms',
  recipient: '+33612345678',
  subject: 'DUPONT',
  body: 'Soldes -20%\nSTOP SMS: repondez STOP',
  origin: 'campaign',
  campaign: { id: CAMPAIGN, name: 'Soldes' },
  status: 'DELIVERED_LOCALLY',
  createdAt: '2026-11-24T09:00:00.000Z',
}
const campaigns = [{ id: CAMPAIGN, name: 'Soldes' }]
const PAGE: MessagePage = { data: [ROW], metadata: { page: 1, size: 20, total: 1 }, campaigns }
const EMPTY: MessagePage = { data: [], metadata: { page: 1, size: 20, total: 0 }, campaigns }
const AFTER = searchDebounced('messagesList')

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const events = (state: any) => [
  { type: 'query.change', location: `?channel=sms&campaign=${CAMPAIGN}&page=2` },
  { type: 'list.search', value: '0612' },
  { type: 'list.searchNow' },
  { type: AFTER },
  { type: 'list.page', page: 2 },
  { type: 'list.size', size: 50 },
  { type: 'list.filter', filter: { channel: 'push' } },
  { type: 'list.filter', filter: { channel: null } },
  { type: 'list.filter', filter: { campaignId: CAMPAIGN } },
  { type: 'list.clear' },
  { type: 'list.retry' },
  ...loadAnswers(state.context.requestId, {
    page: PAGE,
    empty: EMPTY,
    error: new ApiError(500, 'INTERNAL_ERROR', 'down'),
  }),
]

describe('messages query (pure)', () => {
  it('reads defaults for missing or malformed values and round-trips through the address', () => {
    expect(parseMessagesQuery('')).toEqual(DEFAULT_MESSAGES_QUERY)
    expect(parseMessagesQuery('?channel=email&campaign=nope&page=0&size=7')).toEqual(DEFAULT_MESSAGES_QUERY)
    const q = { search: '0612', channel: 'push' as const, campaignId: CAMPAIGN, page: 3, size: 50 as const }
    expect(serializeMessagesQuery(q)).toBe(`?channel=push&campaign=${CAMPAIGN}&search=0612&page=3&size=50`)
    expect(parseMessagesQuery(serializeMessagesQuery(q))).toEqual(q)
    expect(serializeMessagesQuery(DEFAULT_MESSAGES_QUERY)).toBe('')
  })
})

describe('messages-list machine', () => {
  const generated = listPaths(messagesListMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(messagesListMachine, generated)
  })

  it('replays every path: the calls, the address and the view are what the rules say', () => {
    expect(generated.length).toBeGreaterThan(20)
    checkEachPath(generated, (_, path) => {
      const snapshot = expectListPath(messagesList as never, messagesListMachine, input, path)
      // The campaign filter offers the latest answer's campaigns, none before an answer.
      const answered = path.some((e) => e.type === 'xstate.done.actor.loadPage')
      if (!answered) expect(toMessagesView(snapshot).campaigns).toEqual([])
    })
  }, 60_000)

  const start = (location = '') => {
    const urls: string[] = []
    const calls: Call[] = []
    const clock = new SimulatedClock()
    const machine = messagesListMachine.provide({
      actors: {
        loadPage: recording('loadPage', calls) as never,
        watchLocation: fromCallback(() => () => {}),
      },
      actions: { writeUrl: (_, p: { search: string }) => urls.push(p.search) },
    })
    const actor = createActor(machine, { input: { ...input, location }, clock }).start()
    const answer = (page: MessagePage = PAGE) => answerLatest(actor, 'loadPage', page)
    return { actor, effects: { urls, calls }, clock, answer, view: () => toMessagesView(actor.getSnapshot()) }
  }
  type Effects = ReturnType<typeof start>['effects']
  const lastQuery = (effects: Effects) => (effects.calls.at(-1)!.input as ListMessagesInput).query

  it('opens on the address’s filters; a filter goes back to the first page and into the address', () => {
    const { actor, effects, answer } = start(`?channel=sms&campaign=${CAMPAIGN}&page=2`)
    expect(lastQuery(effects)).toEqual({
      page: 2,
      size: 20,
      search: '',
      channel: 'sms',
      campaignId: CAMPAIGN,
    })
    answer()
    actor.send({ type: 'list.filter', filter: { channel: 'push' } })
    expect(effects.urls.at(-1)).toBe(`?channel=push&campaign=${CAMPAIGN}`)
    answer()
    actor.send({ type: 'list.filter', filter: { campaignId: null } })
    expect(effects.urls.at(-1)).toBe('?channel=push')
    expect(lastQuery(effects)).toMatchObject({ page: 1, channel: 'push', campaignId: null })
  })

  it('only filters by a campaign the list offers, and by a known channel', () => {
    const { actor, effects, answer } = start()
    answer()
    const n = effects.calls.length
    actor.send({ type: 'list.filter', filter: { campaignId: '44444444-4444-4444-8444-444444444444' } })
    actor.send({ type: 'list.filter', filter: { channel: 'email' as never } })
    expect(effects.calls).toHaveLength(n)
    actor.send({ type: 'list.filter', filter: { campaignId: CAMPAIGN } })
    expect(lastQuery(effects).campaignId).toBe(CAMPAIGN)
  })

  it('searches a recipient after a pause; clearing the filters drops a pending search too', () => {
    const { actor, effects, answer, clock } = start('?channel=sms')
    answer()
    actor.send({ type: 'list.search', value: '061' })
    clock.increment(MESSAGES_SEARCH_DEBOUNCE_MS - 1)
    expect(effects.urls).toEqual([])
    clock.increment(1)
    expect(effects.urls.at(-1)).toBe('?channel=sms&search=061')
    answer()
    actor.send({ type: 'list.search', value: '0612' })
    actor.send({ type: 'list.clear' })
    expect(effects.urls.at(-1)).toBe('')
    clock.increment(MESSAGES_SEARCH_DEBOUNCE_MS)
    expect(effects.urls.at(-1)).toBe('')
    expect(actor.getSnapshot().context.searchInput).toBe('')
  })

  it('tells "nothing sent yet" from "nothing for these filters", and retries a failure', () => {
    const { actor, answer, view } = start()
    actor.send({
      type: 'xstate.error.actor.loadPage',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(view()).toMatchObject({ isFailed: true, error: 'messages.errors.load' })
    actor.send({ type: 'list.retry' })
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: true, isNoResult: false, campaigns })
    actor.send({ type: 'list.filter', filter: { channel: 'push' } })
    answer(EMPTY)
    expect(view()).toMatchObject({ isEmpty: false, isNoResult: true })
  })

  it('ignores a late answer and shows the last page when the address is past it', () => {
    const { actor, effects, answer, view } = start('?page=5')
    const late = effects.calls.length
    actor.send({ type: 'query.change', location: '?channel=sms&page=6' })
    actor.send({ type: 'xstate.done.actor.loadPage', output: { requestId: late, page: PAGE } } as never)
    expect(view().rows).toEqual([])
    answer({ ...EMPTY, metadata: { page: 5, size: 20, total: 30 } })
    expect(effects.urls.at(-1)).toBe('?channel=sms&page=2')
  })
})
