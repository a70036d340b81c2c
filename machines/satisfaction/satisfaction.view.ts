import type { SnapshotFrom } from 'xstate'
import { RATINGS, share } from '../../src/domain/opinions'
import type { satisfactionMachine } from './satisfaction.machine'

/** What the satisfaction page renders. */
export function toSatisfactionView(s: SnapshotFrom<typeof satisfactionMachine>) {
  const { summary, storeId, error } = s.context
  const isLoading = s.matches('loading')
  const isFailed = s.matches('failed')
  const stores = summary?.stores ?? []
  return {
    storeId,
    stores,
    total: summary?.total ?? null,
    recent: summary?.recent ?? [],
    error: isFailed ? error : null,
    isFailed,
    /** Nothing to show yet: skeletons. */
    isLoading: isLoading && !summary,
    /** Earlier figures on screen while the new ones come. */
    isRefreshing: isLoading && summary !== null,
    /** The caller has no store at all. */
    hasNoStore: s.matches('ready') && stores.length === 0,
    /** Stores, but not a single opinion yet: "no opinion yet". */
    hasNoOpinion: s.matches('ready') && stores.length > 0 && (summary?.total.count ?? 0) === 0,
    /** The bars of a distribution, 5 stars first, with their share of the whole (0–100). */
    bars: (d: Record<1 | 2 | 3 | 4 | 5, number>, count: number) =>
      [...RATINGS].reverse().map((rating) => ({ rating, n: d[rating], percent: share(d[rating], count) })),
  }
}
export type SatisfactionView = ReturnType<typeof toSatisfactionView>
