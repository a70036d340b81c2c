// The store screen's NFC tags (SPEC §2 "stores with … NFC tags", §3 Tag): the store's tags with their
// public id, passages and reset delay; rename or change the delay of one at a time, add a tag, copy
// a tag's scan link (its QR code's address). Opening a tag's scanner screen is a plain link.
import { assign, setup } from 'xstate'
import {
  type Tag,
  type TagCreateInput,
  type TagDraft,
  type TagPage,
  type TagUpdateInput,
  tagDraftErrors,
} from '../../src/domain/sale'
import { scanUrl } from '../../src/domain/scan'
import { copyText, createTag, loadStoreTags, saveTag } from './store-tags.actors'

export type StoreTagsInput = { franchiseId: string; storeId: string; origin: string }
export type SaveTagInput = { tagId: string; body: TagUpdateInput }
export type CreateTagInput = { storeId: string; body: TagCreateInput }

export type StoreTagsContext = StoreTagsInput & {
  tags: Tag[]
  /** The tag being edited and its form. */
  draft: (TagDraft & { tagId: string }) | null
  newName: string
  error: string | null
}

export type StoreTagsEvent =
  | { type: 'tags.retry' }
  | { type: 'tags.edit'; tagId: string }
  | { type: 'tags.change'; field: keyof TagDraft; value: string }
  | { type: 'tags.save' }
  | { type: 'tags.cancel' }
  | { type: 'tags.newName'; value: string }
  | { type: 'tags.add' }
  | { type: 'tags.copy'; tagId: string }

const out = <T>(event: unknown) => (event as { output: T }).output
export const draftErrors = (c: StoreTagsContext) => (c.draft ? tagDraftErrors(c.draft) : {})

export const storeTagsMachine = setup({
  types: {
    input: {} as StoreTagsInput,
    context: {} as StoreTagsContext,
    events: {} as StoreTagsEvent,
  },
  actors: {
    loadStoreTags,
    saveTag,
    createTag,
    copyText,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    setTags: assign({ tags: ({ event }) => out<TagPage>(event).data, error: null }),
    setError: assign({ error: (_, p: { id: string }) => p.id }),
    startEdit: assign({
      draft: ({ context, event }) => {
        const t = context.tags.find((x) => event.type === 'tags.edit' && x.id === event.tagId)
        return t ? { tagId: t.id, name: t.name, resetDelay: String(t.resetDelay) } : null
      },
    }),
    change: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'tags.change'
          ? { ...context.draft, [event.field]: event.value }
          : context.draft,
    }),
    clearDraft: assign({ draft: null }),
    setNewName: assign({ newName: ({ event }) => (event.type === 'tags.newName' ? event.value : '') }),
    replaceTag: assign({
      tags: ({ context, event }) => {
        const t = out<Tag>(event)
        return context.tags.map((x) => (x.id === t.id ? t : x))
      },
      draft: null,
    }),
    appendTag: assign({
      // By id: an answer seen twice (a retried call) does not list the tag twice.
      tags: ({ context, event }) => {
        const t = out<Tag>(event)
        return [...context.tags.filter((x) => x.id !== t.id), t]
      },
      newName: '',
    }),
  },
  guards: {
    isKnownTag: ({ context, event }) =>
      (event.type === 'tags.edit' || event.type === 'tags.copy') &&
      context.tags.some((t) => t.id === event.tagId),
    isDraftValid: ({ context }) => context.draft !== null && Object.keys(draftErrors(context)).length === 0,
    isNewNameValid: ({ context }) =>
      tagDraftErrors({ name: context.newName, resetDelay: '180' }).name === undefined,
  },
}).createMachine({
  id: 'storeTags',
  context: ({ input }) => ({ ...input, tags: [], draft: null, newName: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStoreTags',
        src: 'loadStoreTags',
        input: ({ context }) => ({ franchiseId: context.franchiseId, storeId: context.storeId }),
        onDone: { target: 'ready', actions: 'setTags' },
        onError: { target: 'failed', actions: { type: 'setError', params: { id: 'sale.tags.errors.load' } } },
      },
    },
    failed: { on: { 'tags.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'tags.edit': { guard: 'isKnownTag', target: 'editing', actions: 'startEdit' },
            'tags.newName': { actions: 'setNewName' },
            'tags.add': { guard: 'isNewNameValid', target: 'creating' },
            'tags.copy': { guard: 'isKnownTag', target: 'copying' },
          },
        },
        editing: {
          on: {
            'tags.change': { actions: 'change' },
            'tags.save': { guard: 'isDraftValid', target: 'saving' },
            'tags.cancel': { target: 'idle', actions: 'clearDraft' },
          },
        },
        saving: {
          invoke: {
            id: 'saveTag',
            src: 'saveTag',
            input: ({ context }) => ({
              tagId: context.draft!.tagId,
              body: { name: context.draft!.name.trim(), resetDelay: Number(context.draft!.resetDelay) },
            }),
            onDone: {
              target: 'idle',
              actions: [
                'replaceTag',
                { type: 'notify', params: { level: 'success', id: 'sale.tags.saved' } },
              ],
            },
            // The form stays with what was typed.
            onError: {
              target: 'editing',
              actions: { type: 'notify', params: { level: 'error', id: 'errors.generic' } },
            },
          },
        },
        creating: {
          invoke: {
            id: 'createTag',
            src: 'createTag',
            input: ({ context }) => ({ storeId: context.storeId, body: { name: context.newName.trim() } }),
            onDone: {
              target: 'idle',
              actions: [
                'appendTag',
                { type: 'notify', params: { level: 'success', id: 'sale.tags.created' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'errors.generic' } },
            },
          },
        },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context, event }) => {
              const t = context.tags.find((x) => event.type === 'tags.copy' && x.id === event.tagId)!
              return { text: scanUrl(context.origin, t.tagId) }
            },
            onDone: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'success', id: 'sale.tags.linkCopied' } },
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { level: 'error', id: 'sale.tags.errors.copy' } },
            },
          },
        },
      },
    },
  },
})
