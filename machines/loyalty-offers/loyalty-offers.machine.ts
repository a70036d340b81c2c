// The card's offers (SPEC §2 "loyalty offers with new/edit dialogs and status confirmation", §3 loyalty
// offer, §4 "ACTIVE and ARCHIVED; status change confirmed by a dialog and reversible … dialog has type
// new or edit", §5 offer rules, §8 messages). The list is read sorted by redeem points; archived offers
// show only when asked. The new/edit dialog holds the offer form (§5 rules of src/domain/loyalty.ts,
// shared with the server) and warns before closing with unsaved changes. A status change is confirmed
// first. After any change the list is read again.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  emptyOfferForm,
  type LoyaltyOffer,
  type OfferField,
  type OfferForm,
  type OfferInput,
  type OfferStatus,
  offerFormErrors,
  offerFormToInput,
  offerToForm,
  toggleId,
} from '../../src/domain/loyalty'
import { changeStatus, loadOffers, saveOffer, uploadImage } from './loyalty-offers.actors'

export type OfferDialogType = 'new' | 'edit'

export type LoyaltyOffersInput = {
  modelId: string
  /** Franchise owners edit; store owners only read. */
  canEdit: boolean
  /** Another franchise's offers, read by its id (the demo, issue 8); default: the user's own. */
  franchiseId?: string
}

export type LoadOffersInput = { includeArchived: boolean; franchiseId?: string }
export type SaveOfferInput = { modelId: string; offerId: string | null; body: OfferInput }
export type OfferStatusChange = { modelId: string; offerId: string; status: OfferStatus }

export type OfferEditor = {
  type: OfferDialogType
  offerId: string | null
  values: OfferForm
  initial: OfferForm
  touched: OfferField[]
  submitted: boolean
  serverErrors: Partial<Record<OfferField, string>>
}

export type LoyaltyOffersContext = {
  modelId: string
  canEdit: boolean
  franchiseId: string | null
  offers: LoyaltyOffer[]
  includeArchived: boolean
  error: string | null
  editor: OfferEditor | null
  /** The offer whose status change waits for confirmation, and the status it would get. */
  statusChange: { offerId: string; name: string; status: OfferStatus } | null
}

export type LoyaltyOffersEvent =
  | { type: 'offers.retry' }
  | { type: 'offers.showArchived'; value: boolean }
  | { type: 'offers.new' }
  | { type: 'offers.edit'; offerId: string }
  | { type: 'offers.status'; offerId: string }
  | { type: 'offer.change'; field: Exclude<OfferField, never>; value: string }
  | { type: 'offer.toggleProduct'; productId: string }
  | { type: 'offer.upload'; file: File }
  | { type: 'offer.save' }
  | { type: 'offer.close' }
  | { type: 'offer.confirm' }
  | { type: 'offer.cancel' }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
export const editorHasChanges = (e: OfferEditor | null) => !!e && !same(e.values, e.initial)
export const isOfferValid = (e: OfferEditor | null) =>
  !!e && Object.keys(offerFormErrors(e.values)).length === 0

const editorWith = (type: OfferDialogType, offerId: string | null, values: OfferForm): OfferEditor => ({
  type,
  offerId,
  values,
  initial: values,
  touched: [],
  submitted: false,
  serverErrors: {},
})

const notice = (level: 'success' | 'error', edit: string, create: string) =>
  ({
    type: 'notify',
    params: ({ context }: { context: LoyaltyOffersContext }) => ({
      level,
      id: context.editor?.type === 'edit' ? edit : create,
    }),
  }) as const

