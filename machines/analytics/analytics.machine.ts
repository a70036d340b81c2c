// The analytics dashboard (/pages/dashboards/analytics and the demo pages; SPEC §2, issue 8). The
// machine holds the filters (store, period) and loads every card in parallel: each card is a region
// with its own loading, error and retry, so a slow or failing call never holds the others. Changing
// a filter re-enters every region, which stops the calls in flight (their answers would be stale) and
// starts them again with the new filter.
import { assign, type StateNodeConfig, setup } from 'xstate'
import { addDays, PERIODS, type PeriodDays } from '../../src/domain/analytics'
import { analyticsActors } from './analytics.actors'
import {
  ANALYTICS_CARDS,
  CARD_ACTORS,
  type CardData,
  type CardId,
  type CardInput,
  STORE_CARDS,
} from './cards'

export type AnalyticsInput = {
  franchiseId: string
  /** The stores the user may filter on (a store owner's own). */
  stores: readonly { id: string; name: string }[]
  /** The franchise's today ('YYYY-MM-DD'): the period ends there. */
  today: string
  /** The cards this screen shows (the demo pages show part of them). */
  cards: readonly CardId[]
  /** The store to start on (the top bar's, or a single-store owner's); the whole franchise without. */
  storeId?: string | null
}

export type AnalyticsContext = {
  franchiseId: string
  stores: readonly { id: string; name: string }[]
  today: string
  cards: readonly CardId[]
  storeId: string | null
  period: PeriodDays
  data: Partial<CardData>
  errors: Partial<Record<CardId, string>>
}

export type AnalyticsEvent =
  | { type: 'filters.store'; storeId: string | null }
  | { type: 'filters.period'; days: number }
  | { type: 'card.retry'; card: CardId }

export const DEFAULT_PERIOD: PeriodDays = 30

/**
 * The store a store card (frequency, returns) reads: the chosen one, or the only one of a
 * single-store franchise (which has no store filter to choose with).
 */
export const cardStore = (c: AnalyticsContext): string | null =>
  c.storeId ?? (c.stores.length === 1 ? c.stores[0]!.id : null)

/** What every card call gets from the filters; a store card gets its store. */
export const cardInput = (c: AnalyticsContext, card?: CardId): CardInput => ({
  franchiseId: c.franchiseId,
  storeId: card && STORE_CARDS.includes(card) ? cardStore(c) : c.storeId,
  startDate: addDays(c.today, 1 - c.period),
  endDate: c.today,
})

/** The store the dashboard starts on: the top bar's when it is one of the filter's, else a single-store owner's. */
export function topBarStore(
  currentStoreId: string | undefined,
  stores: readonly { id: string }[],
  role: string | null | undefined,
): string | null {
  if (currentStoreId && stores.some((s) => s.id === currentStoreId)) return currentStoreId
  return role === 'STORE_OWNER' && stores.length === 1 ? stores[0]!.id : null
}

/** One card's region: hidden on screens without it, waiting for a store, or loading → ready | failed. */
function cardRegion(
  card: CardId,
): StateNodeConfig<AnalyticsContext, AnalyticsEvent, never, never, never, never, never, never, never, never> {
  const actor = CARD_ACTORS[card]
  return {
    initial: 'choosing',
    states: {
      // Decides on entry (and on every filter change) what the card does.
      choosing: {
        always: [
          { guard: { type: 'isHidden', params: { card } }, target: 'hidden' },
          ...(STORE_CARDS.includes(card)
            ? [{ guard: { type: 'needsStore', params: { card } }, target: 'needsStore' }]
            : []),
          { target: 'loading' },
        ],
      },
      hidden: {},
      // Frequency and returns are a store's figures: without a store the card asks to choose one.
      ...(STORE_CARDS.includes(card) ? { needsStore: {} } : {}),
      loading: {
        invoke: {
          id: actor,
          src: actor,
          input: ({ context }: { context: AnalyticsContext }) => cardInput(context, card),
          onDone: { target: 'ready', actions: { type: 'setData', params: { card } } },
          onError: { target: 'failed', actions: { type: 'setError', params: { card } } },
        },
      },
      ready: {},
      failed: {
        on: { 'card.retry': { guard: { type: 'isCard', params: { card } }, target: 'loading' } },
      },
    },
  } as never
}

export const analyticsMachine = setup({
  types: {
    input: {} as AnalyticsInput,
    context: {} as AnalyticsContext,
    events: {} as AnalyticsEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: analyticsActors,
  actions: {
    setStore: assign({
      storeId: ({ event }) => (event.type === 'filters.store' ? event.storeId : null),
    }),
    setPeriod: assign({
      period: ({ context, event }) =>
        event.type === 'filters.period' ? (event.days as PeriodDays) : context.period,
    }),
    setData: assign(({ context, event }, p: { card: CardId }) => {
      const errors = { ...context.errors }
      delete errors[p.card]
      return { data: { ...context.data, [p.card]: (event as unknown as { output: unknown }).output }, errors }
    }),
    // §8 "error loading data": the card keeps no stale figures beside its error.
    setError: assign(({ context }, p: { card: CardId }) => {
      const data = { ...context.data }
      delete data[p.card]
      return { data, errors: { ...context.errors, [p.card]: 'analytics.errors.load' } }
    }),
  },
  guards: {
    isHidden: ({ context }, p: { card: CardId }) => !context.cards.includes(p.card),
    needsStore: ({ context }, p: { card: CardId }) =>
      STORE_CARDS.includes(p.card) && cardStore(context) === null,
    isCard: ({ event }, p: { card: CardId }) => event.type === 'card.retry' && event.card === p.card,
    isOtherStore: ({ context, event }) =>
      event.type === 'filters.store' &&
      event.storeId !== context.storeId &&
      (event.storeId === null || context.stores.some((s) => s.id === event.storeId)),
    isOtherPeriod: ({ context, event }) =>
      event.type === 'filters.period' &&
      (PERIODS as readonly number[]).includes(event.days) &&
      event.days !== context.period,
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    stores: input.stores,
    today: input.today,
    cards: input.cards,
    storeId:
      input.storeId !== undefined && input.stores.some((s) => s.id === input.storeId) ? input.storeId : null,
    period: DEFAULT_PERIOD,
    data: {},
    errors: {},
  }),
  initial: 'dashboard',
  states: {
    dashboard: {
      type: 'parallel',
      on: {
        'filters.store': { guard: 'isOtherStore', actions: 'setStore', target: 'dashboard', reenter: true },
        'filters.period': {
          guard: 'isOtherPeriod',
          actions: 'setPeriod',
          target: 'dashboard',
          reenter: true,
        },
      },
      states: Object.fromEntries(ANALYTICS_CARDS.map((card) => [card, cardRegion(card)])),
    },
  },
})
