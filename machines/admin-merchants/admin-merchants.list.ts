// The administration's merchant list (/pages/admin/dashboard; SPEC §2 admin panel, §6 admin, §7, §8
// "merchant list failure stores the HTTP status as error code"): one list of machines/paged-list. The
// query (filter, page, size, sort, sortOrder) lives in the address; the search box (the `filter`) waits
// for a pause and goes back to the first page; a column header sorts (the sorted column toggles its
// order, another sorts descending); a failure keeps the HTTP status (the view's `errorCode`). The row
// actions and dialogs are admin-merchants-actions: a subscription change shows its row at once
// (`list.updateRow`), a created franchise reloads the list.
import type { SnapshotFrom } from 'xstate'
import { MERCHANT_FILTER_MAX, MERCHANT_PAGE_SIZES, type MerchantPage } from '../../src/domain/admin'
import {
  createListMachine,
  type ListDefinition,
  type ListEvent,
  type ListInput,
  type LoadPageInput,
} from '../paged-list/list.machine'
import { toListView } from '../paged-list/list.view'
import type { ListAnswer } from '../paged-list/paged-list'
import { listMerchants } from './admin-merchants.actors'
import {
  DEFAULT_MERCHANT_QUERY,
  isMerchantSortField,
  type MerchantQuery,
  nextMerchantSort,
  parseMerchantQuery,
  serializeMerchantQuery,
} from './query'

export const MERCHANTS_SEARCH_DEBOUNCE_MS = 400

/** Every merchant (an administrator's list): no parameter besides the query. */
export type MerchantsParams = Record<string, never>
export type MerchantsListInput = ListInput<MerchantsParams>
export type ListMerchantsInput = LoadPageInput<MerchantQuery, MerchantsParams>
export type ListMerchantsOutput = ListAnswer<MerchantPage>
export type MerchantsListEvent = ListEvent<MerchantQuery>

const isMerchantsFiltered = (q: MerchantQuery) => q.filter !== ''

/** The list's definition (its machine below; its tests replay it against the paged lists' model). */
export const merchantsList: ListDefinition<MerchantQuery, MerchantPage, null> = {
  id: 'adminMerchants',
  parse: parseMerchantQuery,
  serialize: serializeMerchantQuery,
  pageSizes: MERCHANT_PAGE_SIZES,
  search: {
    of: (q) => q.filter,
    with: (q, filter) => ({ ...q, filter, page: DEFAULT_MERCHANT_QUERY.page }),
    max: MERCHANT_FILTER_MAX,
    debounceMs: MERCHANTS_SEARCH_DEBOUNCE_MS,
  },
  sortBy: (q, field) => (isMerchantSortField(field) ? { ...q, ...nextMerchantSort(q, field) } : null),
  idOf: (row) => row.id,
  // Clearing the search keeps the sort and the page size.
  clear: (q) => ({ ...q, filter: '', page: DEFAULT_MERCHANT_QUERY.page }),
  isFiltered: isMerchantsFiltered,
  extra: { initial: null, of: () => null },
  errorKey: 'admin.errors.load',
}
export const adminMerchantsListMachine = createListMachine<
  MerchantQuery,
  MerchantPage,
  MerchantsParams,
  null
>(merchantsList, listMerchants)
export type MerchantsListContext = SnapshotFrom<typeof adminMerchantsListMachine>['context']

/** What the administration page renders of its list. */
export function toMerchantsListView(s: SnapshotFrom<typeof adminMerchantsListMachine>) {
  const view = toListView(s, isMerchantsFiltered)
  const { query } = view
  return {
    ...view,
    /** §8: the HTTP status of the failed list call (0: the server could not be reached). */
    errorCode: view.errorStatus,
    sortDirection: (field: string) =>
      query.sort === field
        ? query.sortOrder === 'asc'
          ? ('ascending' as const)
          : ('descending' as const)
        : undefined,
  }
}
export type MerchantsListView = ReturnType<typeof toMerchantsListView>
