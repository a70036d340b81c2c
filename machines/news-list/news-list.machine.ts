// The news page (issue 19, /pages/news): the franchise's news and happy hours with their displayed
// status. Two regions:
// - list: the query (status, page, size) lives in the address (the paged lists' parts: a
//   `watchLocation` actor turns address changes into `query.change`, changes made here are written
//   back); only the latest request's answer is applied; a failure shows the error with a retry.
// - dialog: the create/edit dialog is the news editor machine, invoked; stopping, restarting and
//   deleting an item are confirmed first. Restarting counts against the §5 limit again: its 409 keeps
//   the confirmation open with the conflicting offers listed.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { NewsQuery } from '../../src/api/news'
import { NEWS_LIMIT_CODE, type NewsConflict, type NewsItem, type NewsPage } from '../../src/domain/news'
import { newsEditorMachine } from '../news-editor/news-editor.machine'
import { isOtherPage, type ListAnswer, type PagedListEvent } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import {
  DEFAULT_NEWS_QUERY,
  isNewsPageSize,
  isNewsStatus,
  isSameNewsQuery,
  type NewsListQuery,
  parseNewsQuery,
  serializeNewsQuery,
} from './query'

export type NewsListInput = {
  location: string
  franchiseId: string
  /** The franchise's local day (a new item starts on it); each list answer brings it again. */
  today: string
  stores: readonly { id: string; name: string }[]
  /** A store owner: its items name its stores. */
  isStoreOwner: boolean
}
export type ListNewsInput = { franchiseId: string; query: NewsQuery; requestId: number }
export type ListNewsOutput = ListAnswer<NewsPage>
export type NewsAction = 'stop' | 'restart' | 'delete'
export type ActOnNewsInput = { id: string; action: NewsAction }

export type NewsListContext = {
  query: NewsListQuery
  searchInput: string
  requestId: number
  franchiseId: string
  today: string
  stores: { id: string; name: string }[]
  isStoreOwner: boolean
  rows: NewsItem[]
  total: number
  maxConcurrent: number
  error: string | null
  /** The item being edited, or confirmed for an action. */
  target: NewsItem | null
  action: NewsAction | null
  /** A restart refused by §5: the offers running at once. */
  conflicts: NewsConflict[]
}

export type NewsListEvent =
  | PagedListEvent<'news'>
  | { type: 'news.status'; status: string | null }
  | { type: 'news.size'; size: number }
  | { type: 'news.create' }
  | { type: 'news.edit'; id: string }
  | { type: 'news.stop'; id: string }
  | { type: 'news.restart'; id: string }
  | { type: 'news.delete'; id: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'news.reload' }

const list = pagedList<NewsListContext, NewsListEvent>({
  parse: parseNewsQuery,
  serialize: serializeNewsQuery,
  isSame: isSameNewsQuery,
  // No search box on this list: the status is its filter.
  searchOf: () => '',
  withSearch: (q) => q,
  sizeOf: (q) => q.size,
})
const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const rowOf = (context: NewsListContext, event: NewsListEvent) =>
  'id' in event ? (context.rows.find((r) => r.id === event.id) ?? null) : null
const ACTION_OF = { 'news.stop': 'stop', 'news.restart': 'restart', 'news.delete': 'delete' } as const

