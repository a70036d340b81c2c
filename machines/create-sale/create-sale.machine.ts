// The create-sale dialog (SPEC §1, §4 "Create-sale dialog", §5 sale amount, §8): the toolbar's button of
// manual-amount franchises. On open with a current store it loads the store's tags; exactly one tag is
// auto-selected, else the one saved in local storage (the session clears it when the store changes).
// The amount is a decimal with a comma or a dot and at most 2 decimals; Validate needs a tag and a
// non-zero amount. After an injection the tag shows the amount, the points and a countdown ticking
// each second until injectionDate + resetDelay; Reset works only while the countdown is above 0.
// A tag that still carries an open injection when the dialog opens shows it straight away. While the
// points wait, the store's tags are read again every TAG_POLL: once the customer has collected them
// the dialog says so and returns to the amount form (it no longer says "Waiting on the tag").
import { assign, setup } from 'xstate'
import { writeKey } from '../../src/api/storage'
import {
  amountError,
  isAmountDraft,
  type ManualPointsInfo,
  type PointsInfoReply,
  secondsLeft,
  type Tag,
  type TagPage,
} from '../../src/domain/sale'
import { injectPoints, loadTags, resetPoints, ticker } from './create-sale.actors'

export type CreateSaleInput = {
  franchiseId: string | null
  /** The toolbar's current store; none: the dialog says so. */
  storeId: string | null
  /** The tag saved in local storage (§9 selected tag), if any. */
  savedTagId: string | null
}

export type LoadTagsInput = { franchiseId: string; storeId: string }
export type InjectPointsInput = { tagId: string; amount: string }
export type ResetPointsInput = { tagId: string }

export type CreateSaleContext = CreateSaleInput & {
  tags: Tag[]
  selectedTagId: string | null
  amount: string
  /** The last tick's time (ms): the countdown is computed from it and the injection date. */
  now: number | null
  /** A §8 message id of the last failure. */
  error: string | null
  /** The waiting points were collected by the customer (seen by the refresh). */
  collected: boolean
}

export type CreateSaleEvent =
  | { type: 'sale.open' }
  | { type: 'sale.close' }
  | { type: 'sale.retry' }
  | { type: 'sale.select'; tagId: string }
  | { type: 'sale.amount'; value: string }
  | { type: 'sale.submit' }
  | { type: 'sale.reset' }
  | { type: 'sale.tick'; now: number }

export { TICK_MS } from './create-sale.actors'
/** How often the waiting tag is read again to see whether the customer collected its points. */
export const TAG_POLL_MS = 5000

export const selectedTag = (c: Pick<CreateSaleContext, 'tags' | 'selectedTagId'>) =>
  c.tags.find((t) => t.id === c.selectedTagId) ?? null
const pointsOf = (c: CreateSaleContext): ManualPointsInfo | null => selectedTag(c)?.manualPointsInfo ?? null
/** Seconds left on the selected tag's injection; null before the first tick. */
export const remainingOf = (c: CreateSaleContext) => {
  const info = pointsOf(c)
  return info && c.now !== null ? secondsLeft(info, c.now) : null
}
export const canSubmit = (c: CreateSaleContext) => selectedTag(c) !== null && amountError(c.amount) === null

/** Which tag opens selected: the only one, else the saved one if the store still has it. */
function initialSelection(tags: Tag[], saved: string | null): string | null {
  if (tags.length === 1) return tags[0]!.id
  return tags.some((t) => t.id === saved) ? saved : null
}

const withInfo = (tags: Tag[], tagId: string | null, info: ManualPointsInfo | null) =>
  tags.map((t) => (t.id === tagId ? { ...t, manualPointsInfo: info } : t))

// Another tag can be chosen while nothing is in flight (a busy call keeps its tag).
const selectTag = {
  guard: 'isKnownTag',
  target: 'choosing',
  actions: [
    'select',
    {
      type: 'saveSelection',
      params: ({ event }: { event: CreateSaleEvent }) => ({
        tagId: event.type === 'sale.select' ? event.tagId : null,
      }),
    },
  ],
} as const

