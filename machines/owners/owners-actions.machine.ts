// The owners page's dialogs (SPEC §6/§7 "Owners", §8 409): the create dialog (e-mail, optional name,
// stores picked from the session's stores; the e-mail already used is the §8 409 message), changing an
// owner's stores, resending an invitation that was not used yet, and the confirmed unlink of an owner.
// The list itself is the owners list (createListMachine); the events here carry the row they are about,
// and after a change the `listChanged` action (provided by the page: `list.reload`) asks the list again.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type OwnerFormErrors,
  type OwnerFormValues,
  type OwnerRow,
  validateOwnerForm,
} from '../../src/domain/owners'
import { createOwner, resendInvitation, unlinkOwner, updateOwnerStores } from './owners.actors'

export type OwnersActionsInput = {
  /** The session's stores: the ones a new owner may be given. */
  stores: readonly { id: string; name: string }[]
}

export const EMPTY_OWNER_FORM: OwnerFormValues = { email: '', displayName: '', storeIds: [] }

export type OwnersActionsContext = {
  stores: { id: string; name: string }[]
  form: OwnerFormValues
  /** Field errors (message ids), shown once a submit was tried. */
  formErrors: OwnerFormErrors
  /** A message id for the whole dialog (network, server error). */
  formError: string | null
  /** The owner an unlink, a stores change or an invitation is for. */
  target: OwnerRow | null
}