export const newsListMachine = setup({
  types: { input: {} as NewsListInput, context: {} as NewsListContext, events: {} as NewsListEvent },
  actors: {
    listNews: fromPromise<ListNewsOutput, ListNewsInput>(async () => {
      throw new Error('listNews not provided')
    }),
    actOnNews: fromPromise<unknown, ActOnNewsInput>(async () => {
      throw new Error('actOnNews not provided')
    }),
    newsEditor: newsEditorMachine,
    watchLocation: fromCallback(() => () => {}),
  },
  guards: {
    ...list.guards,
    isOtherPage: ({ context, event }) =>
      event.type === 'news.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'news.size' && isNewsPageSize(event.size) && event.size !== context.query.size,
    isOtherStatus: ({ context, event }) =>
      event.type === 'news.status' &&
      (event.status === null || isNewsStatus(event.status)) &&
      event.status !== context.query.status,
    canCreate: ({ context }) => !context.isStoreOwner || context.stores.length > 0,
    isEditableRow: ({ context, event }) => rowOf(context, event)?.canEdit === true,
    /** Stop a running item, restart a stopped one; either only where the caller may write. */
    canAct: ({ context, event }) => {
      const row = rowOf(context, event)
      if (!row?.canEdit) return false
      if (event.type === 'news.stop') return !row.isStopped
      if (event.type === 'news.restart') return row.isStopped
      return event.type === 'news.delete'
    },
    isSaved: ({ event }) => outputOf<{ item: NewsItem | null }>(event).item !== null,
    /** Only a restart makes an item run again: the §5 refusal is its answer alone. */
    isLimitReached: ({ context, event }) =>
      context.action === 'restart' && errorOf(event)?.code === NEWS_LIMIT_CODE,
  },
  actions: {
    writeUrl: (_, _params: { search: string }) => {},
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    submitSearch: raise({ type: 'query.searchApplied' }),
    goToPage: assign(({ context, event }) =>
      event.type === 'news.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'news.size' && isNewsPageSize(event.size)
        ? { query: { ...context.query, size: event.size, page: DEFAULT_NEWS_QUERY.page } }
        : {},
    ),
    setStatus: assign(({ context, event }) =>
      event.type === 'news.status' && (event.status === null || isNewsStatus(event.status))
        ? { query: { ...context.query, status: event.status, page: DEFAULT_NEWS_QUERY.page } }
        : {},
    ),
    setPage: assign(({ event }) => {
      const { page } = outputOf<ListNewsOutput>(event)
      return {
        rows: page.data,
        total: page.metadata.total,
        maxConcurrent: page.maxConcurrent,
        today: page.today,
        error: null,
      }
    }),
    setListFailure: assign({ rows: [], total: 0, error: 'news.errors.load' }),
    setTarget: assign(({ context, event }) => ({
      target: rowOf(context, event),
      action: event.type in ACTION_OF ? ACTION_OF[event.type as keyof typeof ACTION_OF] : null,
      conflicts: [],
    })),
    clearTarget: assign({ target: null, action: null, conflicts: [] }),
    setConflicts: assign({
      conflicts: ({ event }) => {
        const list = errorOf(event)?.details?.conflicts
        return Array.isArray(list) ? (list as NewsConflict[]) : []
      },
    }),
    reload: raise({ type: 'news.reload' }),
  },
}).createMachine({
  id: 'newsList',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    franchiseId: input.franchiseId,
    today: input.today,
    stores: input.stores.map((s) => ({ id: s.id, name: s.name })),
    isStoreOwner: input.isStoreOwner,
    rows: [],
    total: 0,
    maxConcurrent: 0,
    error: null,
    target: null,
    action: null,
    conflicts: [],
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        ...list.followQuery,
        'news.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', list.writeUrl] },
        'news.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', list.writeUrl] },
        'news.status': { guard: 'isOtherStatus', target: '.loading', actions: ['setStatus', list.writeUrl] },
        'news.reload': '.loading',
      },
      states: {
        loading: {
          entry: 'nextRequest',
          invoke: {
            id: 'listNews',
            src: 'listNews',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              query: {
                page: context.query.page,
                size: context.query.size,
                ...(context.query.status ? { status: context.query.status } : {}),
              },
              requestId: context.requestId,
            }),
            onDone: list.onAnswer,
            onError: { target: 'failed', actions: 'setListFailure' },
          },
        },
        ready: {},
        failed: { on: { 'news.retry': 'loading' } },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'news.create': { guard: 'canCreate', target: 'editing', actions: 'clearTarget' },
            'news.edit': { guard: 'isEditableRow', target: 'editing', actions: 'setTarget' },
            'news.stop': { guard: 'canAct', target: 'confirming', actions: 'setTarget' },
            'news.restart': { guard: 'canAct', target: 'confirming', actions: 'setTarget' },
            'news.delete': { guard: 'canAct', target: 'confirming', actions: 'setTarget' },
          },
        },
        editing: {
          invoke: {
            id: 'newsEditor',
            src: 'newsEditor',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              item: context.target,
              today: context.today,
              stores: context.stores,
              needsStore: context.isStoreOwner,
              maxConcurrent: context.maxConcurrent,
            }),
            onDone: [
              {
                guard: 'isSaved',
                target: 'closed',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      level: 'success' as const,
                      id: context.target ? 'news.success.updated' : 'news.success.created',
                    }),
                  },
                  'clearTarget',
                  'reload',
                ],
              },
              { target: 'closed', actions: 'clearTarget' },
            ],
          },
        },
        confirming: {
          on: { 'dialog.confirm': 'acting', 'dialog.cancel': { target: 'closed', actions: 'clearTarget' } },
        },
        acting: {
          invoke: {
            id: 'actOnNews',
            src: 'actOnNews',
            input: ({ context }) => ({ id: context.target!.id, action: context.action! }),
            onDone: {
              target: 'closed',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    level: 'success' as const,
                    id: `news.success.${context.action}`,
                  }),
                },
                'clearTarget',
                'reload',
              ],
            },
            onError: [
              { guard: 'isLimitReached', target: 'confirming', actions: 'setConflicts' },
              {
                target: 'closed',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      level: 'error' as const,
                      id: `news.errors.${context.action}`,
                    }),
                  },
                  'clearTarget',
                  'reload',
                ],
              },
            ],
          },
        },
      },
    },
  },
})
