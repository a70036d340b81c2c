// The administration's merchant list (/pages/admin/dashboard; SPEC §2 admin panel, §6 admin, §7, §8
// "merchant list failure stores the HTTP status as error code"). Three regions:
// - list: the query (filter, page, size, sort, sortOrder) lives in the address; a `watchLocation` actor
//   turns address changes into `query.change`, every change made here is written back (`writeUrl`).
//   Only the latest request's answer is applied; a failure keeps the HTTP status and offers a retry
//   (the paged lists' rules, machines/paged-list).
// - search: the box is debounced (SEARCH_DEBOUNCE); Enter applies it at once; a new search goes to page 1.
// - action: one row action at a time, shown on its row: the confirmed subscription change, "connect
//   as" (an impostor token, then the app reloads as the merchant) and "add a franchise" for that
//   merchant (a dialog, then POST /api/v2/franchises {userId}); the create dialog, which invites the
//   owner now (POST /api/v2/franchise-owner) or creates the franchise alone and opens its panel, where
//   the owner is created later.
import { and, assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type CreatedFranchise,
  type CreatedFranchiseOwner,
  EMPTY_FRANCHISE_OWNER_FORM,
  type FranchiseOwnerForm,
  MERCHANT_FILTER_MAX,
  type MerchantRow,
  validateFranchiseForm,
  validateFranchiseOwnerForm,
} from '../../src/domain/admin'
import { isOtherPage } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import {
  type AdminMerchantsContext,
  type AdminMerchantsEvent,
  type AdminMerchantsInput,
  type CreateFranchiseInput,
  type ListMerchantsInput,
  type ListMerchantsOutput,
  MERCHANTS_SEARCH_DEBOUNCE_MS,
  type OwnerTiming,
} from './admin-merchants.types'
import {
  DEFAULT_MERCHANT_QUERY,
  isMerchantPageSize,
  isMerchantSortField,
  isSameMerchantQuery,
  nextMerchantSort,
  parseMerchantQuery,
  serializeMerchantQuery,
} from './query'

export * from './admin-merchants.types'

const list = pagedList<AdminMerchantsContext, AdminMerchantsEvent>({
  parse: parseMerchantQuery,
  serialize: serializeMerchantQuery,
  isSame: isSameMerchantQuery,
  searchOf: (q) => q.filter,
  withSearch: (q, filter) => ({ ...q, filter, page: DEFAULT_MERCHANT_QUERY.page }),
  sizeOf: (q) => q.size,
})
const { writeUrl } = list
const outputOf = <T>(event: unknown) => (event as { output: T }).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error
const rowOf = (c: AdminMerchantsContext, id: string | undefined) => c.rows.find((r) => r.id === id)
/** The open dialog's rules: with the owner (invited now), or the franchise alone. */
export const formErrorsOf = (c: Pick<AdminMerchantsContext, 'form' | 'ownerTiming' | 'target'>) =>
  c.target?.action === 'addFranchise' || c.ownerTiming === 'later'
    ? validateFranchiseForm(c.form)
    : validateFranchiseOwnerForm(c.form)

