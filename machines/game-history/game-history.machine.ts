// The game history (/pages/games/history; SPEC §2, §3 Game list, §8 'Error fetching games'; issue 22):
// a paged list (machines/paged-list) whose page and size live in the address; only the latest answer
// is applied, a page past the end shows the last page, and a failed fetch empties the list and offers
// a retry.
import { assign, fromCallback, setup } from 'xstate'
import { GAME_PAGE_SIZES, type GameSummary } from '../../src/domain/games'
import {
  isOneOf,
  isOtherPage,
  type ListAnswer,
  type Page,
  type QueryChangeEvent,
} from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import { listGames } from './game-history.actors'
import { type GameHistoryQuery, isSameGameQuery, parseGameQuery, serializeGameQuery } from './query'

export type GameHistoryInput = { location: string }
export type ListGamesInput = { query: GameHistoryQuery; requestId: number }
export type ListGamesOutput = ListAnswer<Page<GameSummary>>

export type GameHistoryContext = {
  query: GameHistoryQuery
  /** The paged lists' search box: this list has none. */
  searchInput: string
  requestId: number
  rows: GameSummary[]
  total: number
}

export type GameHistoryEvent =
  | QueryChangeEvent
  | { type: 'query.searchApplied' }
  | { type: 'games.page'; page: number }
  | { type: 'games.size'; size: number }
  | { type: 'games.retry' }

const list = pagedList<GameHistoryContext, GameHistoryEvent>({
  parse: parseGameQuery,
  serialize: serializeGameQuery,
  isSame: isSameGameQuery,
  searchOf: () => '',
  withSearch: (q) => q,
  sizeOf: (q) => q.size,
})
const { writeUrl } = list
const outputOf = <T>(event: unknown) => (event as { output: T }).output

export const gameHistoryMachine = setup({
  types: {
    input: {} as GameHistoryInput,
    context: {} as GameHistoryContext,
    events: {} as GameHistoryEvent,
  },
  actors: {
    // The real call (src/api); tests and stories provide a fake.
    listGames,
    watchLocation: fromCallback(() => () => {}),
  },
  guards: {
    ...list.guards,
    isOtherPage: ({ context, event }) =>
      event.type === 'games.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'games.size' &&
      isOneOf(GAME_PAGE_SIZES, event.size) &&
      event.size !== context.query.size,
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    /** Provided by the app: §8 'Error fetching games'. */
    notifyFailed: () => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    goToPage: assign(({ context, event }) =>
      event.type === 'games.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'games.size' && isOneOf(GAME_PAGE_SIZES, event.size)
        ? { query: { ...context.query, size: event.size, page: 1 } }
        : {},
    ),
    setPage: assign(({ event }) => {
      const { page } = outputOf<ListGamesOutput>(event)
      return { rows: [...page.data], total: page.metadata.total }
    }),
    /** §4: a failed games fetch empties the list. */
    emptyList: assign({ rows: [], total: 0 }),
  },
}).createMachine({
  id: 'gameHistory',
  context: ({ input }) => ({ ...list.fromLocation(input.location), rows: [], total: 0 }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  initial: 'loading',
  on: {
    ...list.followQuery,
    'games.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', writeUrl] },
    'games.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', writeUrl] },
  },
  states: {
    loading: {
      entry: 'nextRequest',
      invoke: {
        id: 'listGames',
        src: 'listGames',
        input: ({ context }) => ({ query: context.query, requestId: context.requestId }),
        onDone: list.onAnswer,
        onError: { target: 'failed', actions: ['emptyList', 'notifyFailed'] },
      },
    },
    ready: {},
    failed: { on: { 'games.retry': 'loading' } },
  },
})
