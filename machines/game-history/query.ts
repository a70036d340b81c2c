// The game history's query as it lives in the address (/pages/games/history?page=2&size=20); values
// equal to the defaults are left out, anything malformed reads as its default. Pure.
import { GAME_PAGE_SIZES } from '../../src/domain/games'
import { locationOf, paramsOf, readPage, readPageSize } from '../paged-list/paged-list'

export type GamePageSize = (typeof GAME_PAGE_SIZES)[number]
export type GameHistoryQuery = { page: number; size: GamePageSize }
export const DEFAULT_GAME_QUERY: GameHistoryQuery = { page: 1, size: 10 }

export function parseGameQuery(location: string): GameHistoryQuery {
  const p = paramsOf(location)
  return {
    page: readPage(p, DEFAULT_GAME_QUERY.page),
    size: readPageSize(p, 'size', GAME_PAGE_SIZES, DEFAULT_GAME_QUERY.size),
  }
}

export function serializeGameQuery(q: GameHistoryQuery): string {
  const p = new URLSearchParams()
  if (q.page !== DEFAULT_GAME_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_GAME_QUERY.size) p.set('size', String(q.size))
  return locationOf(p)
}

export const isSameGameQuery = (a: GameHistoryQuery, b: GameHistoryQuery) =>
  serializeGameQuery(a) === serializeGameQuery(b)
