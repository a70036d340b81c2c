// The administration's merchant page, its row actions and dialogs (SPEC §2 admin panel, §6 admin, §7):
// one row action at a time, shown on its row: the confirmed subscription change, "connect as" (an
// impostor token, then the app reloads as the merchant) and "add a franchise" for that merchant (a
// dialog, then POST /api/v2/franchises {userId}); the create dialog, which invites the owner now
// (POST /api/v2/franchise-owner) or creates the franchise alone and opens its panel, where the owner is
// created later. The list itself is the merchant list (createListMachine); the events here carry the
// row they are about; a changed row is handed back to the list (`rowChanged`), a created franchise asks
// it again (`listChanged`).
import { and, assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  EMPTY_FRANCHISE_OWNER_FORM,
  type MerchantRow,
  validateFranchiseForm,
  validateFranchiseOwnerForm,
} from '../../src/domain/admin'
import {
  createFranchise,
  createFranchiseOwner,
  encodeToken,
  setSubscription,
  startActingAs,
} from './admin-merchants.actors'
import type {
  MerchantActionsContext,
  MerchantActionsEvent,
  MerchantActionsInput,
  OwnerTiming,
} from './admin-merchants.types'

export * from './admin-merchants.types'

const errorOf = (event: unknown) => (event as { error?: ApiError }).error
/** The open dialog's rules: with the owner (invited now), or the franchise alone. */
export const formErrorsOf = (c: Pick<MerchantActionsContext, 'form' | 'ownerTiming' | 'target'>) =>
  c.target?.action === 'addFranchise' || c.ownerTiming === 'later'
    ? validateFranchiseForm(c.form)
    : validateFranchiseOwnerForm(c.form)

