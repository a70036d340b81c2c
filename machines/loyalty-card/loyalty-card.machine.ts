// The loyalty page (SPEC §2 /pages/loyalty, tabs "my card" and "customers"; §3 loyalty model; §5 card
// rules; §8 loyalty messages). Two regions side by side:
// - `card`: the franchise's card is read (with the point-of-sale products its pickers list); none →
//   the "create your card" empty state; the form is edited with the §5 rules of src/domain/loyalty.ts
//   (errors of touched fields, or all after a save attempt); saving creates or updates it. When the
//   saved card's type differs from the franchise's, `franchiseChanged` tells the shell (create-sale
//   button) without a reload. A store owner reads but does not edit (`canEdit` false).
// - `tab`: which tab shows. Leaving "my card" with unsaved changes asks first (discard or stay).
import { and, assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type CardField,
  type CardForm,
  cardFormErrors,
  cardFormToInput,
  cardToForm,
  emptyCardForm,
  type LoyaltyCardInput,
  type LoyaltyModel,
  type PosProduct,
  toggleId,
} from '../../src/domain/loyalty'
import { loadCard, saveCard, uploadImage } from './loyalty-card.actors'

export type LoyaltyTab = 'card' | 'customers'

export type LoyaltyCardInputs = {
  franchiseId: string
  /** The franchise's stores: a new card covers them all until the owner unticks some. */
  storeIds: string[]
  /** The franchise's current loyalty type (what the shell shows). */
  franchiseLoyaltyType: string
  /** Franchise owners edit; store owners only read. */
  canEdit: boolean
  tab: LoyaltyTab
}

export type LoadCardInput = { franchiseId: string; storeIds: string[] }
export type LoadCardOutput = { card: LoyaltyModel | null; products: PosProduct[] }
export type SaveCardInput = { cardId: string | null; body: LoyaltyCardInput }

export type LoyaltyCardContext = {
  franchiseId: string
  storeIds: string[]
  canEdit: boolean
  franchiseLoyaltyType: string
  card: LoyaltyModel | null
  products: PosProduct[]
  values: CardForm
  /** What was loaded (or the blank form): a difference is an unsaved change. */
  initial: CardForm
  touched: CardField[]
  submitted: boolean
  /** §8 message id of the server's refusal, shown on its field. */
  serverErrors: Partial<Record<CardField, string>>
  error: string | null
  tab: LoyaltyTab
}

export type LoyaltyCardEvent =
  | { type: 'card.retry' }
  | { type: 'card.create' }
  | { type: 'card.change'; field: Exclude<keyof CardForm, 'storeIds' | 'hasMaxPointsEnabled'>; value: string }
  | { type: 'card.toggleMaxPoints' }
  | { type: 'card.toggleStore'; storeId: string }
  | { type: 'card.toggleProduct'; productId: string }
  | { type: 'card.upload'; file: File }
  | { type: 'card.save' }
  | { type: 'card.cancel' }
  | { type: 'tab.select'; tab: LoyaltyTab }
  | { type: 'tab.confirm' }
  | { type: 'tab.cancel' }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
export const hasChanges = (c: LoyaltyCardContext) => !same(c.values, c.initial)
export const isCardValid = (c: LoyaltyCardContext) => Object.keys(cardFormErrors(c.values)).length === 0
const writeTab = {
  type: 'writeTab',
  params: ({ context }: { context: LoyaltyCardContext }) => ({ tab: context.tab }),
} as const
// Create and update have their own §8 messages (read before the saved card is adopted).
const savedNotice = {
  type: 'notify',
  params: ({ context }: { context: LoyaltyCardContext }) => ({
    level: 'success' as const,
    id: context.card ? 'loyalty.cardUpdateSuccess' : 'loyalty.cardSuccess',
  }),
} as const
const failedNotice = {
  type: 'notify',
  params: ({ context }: { context: LoyaltyCardContext }) => ({
    level: 'error' as const,
    id: context.card ? 'loyalty.cardUpdateError' : 'loyalty.cardError',
  }),
} as const
const touch = (c: LoyaltyCardContext, f: CardField) => (c.touched.includes(f) ? c.touched : [...c.touched, f])