export const loyaltyOffersMachine = setup({
  types: {
    input: {} as LoyaltyOffersInput,
    context: {} as LoyaltyOffersContext,
    events: {} as LoyaltyOffersEvent,
  },
  actors: {
    loadOffers,
    saveOffer,
    changeStatus,
    uploadImage,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    setOffers: assign({
      offers: ({ event }) => (event as unknown as { output: LoyaltyOffer[] }).output,
      error: null,
    }),
    setLoadError: assign({ offers: [], error: 'loyalty.errors.offersLoad' }),
    setShowArchived: assign({
      includeArchived: ({ event }) => (event.type === 'offers.showArchived' ? event.value : false),
    }),
    openNew: assign({ editor: () => editorWith('new', null, emptyOfferForm()) }),
    openEdit: assign({
      editor: ({ context, event }) => {
        const offer = context.offers.find((o) => event.type === 'offers.edit' && o.id === event.offerId)
        return offer ? editorWith('edit', offer.id, offerToForm(offer)) : null
      },
    }),
    closeEditor: assign({ editor: null }),
    change: assign({
      editor: ({ context, event }) => {
        const e = context.editor
        if (!e || event.type !== 'offer.change') return e
        return {
          ...e,
          values: { ...e.values, [event.field]: event.value },
          touched: e.touched.includes(event.field) ? e.touched : [...e.touched, event.field],
          serverErrors: {},
        }
      },
    }),
    toggleProduct: assign({
      editor: ({ context, event }) => {
        const e = context.editor
        if (!e || event.type !== 'offer.toggleProduct') return e
        return {
          ...e,
          values: { ...e.values, posProductIds: toggleId(e.values.posProductIds, event.productId) },
          touched: [...e.touched, 'posProductIds' as const],
        }
      },
    }),
    setImage: assign({
      editor: ({ context, event }) =>
        context.editor && {
          ...context.editor,
          values: {
            ...context.editor.values,
            image: (event as unknown as { output: { url: string } }).output.url,
          },
        },
    }),
    markSubmitted: assign({
      editor: ({ context }) => context.editor && { ...context.editor, submitted: true },
    }),
    /** A 400 names the field and its §8 message: shown on that field. */
    setServerError: assign({
      editor: ({ context, event }) => {
        const error = (event as { error?: ApiError }).error
        const field = error?.field as OfferField | undefined
        const id = error?.details?.messageId
        if (!context.editor || !field || typeof id !== 'string') return context.editor
        return { ...context.editor, serverErrors: { [field]: id }, submitted: true }
      },
    }),
    askStatus: assign({
      statusChange: ({ context, event }) => {
        const offer = context.offers.find((o) => event.type === 'offers.status' && o.id === event.offerId)
        if (!offer) return null
        return {
          offerId: offer.id,
          name: offer.name,
          status: offer.status === 'ARCHIVED' ? ('ACTIVE' as const) : ('ARCHIVED' as const),
        }
      },
    }),
    clearStatus: assign({ statusChange: null }),
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    isKnownOffer: ({ context, event }) =>
      context.canEdit &&
      (event.type === 'offers.edit' || event.type === 'offers.status') &&
      context.offers.some((o) => o.id === event.offerId),
    isOtherFilter: ({ context, event }) =>
      event.type === 'offers.showArchived' && event.value !== context.includeArchived,
    isValid: ({ context }) => isOfferValid(context.editor),
    hasChanges: ({ context }) => editorHasChanges(context.editor),
  },
}).createMachine({
  id: 'loyaltyOffers',
  context: ({ input }) => ({
    modelId: input.modelId,
    canEdit: input.canEdit,
    franchiseId: input.franchiseId ?? null,
    offers: [],
    includeArchived: false,
    error: null,
    editor: null,
    statusChange: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOffers',
        src: 'loadOffers',
        input: ({ context }) =>
          context.franchiseId
            ? { includeArchived: context.includeArchived, franchiseId: context.franchiseId }
            : { includeArchived: context.includeArchived },
        onDone: { target: 'ready', actions: 'setOffers' },
        onError: { target: 'failed', actions: 'setLoadError' },
      },
    },
    failed: { on: { 'offers.retry': 'loading' } },
    ready: {
      on: {
        'offers.showArchived': { guard: 'isOtherFilter', target: 'loading', actions: 'setShowArchived' },
        'offers.new': { guard: 'canEdit', target: 'editing', actions: 'openNew' },
        'offers.edit': { guard: 'isKnownOffer', target: 'editing', actions: 'openEdit' },
        'offers.status': { guard: 'isKnownOffer', target: 'confirmingStatus', actions: 'askStatus' },
      },
    },
    // The new/edit dialog (its type is editor.type).
    editing: {
      initial: 'idle',
      on: {
        'offer.change': { actions: 'change' },
        'offer.toggleProduct': { actions: 'toggleProduct' },
        'offer.close': [
          { guard: 'hasChanges', target: 'confirmingClose' },
          { target: 'ready', actions: 'closeEditor' },
        ],
      },
      states: {
        idle: {
          on: {
            'offer.upload': 'uploading',
            'offer.save': [
              { guard: 'isValid', target: '#loyaltyOffers.saving' },
              { actions: 'markSubmitted' },
            ],
          },
        },
        // The file goes to storage first; the form keeps the URL the upload answers.
        uploading: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ event }) => ({
              file: (event as Extract<LoyaltyOffersEvent, { type: 'offer.upload' }>).file,
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
    // Closing the dialog with unsaved changes asks first.
    confirmingClose: {
      on: {
        'offer.confirm': { target: 'ready', actions: 'closeEditor' },
        'offer.cancel': 'editing',
      },
    },
    saving: {
      invoke: {
        id: 'saveOffer',
        src: 'saveOffer',
        input: ({ context }) => ({
          modelId: context.modelId,
          offerId: context.editor!.offerId,
          body: offerFormToInput(context.editor!.values),
        }),
        onDone: {
          target: 'loading',
          actions: [notice('success', 'loyalty.offersUpdateSuccess', 'loyalty.offersSuccess'), 'closeEditor'],
        },
        onError: {
          target: 'editing',
          actions: ['setServerError', notice('error', 'loyalty.offersUpdateError', 'loyalty.offersError')],
        },
      },
    },
    confirmingStatus: {
      on: {
        'offer.confirm': 'changingStatus',
        'offer.cancel': { target: 'ready', actions: 'clearStatus' },
      },
    },
    changingStatus: {
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({
          modelId: context.modelId,
          offerId: context.statusChange!.offerId,
          status: context.statusChange!.status,
        }),
        onDone: {
          target: 'loading',
          actions: [
            'clearStatus',
            { type: 'notify', params: { level: 'success', id: 'loyalty.offerStatusSuccess' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            'clearStatus',
            { type: 'notify', params: { level: 'error', id: 'loyalty.offerStatusError' } },
          ],
        },
      },
    },
  },
})
