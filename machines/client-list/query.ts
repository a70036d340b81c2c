// The client list's query (SPEC §2 Client list, §4, §9) and how it lives in the address bar. Pure: the
// machine, its tests and the page use it.
//   ?page=2&rowsPerPage=10&sort=points&order=asc&search=marie&store=<id>&acquiredFrom=STORE&acquiredFrom=…
// Pages are one-based in the address and in calls (the API's `page`). Values equal to the §9 defaults
// are left out of the address, and anything unknown or malformed reads as its default.
import type { ClientQuery } from '../../src/api/clients'
import {
  ACQUISITION_SOURCES,
  type AcquisitionSource,
  CLIENT_LIST_DEFAULTS,
  CLIENT_PAGE_SIZES,
  CLIENT_SORT_FIELDS,
  CLIENT_TYPES,
  type ClientSortField,
  type ClientType,
} from '../../src/domain/clients'
import { isId } from '../../src/domain/ids'
import {
  isOneOf,
  locationOf,
  nextOrder,
  paramsOf,
  readChoice,
  readPage,
  readPageSize,
  readSearch,
  type SortOrder,
} from '../paged-list/paged-list'

export { pageCount, type SortOrder } from '../paged-list/paged-list'

export type PageSize = (typeof CLIENT_PAGE_SIZES)[number]

export type ClientListQuery = {
  /** One-based. */
  page: number
  /** Rows per page (`rowsPerPage` in the address). */
  size: PageSize
  sort: ClientSortField
  order: SortOrder
  search: string
  /** A store chosen in the list's store filter; null lists the whole franchise. */
  store: string | null
  acquiredFrom: AcquisitionSource[]
  clientType: ClientType[]
}

/** §9: first page, 5 rows (of 5 or 10), last visit newest first, no search and no filter. */
export const DEFAULT_QUERY: ClientListQuery = {
  page: CLIENT_LIST_DEFAULTS.page,
  size: CLIENT_LIST_DEFAULTS.size as PageSize,
  sort: CLIENT_LIST_DEFAULTS.sort,
  order: CLIENT_LIST_DEFAULTS.order,
  search: '',
  store: null,
  acquiredFrom: [],
  clientType: [],
}

/** The longest search text kept (the server's filter is one field: a name, an e-mail or a phone). */
export const SEARCH_MAX_LENGTH = 100

/** Known values only, each once, in the order of the enumeration (so equal filters compare equal). */
export function normaliseList<T extends string>(values: readonly T[], chosen: readonly string[]): T[] {
  return values.filter((v) => chosen.includes(v))
}

/** The query an address's search part stands for (with or without the leading "?"). */
export function parseQuery(search: string): ClientListQuery {
  const params = paramsOf(search)
  const store = params.get('store')
  return {
    page: readPage(params, DEFAULT_QUERY.page),
    size: readPageSize(params, 'rowsPerPage', CLIENT_PAGE_SIZES, DEFAULT_QUERY.size),
    sort: readChoice(params, 'sort', CLIENT_SORT_FIELDS, DEFAULT_QUERY.sort),
    order: readChoice(params, 'order', ['asc', 'desc'], DEFAULT_QUERY.order),
    search: readSearch(params, 'search', SEARCH_MAX_LENGTH),
    store: isId(store) ? store.toLowerCase() : null,
    acquiredFrom: normaliseList(ACQUISITION_SOURCES, params.getAll('acquiredFrom')),
    clientType: normaliseList(CLIENT_TYPES, params.getAll('clientType')),
  }
}

/**
 * The address's search part for a query ("" for the defaults), the non-default values only; the
 * filters' choices known and in the enumeration's order (so equal filters make equal addresses).
 */
export function serializeQuery(q: ClientListQuery): string {
  const params = new URLSearchParams()
  if (q.page !== DEFAULT_QUERY.page) params.set('page', String(q.page))
  if (q.size !== DEFAULT_QUERY.size) params.set('rowsPerPage', String(q.size))
  if (q.sort !== DEFAULT_QUERY.sort) params.set('sort', q.sort)
  if (q.order !== DEFAULT_QUERY.order) params.set('order', q.order)
  if (q.search) params.set('search', q.search)
  if (q.store) params.set('store', q.store)
  for (const v of normaliseList(ACQUISITION_SOURCES, q.acquiredFrom)) params.append('acquiredFrom', v)
  for (const v of normaliseList(CLIENT_TYPES, q.clientType)) params.append('clientType', v)
  return locationOf(params)
}

export function isSameQuery(a: ClientListQuery, b: ClientListQuery): boolean {
  return serializeQuery(a) === serializeQuery(b)
}

/** Any search or filter is applied (an empty list then means "no result", not "no clients yet"). */
export function hasFilters(q: ClientListQuery): boolean {
  return q.search !== '' || q.store !== null || q.acquiredFrom.length > 0 || q.clientType.length > 0
}

/** §4: the same column toggles its order; another column sorts descending. */
export function nextSort(
  q: ClientListQuery,
  field: ClientSortField,
): Pick<ClientListQuery, 'sort' | 'order'> {
  return { sort: field, order: nextOrder(q.sort, q.order, field) }
}

/** What clientsApi.list sends. */
export function toApiQuery(q: ClientListQuery): ClientQuery {
  return {
    page: q.page,
    size: q.size,
    sort: q.sort,
    order: q.order,
    search: q.search,
    store: q.store,
    acquiredFrom: [...q.acquiredFrom],
    clientType: [...q.clientType],
  }
}

export const isSortField = (field: string): field is ClientSortField => isOneOf(CLIENT_SORT_FIELDS, field)

/** What the list call sends (src/api's query; a read-only franchise, the demo, asked by its id). */
export function clientQueryOf({
  params,
  query,
}: {
  params: { franchiseId: string | null; readOnly: boolean }
  query: ClientListQuery
}): ClientQuery {
  return params.readOnly && params.franchiseId
    ? { ...toApiQuery(query), franchiseId: params.franchiseId }
    : toApiQuery(query)
}