export const createSaleMachine = setup({
  types: {
    input: {} as CreateSaleInput,
    context: {} as CreateSaleContext,
    events: {} as CreateSaleEvent,
  },
  actors: {
    loadTags,
    injectPoints,
    resetPoints,
    /** Sends `sale.tick` with the time now, at once and then every TICK_MS. */
    ticker,
  },
  actions: {
    /** Keeps the selection in local storage (§9 selected tag). */
    saveSelection: (_, p: { tagId: string | null }) => writeKey('selectedTag', p.tagId),
    setTags: assign(({ context, event }) => {
      const tags = (event as unknown as { output: TagPage }).output.data
      return { tags, selectedTagId: initialSelection(tags, context.savedTagId), error: null }
    }),
    select: assign({
      selectedTagId: ({ event }) => (event.type === 'sale.select' ? event.tagId : null),
      error: null,
    }),
    setAmount: assign({ amount: ({ event }) => (event.type === 'sale.amount' ? event.value : '') }),
    setInjected: assign(({ context, event }) => ({
      tags: withInfo(
        context.tags,
        context.selectedTagId,
        (event as unknown as { output: PointsInfoReply }).output.manualPointsInfo,
      ),
      amount: '',
      error: null,
    })),
    clearInjection: assign(({ context }) => ({ tags: withInfo(context.tags, context.selectedTagId, null) })),
    /** The tags read again while points wait: the selection stays; a collected injection is noted. */
    refreshTags: assign(({ context, event }) => {
      const tags = (event as unknown as { output: TagPage }).output.data
      const fresh = tags.find((t) => t.id === context.selectedTagId)
      return {
        tags: withInfo(context.tags, context.selectedTagId, fresh ? fresh.manualPointsInfo : null),
        collected: !fresh?.manualPointsInfo,
      }
    }),
    clearCollected: assign({ collected: false }),
    tick: assign({ now: ({ event }) => (event.type === 'sale.tick' ? event.now : null) }),
    setError: assign({ error: (_, p: { id: string }) => p.id }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasStore: ({ context }) => context.storeId !== null && context.franchiseId !== null,
    hasNoTags: ({ event }) => (event as unknown as { output: TagPage }).output.data.length === 0,
    isKnownTag: ({ context, event }) =>
      event.type === 'sale.select' && context.tags.some((t) => t.id === event.tagId),
    isAmountDraft: ({ event }) => event.type === 'sale.amount' && isAmountDraft(event.value),
    canSubmit: ({ context }) => canSubmit(context),
    hasOpenInjection: ({ context }) => pointsOf(context) !== null,
    // Expired: the tick's time is past injectionDate + resetDelay.
    isExpired: ({ context, event }) => {
      const info = pointsOf(context)
      return event.type === 'sale.tick' && (!info || secondsLeft(info, event.now) <= 0)
    },
    canReset: ({ context }) => (remainingOf(context) ?? 0) > 0,
    isCollected: ({ context }) => context.collected,
  },
  delays: { TAG_POLL: TAG_POLL_MS },
}).createMachine({
  id: 'createSale',
  context: ({ input }) => ({
    ...input,
    tags: [],
    selectedTagId: null,
    amount: '',
    now: null,
    error: null,
    collected: false,
  }),
  initial: 'closed',
  states: {
    // A note of collected points belongs to one opening of the dialog: reopened, it reads the tags anew.
    closed: { on: { 'sale.open': { target: 'open', actions: 'clearCollected' } } },
    open: {
      on: { 'sale.close': 'closed' },
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hasStore', target: 'loading' }, { target: 'noStore' }] },
        // No current store: nothing to sell on (the toolbar's store selector picks one).
        noStore: {},
        loading: {
          entry: 'clearError',
          invoke: {
            id: 'loadTags',
            src: 'loadTags',
            input: ({ context }) => ({ franchiseId: context.franchiseId!, storeId: context.storeId! }),
            onDone: [
              // §8: a store without tags (an empty page) is an info, not an error.
              { guard: 'hasNoTags', target: 'noTags', actions: 'setTags' },
              { target: 'ready', actions: 'setTags' },
            ],
            onError: {
              target: 'loadFailed',
              actions: { type: 'setError', params: { id: 'dialogs.createSaleDialog.fetchTagsError' } },
            },
          },
        },
        loadFailed: { on: { 'sale.retry': 'loading' } },
        noTags: {},
        ready: {
          initial: 'choosing',
          states: {
            // The selected tag decides: its open injection shows with its countdown, else the amount form.
            choosing: { always: [{ guard: 'hasOpenInjection', target: 'injected' }, { target: 'editing' }] },
            editing: {
              on: {
                'sale.select': { ...selectTag, actions: [...selectTag.actions, 'clearCollected'] },
                'sale.amount': { guard: 'isAmountDraft', actions: ['setAmount', 'clearCollected'] },
                'sale.submit': { guard: 'canSubmit', target: 'injecting' },
              },
            },
            injecting: {
              entry: ['clearError', 'clearCollected'],
              invoke: {
                id: 'injectPoints',
                src: 'injectPoints',
                input: ({ context }) => ({ tagId: context.selectedTagId!, amount: context.amount }),
                onDone: { target: 'choosing', actions: 'setInjected' },
                onError: {
                  target: 'editing',
                  actions: { type: 'setError', params: { id: 'dialogs.createSaleDialog.injectPointsError' } },
                },
              },
            },
            // The points wait on the tag; a new sale may be typed and replaces them.
            injected: {
              invoke: { id: 'ticker', src: 'ticker' },
              // Collected (seen by the last refresh): back to the amount form, saying so.
              always: { guard: 'isCollected', target: 'editing' },
              initial: 'waiting',
              states: {
                waiting: { after: { TAG_POLL: 'refreshing' } },
                refreshing: {
                  invoke: {
                    id: 'refreshTags',
                    src: 'loadTags',
                    input: ({ context }) => ({
                      franchiseId: context.franchiseId!,
                      storeId: context.storeId!,
                    }),
                    onDone: { target: 'waiting', actions: 'refreshTags' },
                    // A failed refresh changes nothing: the countdown goes on and the next one tries again.
                    onError: 'waiting',
                  },
                },
              },
              on: {
                'sale.tick': [
                  { guard: 'isExpired', target: 'editing', actions: ['tick', 'clearInjection'] },
                  { actions: 'tick' },
                ],
                'sale.select': selectTag,
                'sale.amount': { guard: 'isAmountDraft', actions: 'setAmount' },
                'sale.submit': { guard: 'canSubmit', target: 'injecting' },
                'sale.reset': { guard: 'canReset', target: 'resetting' },
              },
            },
            resetting: {
              entry: 'clearError',
              invoke: {
                id: 'resetPoints',
                src: 'resetPoints',
                input: ({ context }) => ({ tagId: context.selectedTagId! }),
                onDone: { target: 'editing', actions: 'clearInjection' },
                onError: {
                  target: 'injected',
                  actions: { type: 'setError', params: { id: 'dialogs.createSaleDialog.resetTagError' } },
                },
              },
            },
          },
        },
      },
    },
  },
})