export const adminMerchantsMachine = setup({
  types: {
    input: {} as AdminMerchantsInput,
    context: {} as AdminMerchantsContext,
    events: {} as AdminMerchantsEvent,
  },
  actors: {
    listMerchants: fromPromise<ListMerchantsOutput, ListMerchantsInput>(async () => {
      throw new Error('listMerchants not provided')
    }),
    setSubscription: fromPromise<MerchantRow, { id: string; subscribed: boolean }>(async () => {
      throw new Error('setSubscription not provided')
    }),
    /** POST api/v2/token/encode: the impostor token of the merchant, for this admin. */
    encodeToken: fromPromise<{ id: string }, { userId: string; impostorId: string }>(async () => {
      throw new Error('encodeToken not provided')
    }),
    createFranchiseOwner: fromPromise<CreatedFranchiseOwner, { values: FranchiseOwnerForm }>(async () => {
      throw new Error('createFranchiseOwner not provided')
    }),
    /** POST /api/v2/franchises: for a merchant (userId), or without an owner yet. */
    createFranchise: fromPromise<CreatedFranchise, CreateFranchiseInput>(async () => {
      throw new Error('createFranchise not provided')
    }),
    watchLocation: fromCallback(() => () => {}),
  },
  delays: { SEARCH_DEBOUNCE: MERCHANTS_SEARCH_DEBOUNCE_MS },
  guards: {
    ...list.guards,
    isSortable: ({ event }) => event.type === 'merchants.sort' && isMerchantSortField(event.field),
    isOtherPage: ({ context, event }) =>
      event.type === 'merchants.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'merchants.size' && isMerchantPageSize(event.size) && event.size !== context.query.size,
    isKnownRow: ({ context, event }) => 'id' in event && !!rowOf(context, event.id),
    isFormValid: ({ context }) => Object.keys(formErrorsOf(context)).length === 0,
    isOwnerLater: ({ context }) => context.ownerTiming === 'later',
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    /** Provided by the app: a toast (message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) => {},
    /** Provided by the app: keeps the impostor token and reloads the app as the merchant (§4). */
    actAs: (_, _params: { token: string }) => {},
    /** Provided by the app: goes to a franchise's panel. */
    openPanel: (_, _params: { franchiseId: string }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    /** The search box's text is ready: the list region applies it. */
    submitSearch: raise({ type: 'query.searchApplied' }),
    sortBy: assign(({ context, event }) =>
      event.type === 'merchants.sort' && isMerchantSortField(event.field)
        ? { query: { ...context.query, ...nextMerchantSort(context.query, event.field) } }
        : {},
    ),
    goToPage: assign(({ context, event }) =>
      event.type === 'merchants.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'merchants.size'
        ? { query: { ...context.query, size: event.size, page: DEFAULT_MERCHANT_QUERY.page } }
        : {},
    ),
    setSearchInput: assign({
      searchInput: ({ event }) =>
        event.type === 'merchants.search' ? event.value.slice(0, MERCHANT_FILTER_MAX) : '',
    }),
    setPage: assign(({ event }) => {
      const { page } = outputOf<ListMerchantsOutput>(event)
      return { rows: page.data, total: page.metadata.total, errorCode: null }
    }),
    setListFailure: assign({ rows: [], total: 0, errorCode: ({ event }) => errorOf(event)?.status ?? 0 }),
    setSubscriptionTarget: assign({
      target: ({ context, event }): AdminMerchantsContext['target'] => {
        const row = rowOf(context, 'id' in event ? event.id : undefined)
        return row ? { id: row.id, action: row.isSubscribedRetailer ? 'deactivate' : 'activate' } : null
      },
    }),
    setConnectTarget: assign({
      target: ({ event }) => ('id' in event ? { id: event.id, action: 'connect' as const } : null),
    }),
    setAddFranchiseTarget: assign({
      target: ({ event }) => ('id' in event ? { id: event.id, action: 'addFranchise' as const } : null),
    }),
    replaceRow: assign({
      rows: ({ context, event }) => {
        const row = outputOf<MerchantRow>(event)
        return context.rows.map((r) => (r.id === row.id ? row : r))
      },
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
  id: 'adminMerchants',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    adminId: input.adminId,
    rows: [],
    total: 0,
    errorCode: null,
    target: null,
    form: { ...EMPTY_FRANCHISE_OWNER_FORM },
    ownerTiming: 'now',
    formErrors: {},
    formError: null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        ...list.followQuery,
        'merchants.sort': { guard: 'isSortable', target: '.loading', actions: ['sortBy', writeUrl] },
        'merchants.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', writeUrl] },
        'merchants.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', writeUrl] },
        'merchants.reload': '.loading',
      },
      states: {
        // Entered again for every new query: leaving aborts the call under way.
        loading: {
          entry: 'nextRequest',
          invoke: {
            id: 'listMerchants',
            src: 'listMerchants',
            input: ({ context }) => ({ query: context.query, requestId: context.requestId }),
            onDone: list.onAnswer,
            onError: { target: 'failed', actions: 'setListFailure' },
          },
        },
        ready: {},
        failed: { on: { 'merchants.retry': 'loading' } },
      },
    },
    search: list.searchRegion({ search: 'merchants.search', searchNow: 'merchants.searchNow' }),
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'merchants.subscription': {
              guard: 'isKnownRow',
              target: 'confirmingSubscription',
              actions: 'setSubscriptionTarget',
            },
            'merchants.connectAs': { guard: 'isKnownRow', target: 'connecting', actions: 'setConnectTarget' },
            'merchants.create': { target: 'editingFranchise', actions: 'openForm' },
            'merchants.addFranchise': {
              guard: 'isKnownRow',
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
                'replaceRow',
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
            'form.submit': [
              { guard: 'isFormValid', target: 'addingFranchise' },
              { actions: 'showFormErrors' },
            ],
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
                      email: rowOf(context, context.target?.id)?.email ?? '',
                    },
                  }),
                },
                'clearTarget',
                raise({ type: 'merchants.reload' }),
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
                raise({ type: 'merchants.reload' }),
              ],
            },
            onError: { target: 'editingFranchise', actions: 'setCreateFailure' },
          },
        },
      },
    },
  },
})
