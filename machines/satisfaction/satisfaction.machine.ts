// Satisfaction (/pages/satisfaction, issue 6): each store's average and distribution, the franchise's
// total, and the latest opinions. A store filter narrows the latest opinions to one store (and
// highlights it); the averages stay on screen while they reload. A failure shows the error with a
// retry; an answer to a replaced request never lands (leaving `loading` stops its call).
import { assign, fromPromise, setup } from 'xstate'
import type { Satisfaction } from '../../src/domain/opinions'
import { loadSatisfaction } from './satisfaction.actors'

export type LoadSatisfactionInput = { storeId: string | null }

export type SatisfactionContext = {
  /** The store the latest opinions are narrowed to; null: all the caller's stores. */
  storeId: string | null
  summary: Satisfaction | null
  /** A message id, set when the last load failed. */
  error: string | null
}

export type SatisfactionEvent =
  | { type: 'satisfaction.filter'; storeId: string | null }
  | { type: 'satisfaction.retry' }

export const satisfactionMachine = setup({
  types: {
    context: {} as SatisfactionContext,
    events: {} as SatisfactionEvent,
    input: {} as { storeId?: string | null } | undefined,
  },
  actors: {
    loadSatisfaction,
  },
  guards: {
    isOtherStore: ({ context, event }) =>
      event.type === 'satisfaction.filter' && event.storeId !== context.storeId,
  },
  actions: {
    setStore: assign({
      storeId: ({ event }) => (event.type === 'satisfaction.filter' ? event.storeId : null),
    }),
  },
}).createMachine({
  id: 'satisfaction',
  context: ({ input }) => ({ storeId: input?.storeId ?? null, summary: null, error: null }),
  initial: 'loading',
  on: {
    'satisfaction.filter': { guard: 'isOtherStore', target: '.loading', actions: 'setStore' },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadSatisfaction',
        src: 'loadSatisfaction',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: { target: 'ready', actions: assign({ summary: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              (event.error as { status?: number } | undefined)?.status === 404
                ? 'pages.satisfaction.errors.storeNotFound'
                : 'pages.satisfaction.errors.load',
          }),
        },
      },
    },
    ready: {},
    failed: { on: { 'satisfaction.retry': 'loading' } },
  },
})
