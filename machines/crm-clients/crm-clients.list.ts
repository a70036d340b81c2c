// The CRM clients (/pages/user/crm, issue 21): the franchise's clients with their values of the form's
// fields as columns. One list of machines/paged-list: the query (search, a field that must have a
// value, page, size) lives in the address; the columns come with every answer (the form's active
// fields), and only a field of them is a filter. The export link follows the applied filter (the
// view's). The builder's save sends `list.reload`: the columns may have changed.
import type { SnapshotFrom } from 'xstate'
import type { CrmField } from '../../src/domain/crm'
import { CRM_PAGE_SIZES, CRM_SEARCH_MAX, type CrmClientPage } from '../../src/domain/crm-clients'
import {
  createListMachine,
  type ListDefinition,
  type ListEvent,
  type ListInput,
  type LoadPageInput,
} from '../paged-list/list.machine'
import { toListView } from '../paged-list/list.view'
import type { ListAnswer } from '../paged-list/paged-list'
import { listCrmClients } from './crm-clients.actors'
import { type CrmClientsQuery, DEFAULT_CRM_QUERY, parseCrmQuery, serializeCrmQuery } from './query'

export const CRM_SEARCH_DEBOUNCE_MS = 400

export type CrmClientsParams = { franchiseId: string }
export type CrmClientsInput = ListInput<CrmClientsParams>
export type ListCrmClientsInput = LoadPageInput<CrmClientsQuery, CrmClientsParams>
export type ListCrmClientsOutput = ListAnswer<CrmClientPage>
export type CrmClientsEvent = ListEvent<CrmClientsQuery>
/** The columns: the form's active fields, static ones first. */
export type CrmClientsExtra = { fields: CrmField[] }

const isCrmFiltered = (q: CrmClientsQuery) => q.search !== '' || q.field !== ''

/** The list's definition (its machine below; its tests replay it against the paged lists' model). */
export const crmClientsList: ListDefinition<CrmClientsQuery, CrmClientPage, CrmClientsExtra> = {
  id: 'crmClients',
  parse: parseCrmQuery,
  serialize: serializeCrmQuery,
  pageSizes: CRM_PAGE_SIZES,
  search: {
    of: (q) => q.search,
    with: (q, search) => ({ ...q, search, page: DEFAULT_CRM_QUERY.page }),
    max: CRM_SEARCH_MAX,
    debounceMs: CRM_SEARCH_DEBOUNCE_MS,
  },
  isFiltered: isCrmFiltered,
  // A field of the columns (or '' for every client).
  acceptsFilter: (filter, extra) =>
    filter.field === undefined || filter.field === '' || extra.fields.some((f) => f.localId === filter.field),
  extra: {
    initial: { fields: [] },
    of: (page) => ({ fields: page.fields.filter((f) => f.status === 'ACTIVE') }),
  },
  errorKey: 'crm.list.error',
}
// With its real call (src/api); tests and stories provide a fake `loadPage`.
export const crmClientsMachine = createListMachine<
  CrmClientsQuery,
  CrmClientPage,
  CrmClientsParams,
  CrmClientsExtra
>(crmClientsList, listCrmClients)
export type CrmClientsContext = SnapshotFrom<typeof crmClientsMachine>['context']

/** What the CRM clients list renders. */
export function toCrmClientsView(s: SnapshotFrom<typeof crmClientsMachine>) {
  const view = toListView(s, isCrmFiltered)
  const { query } = view
  return {
    ...view,
    fields: view.extra.fields,
    /** The export takes the applied filter (not what is still being typed). */
    exportFilter: { search: query.search, field: query.field },
  }
}
export type CrmClientsView = ReturnType<typeof toCrmClientsView>
