// Store owners management (/pages/owners, SPEC §6/§7 "Owners", §8 409). Three regions:
// - list: the query (search, page, size) lives in the address; a `watchLocation` actor turns address
//   changes into `query.change`, and every change made here is written back (`writeUrl`). Only the latest
//   request's answer is applied; a failure shows the error with a retry (the paged list's rules).
// - search: the search box is debounced (SEARCH_DEBOUNCE); Enter applies it at once; a new search goes
//   back to the first page.
// - dialog: the create dialog (e-mail, optional name, stores picked from the session's stores; the
//   e-mail already used is the §8 409 message), changing an owner's stores, resending an invitation that
//   was not used yet, and the confirmed unlink of an owner.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { OwnerQuery } from '../../src/api/owners'
import {
  type OwnerFormErrors,
  type OwnerFormValues,
  type OwnerPage,
  type OwnerRow,
  validateOwnerForm,
} from '../../src/domain/owners'
import { isOtherPage, type ListAnswer, type PagedListEvent } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import {
  DEFAULT_OWNERS_QUERY,
  isPageSize,
  isSameOwnersQuery,
  OWNERS_SEARCH_MAX,
  type OwnersQuery,
  parseOwnersQuery,
  serializeOwnersQuery,
} from './query'

export const OWNERS_SEARCH_DEBOUNCE_MS = 400

export type OwnersInput = {
  /** The address's search part when the page opens. */
  location: string
  /** The session's stores: the ones a new owner may be given. */
  stores: readonly { id: string; name: string }[]
}

export type ListOwnersInput = { query: OwnerQuery; requestId: number }
export type ListOwnersOutput = ListAnswer<OwnerPage>

export const EMPTY_OWNER_FORM: OwnerFormValues = { email: '', displayName: '', storeIds: [] }

export type OwnersContext = {
  query: OwnersQuery
  searchInput: string
  rows: OwnerRow[]
  total: number
  error: string | null
  requestId: number
  stores: { id: string; name: string }[]
  form: OwnerFormValues
  /** Field errors (message ids), shown once a submit was tried. */
  formErrors: OwnerFormErrors
  /** A message id for the whole dialog (network, server error). */
  formError: string | null
  /** The owner an unlink is being confirmed for. */
  target: OwnerRow | null
}

