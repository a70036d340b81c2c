// The game history (machines/game-history): the paged lists' rules (address, latest answer, last page)
// and §4/§8: a failed games fetch empties the list and says 'Error fetching games', with a retry.
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import {
  DEFAULT_GAME_QUERY,
  gameHistoryMachine,
  type ListGamesInput,
  parseGameQuery,
  serializeGameQuery,
  toGameHistoryView,
} from '../../machines/game-history'
import { ApiError } from '../../src/api/client'
import { GAME_PAGE_SIZES, type GameSummary } from '../../src/domain/games'
import { expectEveryStateReached } from '../support/model'
import {
  answerLatest,
  type Call,
  expectListCalls,
  listAnswers,
  listPaths,
  recording,
  replayFollowingAddress,
} from './paged-list-support'

const input = { location: '' }
const GAME: GameSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Roue de Noël',
  type: 'WHEEL',
  action: 'GOOGLE',
  status: 'ACTIVE',
  startDate: '2026-12-01',
  endDate: null,
  participants: 12,
  rewardsGiven: 7,
  dateCreated: '2026-11-20T10:00:00.000Z',
}
const PAGE = { data: [GAME], metadata: { page: 1, size: 10, total: 1 } }
const EMPTY = { data: [], metadata: { page: 1, size: 10, total: 0 } }
const FAR = { data: [], metadata: { page: 9, size: 10, total: 25 } }

type Effects = { urls: string[]; calls: Call[]; notified: number }
function harness(effects: Effects) {
  return gameHistoryMachine.provide({
    actors: {
      listGames: recording('listGames', effects.calls) as never,
      watchLocation: fromCallback(() => () => {}),
    },
    actions: {
      writeUrl: (_, p: { search: string }) => effects.urls.push(p.search),
      notifyFailed: () => {
        effects.notified++
      },
    },
  })
}
const effects = (): Effects => ({ urls: [], calls: [], notified: 0 })

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
const events = (state: any) => {
  const id: number = state.context.requestId
  return [
    { type: 'query.change', location: '?page=3' },
    { type: 'games.page', page: 2 },
    { type: 'games.size', size: 20 },
    { type: 'games.retry' },
    ...listAnswers('listGames', id, {
      page: PAGE,
      empty: EMPTY,
      error: new ApiError(500, 'INTERNAL_ERROR', 'x'),
    }),
    { type: 'xstate.done.actor.listGames', output: { requestId: id, page: FAR } },
  ]
}

describe('game history query (pure)', () => {
  it('reads defaults for malformed values and round-trips through the address', () => {
    expect(parseGameQuery('?page=x&size=7')).toEqual(DEFAULT_GAME_QUERY)
    expect(parseGameQuery(serializeGameQuery({ page: 3, size: 20 }))).toEqual({ page: 3, size: 20 })
    expect(serializeGameQuery(DEFAULT_GAME_QUERY)).toBe('')
  })
})

describe('game history machine', () => {
  const paths = listPaths(gameHistoryMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(gameHistoryMachine, paths)
  })

  it('replays every path: the address holds the query, each call is the latest, a failure shows no rows', () => {
    for (const path of paths) {
      const e = effects()
      const actor = createActor(harness(e), { input }).start()
      const snapshot = replayFollowingAddress(path, actor, {
        urls: e.urls,
        location: '',
        parse: parseGameQuery,
      })
      expectListCalls(
        e.calls.map((c) => c.input as ListGamesInput),
        GAME_PAGE_SIZES,
      )
      const view = toGameHistoryView(snapshot)
      if (view.isFailed) expect([view.rows, view.total]).toEqual([[], 0])
      if (view.isEmpty) expect(view.rows).toEqual([])
    }
  })

  it('shows the rows, pages through the address, empties the list and notifies on a failure', () => {
    const e = effects()
    const actor = createActor(harness(e), { input }).start()
    answerLatest(actor, 'listGames', PAGE)
    expect(toGameHistoryView(actor.getSnapshot())).toMatchObject({ rows: [GAME], total: 1, isLoading: false })
    actor.send({ type: 'games.size', size: 20 })
    expect(e.urls.at(-1)).toBe('?size=20')
    actor.send({ type: 'xstate.error.actor.listGames', error: new ApiError(503, 'X', 'x') } as never)
    expect(toGameHistoryView(actor.getSnapshot())).toMatchObject({ isFailed: true, rows: [], total: 0 })
    expect(e.notified).toBe(1)
    actor.send({ type: 'games.retry' })
    expect(e.calls).toHaveLength(3)
  })
})