export const merchantActionsMachine = setup({
  types: {
    input: {} as MerchantActionsInput,
    context: {} as MerchantActionsContext,
    events: {} as MerchantActionsEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: { setSubscription, encodeToken, createFranchiseOwner, createFranchise },
  guards: {
    isFormValid: ({ context }) => Object.keys(formErrorsOf(context)).length === 0,
    isOwnerLater: ({ context }) => context.ownerTiming === 'later',
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) => {},
    /** Keeps the impostor token and reloads the app as the merchant (§4); tests provide a recorder. */
    actAs: (_, params: { token: string }) => startActingAs(params.token),
    /** Provided by the app: goes to a franchise's panel. */
    openPanel: (_, _params: { franchiseId: string }) => {},
    /** Provided by the page: the list shows this row's new version (`list.updateRow`). */
    rowChanged: (_, _params: { row: MerchantRow }) => {},
    /** Provided by the page: the list asks again (`list.reload`). */
    listChanged: () => {},
    setSubscriptionTarget: assign({
      target: ({ event }): MerchantActionsContext['target'] =>
        'row' in event
          ? {
              id: event.row.id,
              action: event.row.isSubscribedRetailer ? 'deactivate' : 'activate',
              row: event.row,
            }
          : null,
    }),
    setConnectTarget: assign({
      target: ({ event }) =>
        'row' in event ? { id: event.row.id, action: 'connect' as const, row: event.row } : null,
    }),
    setAddFranchiseTarget: assign({
      target: ({ event }) =>
        'row' in event ? { id: event.row.id, action: 'addFranchise' as const, row: event.row } : null,
    }),
    clearTarget: assign({ target: null }),
    openForm: assign({
      form: () => ({ ...EMPTY_FRANCHISE_OWNER_FORM }),
      ownerTiming: 'now' as OwnerTiming,
      formErrors: {},
      formError: null,
    }),
    editField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {}
      const form = { ...context.form, [event.field]: event.value }
      // Errors already shown follow the typing; none appear before a first submit.
      const shown = Object.keys(context.formErrors).length > 0
      return { form, formErrors: shown ? formErrorsOf({ ...context, form }) : {}, formError: null }
    }),
    setOwnerTiming: assign(({ context, event }) => {
      if (event.type !== 'form.ownerTiming') return {}
      const shown = Object.keys(context.formErrors).length > 0
      const next = { ...context, ownerTiming: event.value }
      return { ownerTiming: event.value, formErrors: shown ? formErrorsOf(next) : {}, formError: null }
    }),
    showFormErrors: assign({ formErrors: ({ context }) => formErrorsOf(context) }),
    setCreateFailure: assign(({ event }) => {
      const error = errorOf(event)
      if (error?.status === 409) return { formErrors: { email: 'admin.create.errors.emailExists' } }
      // §5: a bad title or country the server names goes on its field; anything else is generic.
      const field = error?.status === 400 ? error.field : undefined
      if (field === 'title') return { formErrors: { title: 'admin.create.errors.titleRequired' } }
      if (field === 'codeAlpha3') return { formErrors: { codeAlpha3: 'admin.create.errors.country' } }
      if (field === 'email') return { formErrors: { email: 'admin.create.errors.emailInvalid' } }
      return { formError: 'errors.generic' }
    }),
  },
}).createMachine({
  id: 'merchantActions',
  context: ({ input }) => ({
    adminId: input.adminId,
    target: null,
    form: { ...EMPTY_FRANCHISE_OWNER_FORM },
    ownerTiming: 'now',
    formErrors: {},
    formError: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'merchants.subscription': {
          target: 'confirmingSubscription',
          actions: 'setSubscriptionTarget',
        },
        'merchants.connectAs': { target: 'connecting', actions: 'setConnectTarget' },
        'merchants.create': { target: 'editingFranchise', actions: 'openForm' },
        'merchants.addFranchise': {
          target: 'editingMerchantFranchise',
          actions: ['openForm', 'setAddFranchiseTarget'],
        },
      },
    },
    // Deactivating cuts a paying merchant off at its next request: it is confirmed first.
    confirmingSubscription: {
      on: {
        'dialog.confirm': 'changingSubscription',
        'dialog.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    changingSubscription: {
      invoke: {
        id: 'setSubscription',
        src: 'setSubscription',
        input: ({ context }) => ({
          id: context.target!.id,
          subscribed: context.target!.action === 'activate',
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'rowChanged', params: ({ event }) => ({ row: event.output }) },
            {
              type: 'notify',
              params: ({ event }) => ({
                level: 'success' as const,
                id: event.output.isSubscribedRetailer
                  ? 'admin.subscription.activated'
                  : 'admin.subscription.deactivated',
                values: { email: event.output.email },
              }),
            },
            'clearTarget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { level: 'error', id: 'admin.subscription.error' } },
            'clearTarget',
          ],
        },
      },
    },
    connecting: {
      invoke: {
        id: 'encodeToken',
        src: 'encodeToken',
        input: ({ context }) => ({ userId: context.target!.id, impostorId: context.adminId }),
        onDone: {
          target: 'leaving',
          actions: { type: 'actAs', params: ({ event }) => ({ token: event.output.id }) },
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { level: 'error', id: 'admin.connectAs.error' } },
            'clearTarget',
          ],
        },
      },
    },
    // The page is reloading as the merchant: nothing more happens here.
    leaving: {},
    editingFranchise: {
      on: {
        'form.change': { actions: 'editField' },
        'form.ownerTiming': { actions: 'setOwnerTiming' },
        'form.submit': [
          { guard: and(['isFormValid', 'isOwnerLater']), target: 'creatingFranchiseWithoutOwner' },
          { guard: 'isFormValid', target: 'creatingFranchise' },
          { actions: 'showFormErrors' },
        ],
        'dialog.cancel': 'idle',
      },
    },
    // The franchise alone: its panel opens, where its owner is created later.
    creatingFranchiseWithoutOwner: {
      invoke: {
        id: 'createFranchise',
        src: 'createFranchise',
        input: ({ context }) => ({ values: context.form }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                level: 'success' as const,
                id: 'admin.create.createdAlone',
                values: { name: event.output.name },
              }),
            },
            { type: 'openPanel', params: ({ event }) => ({ franchiseId: event.output.id }) },
          ],
        },
        onError: { target: 'editingFranchise', actions: 'setCreateFailure' },
      },
    },
    // "Add a franchise" on a merchant's row: title and country, for that merchant.
    editingMerchantFranchise: {
      on: {
        'form.change': { actions: 'editField' },
        'form.submit': [{ guard: 'isFormValid', target: 'addingFranchise' }, { actions: 'showFormErrors' }],
        'dialog.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    addingFranchise: {
      invoke: {
        id: 'createFranchise',
        src: 'createFranchise',
        input: ({ context }) => ({ values: context.form, userId: context.target!.id }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }) => ({
                level: 'success' as const,
                id: 'admin.addFranchise.success',
                values: {
                  name: event.output.name,
                  email: context.target?.row.email ?? '',
                },
              }),
            },
            'clearTarget',
            'listChanged',
          ],
        },
        onError: { target: 'editingMerchantFranchise', actions: 'setCreateFailure' },
      },
    },
    creatingFranchise: {
      invoke: {
        id: 'createFranchiseOwner',
        src: 'createFranchiseOwner',
        input: ({ context }) => ({ values: context.form }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                level: 'success' as const,
                id: 'admin.create.success',
                values: { name: event.output.franchise.name, email: event.output.owner.email },
              }),
            },
            'listChanged',
          ],
        },
        onError: { target: 'editingFranchise', actions: 'setCreateFailure' },
      },
    },
  },
})
