// The news editor (issue 19): the create/edit dialog of a news item or happy hour. The §5 field rules
// (domain/news.ts newsErrors) show on the fields once a save was tried and follow the typing after;
// the server's 409 NEWS_LIMIT_REACHED lists the offers already running at once (the form shows them and
// stays open, so the merchant can move the dates or the stores); a 400 names its field. It ends in
// `saved` (output: the item) or `cancelled` (output: null); the news list invokes it.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  draftOf,
  emptyNewsDraft,
  inputOf,
  NEWS_LIMIT_CODE,
  type NewsConflict,
  type NewsDraft,
  type NewsFieldErrors,
  type NewsInput,
  type NewsItem,
  newsErrors,
} from '../../src/domain/news'
import { saveNews } from './news-editor.actors'

export type NewsEditorInput = {
  franchiseId: string
  /** The item edited; null to create one. */
  item: NewsItem | null
  /** The franchise's local day: a new item starts today. */
  today: string
  /** The stores the caller may choose. */
  stores: readonly { id: string; name: string }[]
  /** A store owner must choose among its stores (no franchise-wide item). */
  needsStore: boolean
  /** The franchise's limit of offers at once (§5), said on the form. */
  maxConcurrent: number
}

export type SaveNewsInput = { franchiseId: string; id: string | null; body: NewsInput }

export type NewsEditorContext = {
  franchiseId: string
  item: NewsItem | null
  draft: NewsDraft
  stores: { id: string; name: string }[]
  needsStore: boolean
  maxConcurrent: number
  /** Field errors (message ids), shown once a save was tried. */
  errors: NewsFieldErrors
  /** The §5 409: the offers running at once with this one. */
  conflicts: NewsConflict[]
  /** A message id for the whole form. */
  formError: string | null
  /** The server's answer once saved (the machine's output). */
  saved: NewsItem | null
}

type TextField = Exclude<keyof NewsDraft, 'customersOnly' | 'storeIds'>
export type NewsEditorEvent =
  | { type: 'news.change'; field: TextField; value: string }
  | { type: 'news.toggleCustomersOnly' }
  | { type: 'news.toggleStore'; storeId: string }
  | { type: 'news.submit' }
  | { type: 'news.cancel' }

const PREFIX = 'news.errors.'
const keyed = (e: NewsFieldErrors): NewsFieldErrors =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [k, `${PREFIX}${v}`]))

/** The draft's errors, with the store-owner rule (a store must be chosen). */
export function editorErrors(draft: NewsDraft, needsStore: boolean): NewsFieldErrors {
  const e = newsErrors(draft)
  if (needsStore && draft.storeIds.length === 0) e.storeIds = 'storeRequired'
  return keyed(e)
}
const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const FIELDS = new Set<string>([
  'name',
  'type',
  'description',
  'price',
  'startDate',
  'endDate',
  'happyHourStart',
  'happyHourEnd',
  'drinkType',
  'storeIds',
])
/** A server 400's field, in the draft's names. */
const draftField = (field: string | undefined) => {
  const f = field === 'priceCents' ? 'price' : field?.split('.')[0]
  return f && FIELDS.has(f) ? (f as keyof NewsDraft) : null
}

export const newsEditorMachine = setup({
  types: {
    input: {} as NewsEditorInput,
    context: {} as NewsEditorContext,
    events: {} as NewsEditorEvent,
    output: {} as { item: NewsItem | null },
  },
  actors: {
    saveNews,
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(editorErrors(context.draft, context.needsStore)).length === 0,
    isLimitReached: ({ event }) => errorOf(event)?.code === NEWS_LIMIT_CODE,
    isFieldRefused: ({ event }) => {
      const e = errorOf(event)
      return e?.status === 400 && draftField(e.field) !== null
    },
  },
  actions: {
    edit: assign(({ context, event }) => {
      let draft = context.draft
      if (event.type === 'news.change') draft = { ...draft, [event.field]: event.value }
      else if (event.type === 'news.toggleCustomersOnly')
        draft = { ...draft, customersOnly: !draft.customersOnly }
      else if (event.type === 'news.toggleStore') {
        if (!context.stores.some((s) => s.id === event.storeId)) return {}
        const has = draft.storeIds.includes(event.storeId)
        draft = {
          ...draft,
          storeIds: has
            ? draft.storeIds.filter((s) => s !== event.storeId)
            : [...draft.storeIds, event.storeId],
        }
      }
      // Errors already shown follow the typing; none appear before a first save.
      const shown = Object.keys(context.errors).length > 0
      // The offers of a 409 stay listed while the dates or stores are changed, until the next save.
      const formError = context.conflicts.length ? context.formError : null
      return { draft, errors: shown ? editorErrors(draft, context.needsStore) : {}, formError }
    }),
    showErrors: assign({ errors: ({ context }) => editorErrors(context.draft, context.needsStore) }),
    clearOutcome: assign({ conflicts: [], formError: null }),
    setConflicts: assign({
      conflicts: ({ event }) => {
        const list = errorOf(event)?.details?.conflicts
        return Array.isArray(list) ? (list as NewsConflict[]) : []
      },
      formError: 'news.errors.limitReached',
    }),
    setFieldRefusal: assign({
      errors: ({ context, event }) => ({
        ...context.errors,
        [draftField(errorOf(event)?.field)!]:
          errorOf(event)?.code === 'STORE_NOT_FOUND' ? 'news.errors.storeNotFound' : 'news.errors.refused',
      }),
    }),
    setSaveFailure: assign({
      formError: ({ event }) =>
        errorOf(event)?.status === 404
          ? errorOf(event)?.code === 'STORE_NOT_FOUND'
            ? 'news.errors.storeNotFound'
            : 'news.errors.notFound'
          : 'news.errors.save',
    }),
  },
}).createMachine({
  id: 'newsEditor',
  context: ({ input }) => ({
    franchiseId: input.franchiseId,
    item: input.item,
    draft: input.item
      ? draftOf(input.item)
      : {
          ...emptyNewsDraft(input.today),
          // A store owner with one store: it is chosen already.
          storeIds: input.needsStore && input.stores.length === 1 ? [input.stores[0]!.id] : [],
        },
    stores: input.stores.map((s) => ({ id: s.id, name: s.name })),
    needsStore: input.needsStore,
    maxConcurrent: input.maxConcurrent,
    errors: {},
    conflicts: [],
    formError: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'news.change': { actions: 'edit' },
        'news.toggleCustomersOnly': { actions: 'edit' },
        'news.toggleStore': { actions: 'edit' },
        'news.submit': [
          { guard: 'isDraftValid', target: 'saving', actions: 'clearOutcome' },
          { actions: 'showErrors' },
        ],
        'news.cancel': 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'saveNews',
        src: 'saveNews',
        input: ({ context }) => ({
          franchiseId: context.franchiseId,
          id: context.item?.id ?? null,
          body: inputOf(context.draft),
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: [
          { guard: 'isLimitReached', target: 'editing', actions: 'setConflicts' },
          { guard: 'isFieldRefused', target: 'editing', actions: 'setFieldRefusal' },
          { target: 'editing', actions: 'setSaveFailure' },
        ],
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ item: context.saved }),
})
