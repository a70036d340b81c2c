// The messages a franchise sent (/pages/messages, issue 19 "Messages sent"): its SMS and pushes, newest
// first, so a merchant sees what the customers received and support can answer "did my client get it?".
// Two regions, with the paged lists' shared parts (machines/paged-list):
// - list: the query (channel, campaign, recipient search, page, size) lives in the address; the
//   `watchLocation` actor turns address changes into `query.change`, every change made here is written
//   back (`writeUrl`); only the latest request's answer is applied; a failure shows a retry.
// - search: the recipient search box, debounced (SEARCH_DEBOUNCE); Enter applies it at once.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import type { MessageQuery } from '../../src/api/messages'
import {
  MESSAGE_SEARCH_MAX,
  type MessagePage,
  type MessageRow,
  type MessageSource,
} from '../../src/domain/messages'
import { isOtherPage, type ListAnswer, type PagedListEvent } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import {
  DEFAULT_MESSAGES_QUERY,
  isChannel,
  isFiltered,
  isMessagePageSize,
  isSameMessagesQuery,
  type MessagesQuery,
  parseMessagesQuery,
  serializeMessagesQuery,
} from './query'

export const MESSAGES_SEARCH_DEBOUNCE_MS = 400

export type MessagesInput = {
  /** The address's search part when the page opens. */
  location: string
  /** The franchise whose messages are listed (the session's). */
  franchiseId: string
}

export type ListMessagesInput = { franchiseId: string; query: MessageQuery; requestId: number }
export type ListMessagesOutput = ListAnswer<MessagePage>

export type MessagesContext = {
  franchiseId: string
  query: MessagesQuery
  searchInput: string
  requestId: number
  rows: MessageRow[]
  total: number
  /** The campaigns and automations the filter offers (from the latest answer). */
  campaigns: MessageSource[]
  error: string | null
}

export type MessagesEvent =
  /** query.change, messages.search, messages.searchNow, messages.page, messages.retry, query.searchApplied. */
  | PagedListEvent<'messages'>
  | { type: 'messages.size'; size: number }
  /** null: every channel. */
  | { type: 'messages.channel'; channel: string | null }
  /** null: every message, from a campaign or not. */
  | { type: 'messages.campaign'; campaignId: string | null }
  | { type: 'messages.clearFilters' }

const list = pagedList<MessagesContext, MessagesEvent>({
  parse: parseMessagesQuery,
  serialize: serializeMessagesQuery,
  isSame: isSameMessagesQuery,
  searchOf: (q) => q.search,
  withSearch: (q, search) => ({ ...q, search, page: DEFAULT_MESSAGES_QUERY.page }),
  sizeOf: (q) => q.size,
})
const outputOf = <T>(event: unknown) => (event as { output: T }).output

export const messagesListMachine = setup({
  types: { input: {} as MessagesInput, context: {} as MessagesContext, events: {} as MessagesEvent },
  actors: {
    listMessages: fromPromise<ListMessagesOutput, ListMessagesInput>(async () => {
      throw new Error('listMessages not provided')
    }),
    watchLocation: fromCallback(() => () => {}),
  },
  delays: { SEARCH_DEBOUNCE: MESSAGES_SEARCH_DEBOUNCE_MS },
  guards: {
    ...list.guards,
    isOtherPage: ({ context, event }) =>
      event.type === 'messages.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'messages.size' && isMessagePageSize(event.size) && event.size !== context.query.size,
    isOtherChannel: ({ context, event }) =>
      event.type === 'messages.channel' &&
      (event.channel === null || isChannel(event.channel)) &&
      event.channel !== context.query.channel,
    // A campaign the filter offers (or none): an id from elsewhere is not a filter of this list.
    isOtherCampaign: ({ context, event }) =>
      event.type === 'messages.campaign' &&
      event.campaignId !== context.query.campaignId &&
      (event.campaignId === null || context.campaigns.some((c) => c.id === event.campaignId)),
    hasFilters: ({ context }) => isFiltered(context.query),
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    /** The search box's text is ready: the list region applies it. */
    submitSearch: raise({ type: 'query.searchApplied' }),
    goToPage: assign(({ context, event }) =>
      event.type === 'messages.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'messages.size' && isMessagePageSize(event.size)
        ? { query: { ...context.query, size: event.size, page: DEFAULT_MESSAGES_QUERY.page } }
        : {},
    ),
    setChannel: assign(({ context, event }) =>
      event.type === 'messages.channel' && (event.channel === null || isChannel(event.channel))
        ? { query: { ...context.query, channel: event.channel, page: DEFAULT_MESSAGES_QUERY.page } }
        : {},
    ),
    setCampaign: assign(({ context, event }) =>
      event.type === 'messages.campaign'
        ? { query: { ...context.query, campaignId: event.campaignId, page: DEFAULT_MESSAGES_QUERY.page } }
        : {},
    ),
    clearFilters: assign(({ context }) => ({
      query: { ...DEFAULT_MESSAGES_QUERY, size: context.query.size },
      searchInput: '',
    })),
    setSearchInput: assign({
      searchInput: ({ event }) =>
        event.type === 'messages.search' ? event.value.slice(0, MESSAGE_SEARCH_MAX) : '',
    }),
    setPage: assign(({ event }) => {
      const { page } = outputOf<ListMessagesOutput>(event)
      return { rows: [...page.data], total: page.metadata.total, campaigns: [...page.campaigns], error: null }
    }),
    setListFailure: assign({ rows: [], total: 0, error: 'messages.errors.load' }),
  },
}).createMachine({
  id: 'messagesList',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    franchiseId: input.franchiseId,
    rows: [],
    total: 0,
    campaigns: [],
    error: null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        ...list.followQuery,
        'messages.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', list.writeUrl] },
        'messages.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', list.writeUrl] },
        'messages.channel': {
          guard: 'isOtherChannel',
          target: '.loading',
          actions: ['setChannel', list.writeUrl],
        },
        'messages.campaign': {
          guard: 'isOtherCampaign',
          target: '.loading',
          actions: ['setCampaign', list.writeUrl],
        },
        'messages.clearFilters': {
          guard: 'hasFilters',
          target: '.loading',
          actions: ['clearFilters', list.writeUrl],
        },
      },
      states: {
        // Entered again for every new query: leaving aborts the call under way.
        loading: {
          entry: 'nextRequest',
          invoke: {
            id: 'listMessages',
            src: 'listMessages',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              query: {
                page: context.query.page,
                size: context.query.size,
                search: context.query.search,
                channel: context.query.channel,
                campaignId: context.query.campaignId,
              },
              requestId: context.requestId,
            }),
            onDone: list.onAnswer,
            onError: { target: 'failed', actions: 'setListFailure' },
          },
        },
        ready: {},
        failed: { on: { 'messages.retry': 'loading' } },
      },
    },
    search: list.searchRegion({
      search: 'messages.search',
      searchNow: 'messages.searchNow',
      clearOn: 'messages.clearFilters',
    }),
  },
})
