// The news page's dialogs (issue 19): creating or editing an item is the news editor machine, invoked;
// stopping, restarting and deleting an item are confirmed first. Restarting counts against the §5 limit
// again: its 409 keeps the confirmation open with the conflicting offers listed. The list itself is the
// news list (createListMachine); the events here carry the row they are about, and after a change the
// `listChanged` action (provided by the page: `list.reload`) asks the list again.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { NEWS_LIMIT_CODE, type NewsConflict, type NewsItem } from '../../src/domain/news'
import { newsEditorMachine } from '../news-editor/news-editor.machine'
import { actOnNews } from './news-list.actors'
import type { NewsListed } from './news-list.list'

export type NewsActionsInput = {
  franchiseId: string
  /** The franchise's local day (a new item starts on it) until a list answer brings it. */
  today: string
  stores: readonly { id: string; name: string }[]
  /** A store owner: its items name its stores. */
  isStoreOwner: boolean
}
export type NewsAction = 'stop' | 'restart' | 'delete'
export type ActOnNewsInput = { id: string; action: NewsAction }

export type NewsActionsContext = {
  franchiseId: string
  today: string
  stores: { id: string; name: string }[]
  isStoreOwner: boolean
  maxConcurrent: number
  /** The item being edited, or confirmed for an action. */
  target: NewsItem | null
  action: NewsAction | null
  /** A restart refused by §5: the offers running at once. */
  conflicts: NewsConflict[]
}

export type NewsActionsEvent =
  /** `listed`: what the latest list answer said (the §5 limit, the local day). */
  | { type: 'news.create'; listed: NewsListed }
  | { type: 'news.edit'; item: NewsItem; listed: NewsListed }
  | { type: 'news.stop'; item: NewsItem }
  | { type: 'news.restart'; item: NewsItem }
  | { type: 'news.delete'; item: NewsItem }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }

const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const ACTION_OF = { 'news.stop': 'stop', 'news.restart': 'restart', 'news.delete': 'delete' } as const

export const newsActionsMachine = setup({
  types: {
    input: {} as NewsActionsInput,
    context: {} as NewsActionsContext,
    events: {} as NewsActionsEvent,
  },
  actors: {
    actOnNews,
    newsEditor: newsEditorMachine,
  },
  guards: {
    canCreate: ({ context }) => !context.isStoreOwner || context.stores.length > 0,
    isEditableRow: ({ event }) => event.type === 'news.edit' && event.item.canEdit,
    /** Stop a running item, restart a stopped one; either only where the caller may write. */
    canAct: ({ event }) => {
      if (!('item' in event) || !event.item.canEdit) return false
      if (event.type === 'news.stop') return !event.item.isStopped
      if (event.type === 'news.restart') return event.item.isStopped
      return event.type === 'news.delete'
    },
    isSaved: ({ event }) => outputOf<{ item: NewsItem | null }>(event).item !== null,
    /** Only a restart makes an item run again: the §5 refusal is its answer alone. */
    isLimitReached: ({ context, event }) =>
      context.action === 'restart' && errorOf(event)?.code === NEWS_LIMIT_CODE,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the page: the list asks again (`list.reload`). */
    listChanged: () => {},
    setTarget: assign(({ context, event }) => ({
      target: 'item' in event ? event.item : null,
      action: event.type in ACTION_OF ? ACTION_OF[event.type as keyof typeof ACTION_OF] : null,
      conflicts: [],
      ...('listed' in event
        ? { today: event.listed.today ?? context.today, maxConcurrent: event.listed.maxConcurrent }
        : {}),
    })),
    clearTarget: assign({ target: null, action: null, conflicts: [] }),
    setConflicts: assign({
      conflicts: ({ event }) => {
        const list = errorOf(event)?.details?.conflicts
        return Array.isArray(list) ? (list as NewsConflict[]) : []
      },
    }),
  },
}).createMachine({
  id: 'newsActions',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    today: input.today,
    stores: input.stores.map((s) => ({ id: s.id, name: s.name })),
    isStoreOwner: input.isStoreOwner,
    maxConcurrent: 0,
    target: null,
    action: null,
    conflicts: [],
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'news.create': { guard: 'canCreate', target: 'editing', actions: 'setTarget' },
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
              'listChanged',
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
              params: ({ context }) => ({ level: 'success' as const, id: `news.success.${context.action}` }),
            },
            'clearTarget',
            'listChanged',
          ],
        },
        onError: [
          { guard: 'isLimitReached', target: 'confirming', actions: 'setConflicts' },
          {
            target: 'closed',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ level: 'error' as const, id: `news.errors.${context.action}` }),
              },
              'clearTarget',
              'listChanged',
            ],
          },
        ],
      },
    },
  },
})
