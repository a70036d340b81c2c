// The CRM clients (/pages/user/crm, issue 21): the franchise's clients with their values of the form's
// fields as columns. The paged lists' rules (machines/paged-list): the query (search, a field that
// must have a value, page, size) lives in the address, a `watchLocation` actor turns address changes
// into `query.change`, every change made here is written back; only the latest answer is applied; a
// failure shows its message with a retry. The export link follows the applied filter (the view's).
// `crm.reload` (the builder saved) asks again: the columns may have changed.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate'
import type { CrmClientsQuery as ApiQuery } from '../../src/api/crm'
import type { CrmField } from '../../src/domain/crm'
import type { CrmClientPage, CrmClientRow } from '../../src/domain/crm-clients'
import { isOtherPage, type ListAnswer, type PagedListEvent } from '../paged-list/paged-list'
import { pagedList } from '../paged-list/paged-list.config'
import {
  type CrmClientsQuery,
  DEFAULT_CRM_QUERY,
  isCrmPageSize,
  isSameCrmQuery,
  parseCrmQuery,
  serializeCrmQuery,
} from './query'

export const CRM_SEARCH_DEBOUNCE_MS = 400

export type CrmClientsInput = { location: string; franchiseId: string }
export type ListCrmClientsInput = { franchiseId: string; query: ApiQuery; requestId: number }
export type ListCrmClientsOutput = ListAnswer<CrmClientPage>

export type CrmClientsContext = {
  query: CrmClientsQuery
  searchInput: string
  requestId: number
  franchiseId: string
  rows: CrmClientRow[]
  /** The columns: the form's active fields, static ones first. */
  fields: CrmField[]
  total: number
  error: string | null
}

export type CrmClientsEvent =
  | PagedListEvent<'crmList'>
  | { type: 'crmList.size'; size: number }
  | { type: 'crmList.field'; field: string }
  | { type: 'crm.reload' }

const list = pagedList<CrmClientsContext, CrmClientsEvent>({
  parse: parseCrmQuery,
  serialize: serializeCrmQuery,
  isSame: isSameCrmQuery,
  searchOf: (q) => q.search,
  withSearch: (q, search) => ({ ...q, search, page: DEFAULT_CRM_QUERY.page }),
  sizeOf: (q) => q.size,
})

export const crmClientsMachine = setup({
  types: { input: {} as CrmClientsInput, context: {} as CrmClientsContext, events: {} as CrmClientsEvent },
  actors: {
    listCrmClients: fromPromise<ListCrmClientsOutput, ListCrmClientsInput>(async () => {
      throw new Error('listCrmClients not provided')
    }),
    watchLocation: fromCallback(() => () => {}),
  },
  delays: { SEARCH_DEBOUNCE: CRM_SEARCH_DEBOUNCE_MS },
  guards: {
    ...list.guards,
    isOtherPage: ({ context, event }) =>
      event.type === 'crmList.page' && isOtherPage(event.page, context.query.page),
    isOtherSize: ({ context, event }) =>
      event.type === 'crmList.size' && isCrmPageSize(event.size) && event.size !== context.query.size,
    // A field of the columns (or '' for every client), other than the one applied.
    isOtherField: ({ context, event }) =>
      event.type === 'crmList.field' &&
      event.field !== context.query.field &&
      (event.field === '' || context.fields.some((f) => f.localId === event.field)),
  },
  actions: {
    /** Provided by the app: replaces the address's query. */
    writeUrl: (_, _params: { search: string }) => {},
    adoptLocation: assign(list.assigners.adoptLocation),
    applySearch: assign(list.assigners.applySearch),
    nextRequest: assign(list.assigners.nextRequest),
    goToLastPage: assign(list.assigners.goToLastPage),
    submitSearch: raise({ type: 'query.searchApplied' }),
    setSearchInput: assign({
      searchInput: ({ event }) => (event.type === 'crmList.search' ? event.value.slice(0, 100) : ''),
    }),
    goToPage: assign(({ context, event }) =>
      event.type === 'crmList.page' ? { query: { ...context.query, page: event.page } } : {},
    ),
    setSize: assign(({ context, event }) =>
      event.type === 'crmList.size' && isCrmPageSize(event.size)
        ? { query: { ...context.query, size: event.size, page: DEFAULT_CRM_QUERY.page } }
        : {},
    ),
    setField: assign(({ context, event }) =>
      event.type === 'crmList.field'
        ? { query: { ...context.query, field: event.field, page: DEFAULT_CRM_QUERY.page } }
        : {},
    ),
    setPage: assign(({ event }) => {
      const { page } = (event as unknown as { output: ListCrmClientsOutput }).output
      return {
        rows: [...page.data],
        fields: page.fields.filter((f) => f.status === 'ACTIVE'),
        total: page.metadata.total,
        error: null,
      }
    }),
    setFailure: assign({ rows: [], total: 0, error: 'crm.list.error' }),
  },
}).createMachine({
  id: 'crmClients',
  context: ({ input }) => ({
    ...list.fromLocation(input.location),
    franchiseId: input.franchiseId,
    rows: [],
    fields: [],
    total: 0,
    error: null,
  }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        ...list.followQuery,
        'crmList.page': { guard: 'isOtherPage', target: '.loading', actions: ['goToPage', list.writeUrl] },
        'crmList.size': { guard: 'isOtherSize', target: '.loading', actions: ['setSize', list.writeUrl] },
        'crmList.field': { guard: 'isOtherField', target: '.loading', actions: ['setField', list.writeUrl] },
        'crm.reload': '.loading',
      },
      states: {
        loading: {
          entry: 'nextRequest',
          invoke: {
            id: 'listCrmClients',
            src: 'listCrmClients',
            input: ({ context }) => ({
              franchiseId: context.franchiseId,
              query: {
                search: context.query.search,
                field: context.query.field,
                page: context.query.page,
                size: context.query.size,
              },
              requestId: context.requestId,
            }),
            onDone: list.onAnswer,
            onError: { target: 'failed', actions: 'setFailure' },
          },
        },
        ready: {},
        failed: { on: { 'crmList.retry': 'loading' } },
      },
    },
    search: list.searchRegion({ search: 'crmList.search', searchNow: 'crmList.searchNow' }),
  },
})