export const loyaltyCardMachine = setup({
  types: {
    input: {} as LoyaltyCardInputs,
    context: {} as LoyaltyCardContext,
    events: {} as LoyaltyCardEvent,
  },
  actors: {
    loadCard,
    saveCard,
    uploadImage,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: the shell's franchise follows the card's type (session.franchiseChange). */
    franchiseChanged: (_, _params: { loyaltyType: string }) => {},
    /** Provided by the app: the address says which tab shows. */
    writeTab: (_, _params: { tab: LoyaltyTab }) => {},
    adoptLoaded: assign(({ context, event }) => {
      const { card, products } = (event as unknown as { output: LoadCardOutput }).output
      const values = card ? cardToForm(card) : emptyCardForm(context.storeIds)
      return { card, products, values, initial: values, error: null, touched: [], submitted: false }
    }),
    adoptSaved: assign(({ event }) => {
      const card = (event as unknown as { output: LoyaltyModel }).output
      const values = cardToForm(card)
      return {
        card,
        values,
        initial: values,
        touched: [],
        submitted: false,
        serverErrors: {},
        franchiseLoyaltyType: card.loyaltyType,
      }
    }),
    change: assign(({ context, event }) => {
      if (event.type !== 'card.change') return {}
      return {
        values: { ...context.values, [event.field]: event.value },
        touched: touch(context, event.field === 'minTimeMinutes' ? 'minTimeBetweenVisits' : event.field),
        serverErrors: {},
      }
    }),
    toggleMaxPoints: assign(({ context }) => ({
      values: { ...context.values, hasMaxPointsEnabled: !context.values.hasMaxPointsEnabled },
      touched: touch(context, 'maxPoints'),
    })),
    toggleStore: assign(({ context, event }) => {
      if (event.type !== 'card.toggleStore') return {}
      const ids = context.values.storeIds
      const storeIds = ids.includes(event.storeId)
        ? ids.filter((s) => s !== event.storeId)
        : [...ids, event.storeId]
      return {
        values: { ...context.values, storeIds },
        touched: touch(context, 'storeIds'),
        serverErrors: {},
      }
    }),
    toggleProduct: assign(({ context, event }) =>
      event.type === 'card.toggleProduct'
        ? {
            values: {
              ...context.values,
              posProductIds: toggleId(context.values.posProductIds, event.productId),
            },
            touched: touch(context, 'posProductIds'),
          }
        : {},
    ),
    setImage: assign(({ context, event }) => ({
      values: { ...context.values, image: (event as unknown as { output: { url: string } }).output.url },
    })),
    markSubmitted: assign({ submitted: true }),
    discard: assign(({ context }) => ({
      values: context.initial,
      touched: [],
      submitted: false,
      serverErrors: {},
    })),
    setLoadError: assign({ error: 'loyalty.errors.load' }),
    /** A 400 names the field and its §8 message: shown on that field. */
    setServerError: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
      const field = error?.field as CardField | undefined
      const id = error?.details?.messageId
      return field && typeof id === 'string' ? { serverErrors: { [field]: id }, submitted: true } : {}
    }),
    selectTab: assign({ tab: ({ event }) => (event.type === 'tab.select' ? event.tab : 'card') }),
    goToCustomers: assign({ tab: 'customers' as const }),
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    hasCard: ({ event }) => !!(event as unknown as { output: LoadCardOutput }).output.card,
    isNewCard: ({ context }) => context.card === null,
    isValid: ({ context }) => isCardValid(context),
    hasChanges: ({ context }) => hasChanges(context),
    isTypeChanged: ({ context, event }) =>
      (event as unknown as { output: LoyaltyModel }).output.loyaltyType !== context.franchiseLoyaltyType,
    isCustomersTab: ({ event }) => event.type === 'tab.select' && event.tab === 'customers',
    isOtherTab: ({ context, event }) => event.type === 'tab.select' && event.tab !== context.tab,
    startsOnCustomers: ({ context }) => context.tab === 'customers',
  },
}).createMachine({
  id: 'loyaltyCard',
  context: ({ input }) => {
    const values = emptyCardForm(input.storeIds)
    return {
      franchiseId: input.franchiseId,
      storeIds: input.storeIds,
      canEdit: input.canEdit,
      franchiseLoyaltyType: input.franchiseLoyaltyType,
      card: null,
      products: [],
      values,
      initial: values,
      touched: [],
      submitted: false,
      serverErrors: {},
      error: null,
      tab: input.tab,
    }
  },
  type: 'parallel',
  states: {
    card: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCard',
            src: 'loadCard',
            input: ({ context }) => ({ franchiseId: context.franchiseId, storeIds: context.storeIds }),
            onDone: [
              { guard: 'hasCard', target: 'editing', actions: 'adoptLoaded' },
              { target: 'empty', actions: 'adoptLoaded' },
            ],
            onError: { target: 'failed', actions: 'setLoadError' },
          },
        },
        failed: { on: { 'card.retry': 'loading' } },
        // No card yet: the "create your card" state.
        empty: { on: { 'card.create': { guard: 'canEdit', target: 'editing' } } },
        editing: {
          initial: 'idle',
          on: {
            'card.change': { guard: 'canEdit', actions: 'change' },
            'card.toggleMaxPoints': { guard: 'canEdit', actions: 'toggleMaxPoints' },
            'card.toggleStore': { guard: 'canEdit', actions: 'toggleStore' },
            'card.toggleProduct': { guard: 'canEdit', actions: 'toggleProduct' },
          },
          states: {
            idle: {
              on: {
                'card.upload': { guard: 'canEdit', target: 'uploading' },
                'card.save': [
                  { guard: 'isValid', target: '#loyaltyCard.card.saving' },
                  { actions: 'markSubmitted' },
                ],
                // A new card's cancel goes back to the empty state; an existing card's restores it.
                'card.cancel': [
                  { guard: 'isNewCard', target: '#loyaltyCard.card.empty', actions: 'discard' },
                  { actions: 'discard' },
                ],
              },
            },
            // The file goes to storage first; the form keeps the URL the upload answers.
            uploading: {
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ event }) => ({
                  file: (event as Extract<LoyaltyCardEvent, { type: 'card.upload' }>).file,
                }),
                onDone: { target: 'idle', actions: 'setImage' },
                onError: {
                  target: 'idle',
                  actions: { type: 'notify', params: { level: 'error', id: 'loyalty.errors.upload' } },
                },
              },
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => ({
              cardId: context.card?.id ?? null,
              body: cardFormToInput(context.values),
            }),
            onDone: [
              {
                guard: 'isTypeChanged',
                target: 'editing',
                actions: [
                  savedNotice,
                  {
                    type: 'franchiseChanged',
                    params: ({ event }) => ({ loyaltyType: event.output.loyaltyType }),
                  },
                  'adoptSaved',
                ],
              },
              { target: 'editing', actions: [savedNotice, 'adoptSaved'] },
            ],
            onError: { target: 'editing', actions: ['setServerError', failedNotice] },
          },
        },
      },
    },
    tab: {
      initial: 'choosing',
      states: {
        // Starts on the tab the address named.
        choosing: { always: [{ guard: 'startsOnCustomers', target: 'customers' }, { target: 'card' }] },
        card: {
          on: {
            'tab.select': [
              { guard: and(['isCustomersTab', 'hasChanges']), target: 'confirmingLeave' },
              { guard: 'isCustomersTab', target: 'customers', actions: ['selectTab', writeTab] },
            ],
          },
        },
        // Unsaved changes on the card: discard them, or stay.
        confirmingLeave: {
          on: {
            'tab.confirm': { target: 'customers', actions: ['discard', 'goToCustomers', writeTab] },
            'tab.cancel': 'card',
          },
        },
        customers: {
          on: { 'tab.select': { guard: 'isOtherTab', target: 'card', actions: ['selectTab', writeTab] } },
        },
      },
    },
  },
})
