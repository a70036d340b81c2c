import type { SnapshotFrom } from 'xstate'
import { GAME_PAGE_SIZES } from '../../src/domain/games'
import { pageCount } from '../paged-list/paged-list'
import type { gameHistoryMachine } from './game-history.machine'

/** What the history page renders. */
export function toGameHistoryView(s: SnapshotFrom<typeof gameHistoryMachine>) {
  const { query, rows, total } = s.context
  return {
    query,
    rows,
    total,
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    isEmpty: s.matches('ready') && total === 0,
    pageCount: pageCount(total, query.size),
    pageSizes: GAME_PAGE_SIZES,
  }
}
export type GameHistoryView = ReturnType<typeof toGameHistoryView>
