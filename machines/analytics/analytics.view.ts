import type { SnapshotFrom } from 'xstate'
import { PERIODS } from '../../src/domain/analytics'
import type { analyticsMachine } from './analytics.machine'
import { type CardData, type CardId, isEmptyCard } from './cards'

export type CardStatus = 'loading' | 'ready' | 'empty' | 'failed' | 'needsStore'
export type CardView<C extends CardId = CardId> = {
  id: C
  status: CardStatus
  data: CardData[C] | null
  error: string | null
}

/** What the dashboard renders: the filters and, per shown card, its status and data. */
export function toAnalyticsView(s: SnapshotFrom<typeof analyticsMachine>) {
  const { context } = s
  const value = (s.value as { dashboard: Record<CardId, string> }).dashboard
  const card = <C extends CardId>(id: C): CardView<C> => {
    const state = value[id]
    const data = (context.data[id] as CardData[C] | undefined) ?? null
    const status: CardStatus =
      state === 'ready'
        ? data && isEmptyCard(id, data)
          ? 'empty'
          : 'ready'
        : state === 'failed'
          ? 'failed'
          : state === 'needsStore'
            ? 'needsStore'
            : 'loading'
    return {
      id,
      status,
      data: state === 'ready' ? data : null,
      error: state === 'failed' ? (context.errors[id] ?? null) : null,
    }
  }
  return {
    stores: context.stores,
    storeId: context.storeId,
    period: context.period,
    periods: PERIODS,
    /** The store filter is offered when there is more than one store to choose from. */
    canChooseStore: context.stores.length > 1,
    cards: context.cards.map((id) => card(id)),
    card,
    /** Any card still loading (the page announces it politely). */
    isLoading: context.cards.some((id) => value[id] === 'loading'),
  }
}
export type AnalyticsView = ReturnType<typeof toAnalyticsView>