export type OwnersEvent =
  /** query.change, owners.search, owners.searchNow, owners.page, owners.retry and query.searchApplied. */
  | PagedListEvent<'owners'>
  | { type: 'owners.size'; size: number }
  | { type: 'owners.create' }
  | { type: 'owners.unlink'; id: string }
  | { type: 'owners.editStores'; id: string }
  | { type: 'owners.resend'; id: string }
  | { type: 'form.change'; field: 'email' | 'displayName'; value: string }
  | { type: 'form.toggleStore'; storeId: string }
  | { type: 'form.submit' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.confirm' }
  /** Raised after a create or an unlink: the list asks again. */
  | { type: 'owners.reload' }

const list = pagedList<OwnersContext, OwnersEvent>({
  parse: parseOwnersQuery,
  serialize: serializeOwnersQuery,
  isSame: isSameOwnersQuery,
  searchOf: (q) => q.search,
  withSearch: (q, search) => ({ ...q, search, page: DEFAULT_OWNERS_QUERY.page }),
  sizeOf: (q) => q.size,
})
const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error

export const ownersMachine = setup({
  types: { input: {} as OwnersInput, context: {} as OwnersContext, events: {} as OwnersEvent },
  actors: {
    listOwners: fromPromise<ListOwnersOutput, ListOwnersInput>(async () => {
      throw new Error('listOwners not provided')
    }),
    createOwner: fromPromise<OwnerRow, { values: OwnerFormValues }>(async () => {
      throw new Error('createOwner not provided')
    }),
    unlinkOwner: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('unlinkOwner not provided')
    }),
    updateOwnerStores: fromPromise<OwnerRow, { id: string; storeIds: string[] }>(async () => {
      throw new Error('updateOwnerStores not provided')
    }),
    resendInvitation: fromPromise<OwnerRow, { id: string }>(async () => {
      throw new Error('resendInvitation not provided')
    }),
    watchLocation: fromCallback(() => () => {}),
  },
  delays: { SEARCH_DEBOUNCE: OWNERS_SEARCH_DEBOUNCE_MS },
  guards: {
    ...list.guards,
    isOtherPage: ({ context, event }) =>
      event.type === 'owners.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'owners.size' && isPageSize(event.size) && event.size !== context.query.size,
    hasStores: ({ context }) => context.stores.length > 0,
    isFormValid: ({ context }) => Object.keys(validateOwnerForm(context.form)).length === 0,
    isKnownRow: ({ context, event }) =>
      'id' in event && typeof event.id === 'string' && context.rows.some((r) => r.id === event.id),
    // Only an invitation not used yet (no password set) can be sent again.
    isInvited: ({ context, event }) =>
      event.type === 'owners.resend' && context.rows.some((r) => r.id === event.id && !r.hasPassword),
    hasStoreSelected: ({ context }) => context.form.storeIds.length > 0,
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    /** The search box's text is ready: the list region applies it. */
    submitSearch: raise({ type: 'query.searchApplied' }),
    goToPage: assign(({ context, event }) =>
      event.type === 'owners.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'owners.size' && isPageSize(event.size)
        ? { query: { ...context.query, size: event.size, page: DEFAULT_OWNERS_QUERY.page } }
        : {},
    ),
    setSearchInput: assign({
      searchInput: ({ event }) =>
        event.type === 'owners.search' ? event.value.slice(0, OWNERS_SEARCH_MAX) : '',
    }),
    setPage: assign(({ event }) => {
      const { page } = outputOf<ListOwnersOutput>(event)
      return { rows: page.data, total: page.metadata.total, error: null }
    }),
    setListFailure: assign({ rows: [], total: 0, error: 'ownersManagement.errors.load' }),
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
    setTarget: assign({
      target: ({ context, event }) =>
        'id' in event ? (context.rows.find((r) => r.id === event.id) ?? null) : null,
    }),
    /** The stores form starts from the owner's stores that the session knows. */
    openStoresForm: assign(({ context, event }) => {
      const row = 'id' in event ? context.rows.find((r) => r.id === event.id) : undefined
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
  id: 'owners',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    rows: [],
    total: 0,
    error: null,
    stores: input.stores.map((s) => ({ id: s.id, name: s.name })),
    form: { ...EMPTY_OWNER_FORM },
    formErrors: {},
    formError: null,
    target: null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        ...list.followQuery,
        'owners.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', list.writeUrl] },
        'owners.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', list.writeUrl] },
        'owners.reload': '.loading',
      },
      states: {
        // Entered again for every new query: leaving aborts the call under way.
        loading: {
          entry: 'nextRequest',
          invoke: {
            id: 'listOwners',
            src: 'listOwners',
            input: ({ context }) => ({
              query: { search: context.query.search, page: context.query.page, size: context.query.size },
              requestId: context.requestId,
            }),
            onDone: list.onAnswer,
            onError: { target: 'failed', actions: 'setListFailure' },
          },
        },
        ready: {},
        failed: { on: { 'owners.retry': 'loading' } },
      },
    },
    search: list.searchRegion({ search: 'owners.search', searchNow: 'owners.searchNow' }),
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            // Without a store there is nothing to give a store owner: the page offers to create one.
            'owners.create': { guard: 'hasStores', target: 'editing', actions: 'openForm' },
            'owners.unlink': { guard: 'isKnownRow', target: 'confirmingUnlink', actions: 'setTarget' },
            'owners.editStores': {
              guard: 'isKnownRow',
              target: 'editingStores',
              actions: ['setTarget', 'openStoresForm'],
            },
            'owners.resend': { guard: 'isInvited', target: 'resending', actions: 'setTarget' },
          },
        },
        editingStores: {
          on: {
            'form.toggleStore': { actions: 'toggleStore' },
            'form.submit': [
              { guard: 'hasStoreSelected', target: 'savingStores' },
              { actions: 'requireStore' },
            ],
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
                raise({ type: 'owners.reload' }),
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
                raise({ type: 'owners.reload' }),
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
                raise({ type: 'owners.reload' }),
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
                raise({ type: 'owners.reload' }),
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
    },
  },
})
