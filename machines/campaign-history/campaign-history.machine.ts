// The campaign history (/pages/campaign/history; SPEC §2, §3 Campaign displayed statuses, §8; issue 19):
// a paged list whose query (page, size, status, channel, period) lives in the address like the client
// list's. The paged lists' parts (machines/paged-list): a `watchLocation` actor turns address changes into
// `query.change`, every change made here is written back (`writeUrl`), only the latest request's answer
// is applied, a page past the end shows the last page, a failure empties the list and offers a retry.
import { assign, fromCallback, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { CampaignHistoryRow } from '../../src/domain/campaign-contract'
import { isOtherPage, type ListAnswer, type Page, type QueryChangeEvent } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import { listCampaigns } from './campaign-history.actors'
import {
  DEFAULT_HISTORY_QUERY,
  type HistoryFilter,
  type HistoryQuery,
  isHistoryPageSize,
  isPeriodInverted,
  isSameHistoryQuery,
  parseHistoryQuery,
  serializeHistoryQuery,
  withFilter,
} from './query'

export type CampaignHistoryInput = { franchiseId: string; location: string }
export type ListCampaignsInput = { franchiseId: string; query: HistoryQuery; requestId: number }
export type ListCampaignsOutput = ListAnswer<Page<CampaignHistoryRow>>

export type CampaignHistoryContext = {
  franchiseId: string
  query: HistoryQuery
  /** The paged lists' search box: this list has none (always empty). */
  searchInput: string
  requestId: number
  rows: CampaignHistoryRow[]
  total: number
  /** The failed load's HTTP status (0: unreachable). */
  errorCode: number | null
}

export type CampaignHistoryEvent =
  | QueryChangeEvent
  | { type: 'query.searchApplied' }
  | { type: 'history.page'; page: number }
  | { type: 'history.size'; size: number }
  | { type: 'history.filter'; field: HistoryFilter; value: string }
  | { type: 'history.reset' }
  | { type: 'history.retry' }

const list = pagedList<CampaignHistoryContext, CampaignHistoryEvent>({
  parse: parseHistoryQuery,
  serialize: serializeHistoryQuery,
  isSame: isSameHistoryQuery,
  searchOf: () => '',
  withSearch: (q) => q,
  sizeOf: (q) => q.size,
})
const { writeUrl } = list
const outputOf = <T>(event: unknown) => (event as { output: T }).output

export const campaignHistoryMachine = setup({
  types: {
    input: {} as CampaignHistoryInput,
    context: {} as CampaignHistoryContext,
    events: {} as CampaignHistoryEvent,
  },
  actors: {
    // The real call (src/api); tests and stories provide a fake.
    listCampaigns,
    // The page provides the address it follows (watchLocationOf the app's location), as every list does.
    watchLocation: fromCallback(() => () => {}),
  },
  guards: {
    ...list.guards,
    isOtherPage: ({ context, event }) =>
      event.type === 'history.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'history.size' && isHistoryPageSize(event.size) && event.size !== context.query.size,
    changesFilter: ({ context, event }) =>
      event.type === 'history.filter' &&
      !isSameHistoryQuery(withFilter(context.query, event.field, event.value), context.query),
    isFiltered: ({ context }) =>
      !isSameHistoryQuery({ ...context.query, page: 1, size: 10 }, DEFAULT_HISTORY_QUERY),
    isPeriodInverted: ({ context }) => isPeriodInverted(context.query),
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    goToPage: assign(({ context, event }) =>
      event.type === 'history.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'history.size' && isHistoryPageSize(event.size)
        ? { query: { ...context.query, size: event.size, page: 1 } }
        : {},
    ),
    setFilter: assign(({ context, event }) =>
      event.type === 'history.filter' ? { query: withFilter(context.query, event.field, event.value) } : {},
    ),
    resetFilters: assign(({ context }) => ({
      query: { ...DEFAULT_HISTORY_QUERY, size: context.query.size },
    })),
    setPage: assign(({ event }) => {
      const { page } = outputOf<ListCampaignsOutput>(event)
      return { rows: [...page.data], total: page.metadata.total, errorCode: null }
    }),
    setFailure: assign({
      rows: [],
      total: 0,
      errorCode: ({ event }) => (event as { error?: ApiError }).error?.status ?? 0,
    }),
    clearRows: assign({ rows: [], total: 0, errorCode: null }),
  },
}).createMachine({
  id: 'campaignHistory',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    franchiseId: input.franchiseId,
    rows: [],
    total: 0,
    errorCode: null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  initial: 'checking',
  on: {
    ...list.followQuery,
    'query.change': { guard: 'isNewLocation', target: '.checking', actions: 'adoptLocation' },
    'history.page': { guard: 'isOtherPage', target: '.checking', actions: ['goToPage', writeUrl] },
    'history.size': { guard: 'isOtherSize', target: '.checking', actions: ['setSize', writeUrl] },
    'history.filter': { guard: 'changesFilter', target: '.checking', actions: ['setFilter', writeUrl] },
    'history.reset': { guard: 'isFiltered', target: '.checking', actions: ['resetFilters', writeUrl] },
  },
  states: {
    // A period ending before it starts finds nothing: said on the filter, nothing asked.
    checking: {
      always: [
        { guard: 'isPeriodInverted', target: 'invertedPeriod', actions: 'clearRows' },
        { target: 'loading' },
      ],
    },
    invertedPeriod: {},
    // Entered again for every new query: leaving aborts the call under way.
    loading: {
      entry: 'nextRequest',
      invoke: {
        id: 'listCampaigns',
        src: 'listCampaigns',
        input: ({ context }) => ({
          franchiseId: context.franchiseId,
          query: context.query,
          requestId: context.requestId,
        }),
        onDone: list.onAnswer,
        onError: { target: 'failed', actions: 'setFailure' },
      },
    },
    ready: {},
    failed: { on: { 'history.retry': 'loading' } },
  },
})