export type OwnersActionsEvent =
  | { type: 'owners.create' }
  | { type: 'owners.unlink'; row: OwnerRow }
  | { type: 'owners.editStores'; row: OwnerRow }
  | { type: 'owners.resend'; row: OwnerRow }
  | { type: 'form.change'; field: 'email' | 'displayName'; value: string }
  | { type: 'form.toggleStore'; storeId: string }
  | { type: 'form.submit' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.confirm' }

const errorOf = (event: unknown) => (event as { error?: ApiError }).error

export const ownersActionsMachine = setup({
  types: {
    input: {} as OwnersActionsInput,
    context: {} as OwnersActionsContext,
    events: {} as OwnersActionsEvent,
  },
  actors: {
    createOwner,
    unlinkOwner,
    updateOwnerStores,
    resendInvitation,
  },
  guards: {
    hasStores: ({ context }) => context.stores.length > 0,
    isFormValid: ({ context }) => Object.keys(validateOwnerForm(context.form)).length === 0,
    // Only an invitation not used yet (no password set) can be sent again.
    isInvited: ({ event }) => event.type === 'owners.resend' && !event.row.hasPassword,
    hasStoreSelected: ({ context }) => context.form.storeIds.length > 0,
  },
  actions: {
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) => {},
    /** Provided by the page: the list asks again (`list.reload`). */
    listChanged: () => {},
    openForm: assign({ form: () => ({ ...EMPTY_OWNER_FORM }), formErrors: {}, formError: null }),
    editField: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {}
      const form = { ...context.form, [event.field]: event.value }
      // Errors already shown follow the typing; none appear before a first submit.
      const shown = Object.keys(context.formErrors).length > 0
      return { form, formErrors: shown ? validateOwnerForm(form) : {}, formError: null }
    }),
    toggleStore: assign(({ context, event }) => {
      if (event.type !== 'form.toggleStore' || !context.stores.some((s) => s.id === event.storeId)) return {}
      const has = context.form.storeIds.includes(event.storeId)
      const storeIds = has
        ? context.form.storeIds.filter((id) => id !== event.storeId)
        : [...context.form.storeIds, event.storeId]
      const form = { ...context.form, storeIds }
      const shown = Object.keys(context.formErrors).length > 0
      return { form, formErrors: shown ? validateOwnerForm(form) : {} }
    }),
    showFormErrors: assign({ formErrors: ({ context }) => validateOwnerForm(context.form) }),
    setCreateFailure: assign(({ event }) => {
      const error = errorOf(event)
      if (error?.status === 409) return { formErrors: { email: 'ownersManagement.errors.emailExists' } }
      if (error?.status === 400 && error.field === 'email')
        return { formErrors: { email: 'ownersManagement.errors.emailInvalid' } }
      if (error?.status === 404) return { formError: 'ownersManagement.errors.storeNotFound' }
      return { formError: 'ownersManagement.errors.create' }
    }),
    setTarget: assign({ target: ({ event }) => ('row' in event ? event.row : null) }),
    /** The stores form starts from the owner's stores that the session knows. */
    openStoresForm: assign(({ context, event }) => {
      const row = 'row' in event ? event.row : undefined
      const known = new Set(context.stores.map((s) => s.id))
      const storeIds = (row?.stores ?? []).map((s) => s.id).filter((id) => known.has(id))
      return {
        form: { ...EMPTY_OWNER_FORM, email: row?.email ?? '', storeIds },
        formErrors: {},
        formError: null,
      }
    }),
    requireStore: assign({ formErrors: { storeIds: 'ownersManagement.errors.storesRequired' } }),
    setStoresFailure: assign(({ event }) => ({
      formError:
        errorOf(event)?.status === 404
          ? 'ownersManagement.errors.storeNotFound'
          : 'ownersManagement.errors.stores',
    })),
    clearTarget: assign({ target: null }),
  },
}).createMachine({
  id: 'ownersActions',
  context: ({ input }) => ({
    stores: input.stores.map((s) => ({ id: s.id, name: s.name })),
    form: { ...EMPTY_OWNER_FORM },
    formErrors: {},
    formError: null,
    target: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        // Without a store there is nothing to give a store owner: the page offers to create one.
        'owners.create': { guard: 'hasStores', target: 'editing', actions: 'openForm' },
        'owners.unlink': { target: 'confirmingUnlink', actions: 'setTarget' },
        'owners.editStores': { target: 'editingStores', actions: ['setTarget', 'openStoresForm'] },
        'owners.resend': { guard: 'isInvited', target: 'resending', actions: 'setTarget' },
      },
    },
    editingStores: {
      on: {
        'form.toggleStore': { actions: 'toggleStore' },
        'form.submit': [{ guard: 'hasStoreSelected', target: 'savingStores' }, { actions: 'requireStore' }],
        'dialog.cancel': { target: 'closed', actions: 'clearTarget' },
      },
    },
    savingStores: {
      invoke: {
        id: 'updateOwnerStores',
        src: 'updateOwnerStores',
        input: ({ context }) => ({ id: context.target!.id, storeIds: context.form.storeIds }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notify', params: { level: 'success', id: 'ownersManagement.stores.success' } },
            'clearTarget',
            'listChanged',
          ],
        },
        onError: { target: 'editingStores', actions: 'setStoresFailure' },
      },
    },
    resending: {
      invoke: {
        id: 'resendInvitation',
        src: 'resendInvitation',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                level: 'success' as const,
                id: 'ownersManagement.resend.success',
                values: { email: context.target?.email ?? '' },
              }),
            },
            'clearTarget',
            'listChanged',
          ],
        },
        onError: {
          target: 'closed',
          actions: [
            { type: 'notify', params: { level: 'error', id: 'ownersManagement.errors.resend' } },
            'clearTarget',
          ],
        },
      },
    },
    editing: {
      on: {
        'form.change': { actions: 'editField' },
        'form.toggleStore': { actions: 'toggleStore' },
        'form.submit': [{ guard: 'isFormValid', target: 'creating' }, { actions: 'showFormErrors' }],
        'dialog.cancel': 'closed',
      },
    },
    creating: {
      invoke: {
        id: 'createOwner',
        src: 'createOwner',
        input: ({ context }) => ({ values: context.form }),
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                level: 'success' as const,
                id: 'ownersManagement.create.success',
                values: { email: event.output.email },
              }),
            },
            'listChanged',
          ],
        },
        onError: { target: 'editing', actions: 'setCreateFailure' },
      },
    },
    // §"confirmation before destructive actions": unlinking ends the owner's access to the stores.
    confirmingUnlink: {
      on: {
        'dialog.confirm': 'unlinking',
        'dialog.cancel': { target: 'closed', actions: 'clearTarget' },
      },
    },
    unlinking: {
      invoke: {
        id: 'unlinkOwner',
        src: 'unlinkOwner',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notify', params: { level: 'success', id: 'ownersManagement.unlink.success' } },
            'clearTarget',
            'listChanged',
          ],
        },
        onError: {
          target: 'closed',
          actions: [
            { type: 'notify', params: { level: 'error', id: 'ownersManagement.errors.unlink' } },
            'clearTarget',
          ],
        },
      },
    },
  },
})
