import type { SnapshotFrom } from 'xstate'
import type { campaignHistoryMachine } from './campaign-history.machine'
import { DEFAULT_HISTORY_QUERY, HISTORY_PAGE_SIZES, historyPageCount, isSameHistoryQuery } from './query'

/** What the history page renders. */
export function toCampaignHistoryView(s: SnapshotFrom<typeof campaignHistoryMachine>) {
  const { query, rows, total, errorCode } = s.context
  const isReady = s.matches('ready')
  const isFiltered = !isSameHistoryQuery(
    { ...query, page: 1, size: DEFAULT_HISTORY_QUERY.size },
    DEFAULT_HISTORY_QUERY,
  )
  return {
    query,
    rows,
    total,
    isLoading: s.matches('loading'),
    isFailed: s.matches('failed'),
    errorCode: s.matches('failed') ? errorCode : null,
    /** The period ends before it starts. */
    isPeriodInverted: s.matches('invertedPeriod'),
    /** No campaign at all yet. */
    isEmpty: isReady && total === 0 && !isFiltered,
    /** None for these filters. */
    isNoResult: (isReady && total === 0 && isFiltered) || s.matches('invertedPeriod'),
    isFiltered,
    pageCount: historyPageCount(total, query.size),
    pageSizes: HISTORY_PAGE_SIZES,
  }
}
export type CampaignHistoryView = ReturnType<typeof toCampaignHistoryView>
