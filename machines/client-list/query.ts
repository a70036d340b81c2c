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

export type SortOrder = 'asc' | 'desc'
export type PageSize = (typeof CLIENT_PAGE_SIZES)[number]

export type ClientListQuery = {
  /** One-based. */
  page: number
  rowsPerPage: PageSize
  sort: ClientSortField
  order: SortOrder
  search: string
  /** A store chosen in the list's store filter; null lists the whole franchise. */
  store: string | null
  acquiredFrom: AcquisitionSource[]
  clientType: ClientType[]
}

/** A change of the list's filters (unknown values are dropped when applied). */
export type ClientListFilter = {
  store?: string | null
  acquiredFrom?: readonly string[]
  clientType?: readonly string[]
}

/** §9: first page, 5 rows (of 5 or 10), last visit newest first, no search and no filter. */
export const DEFAULT_QUERY: ClientListQuery = {
  page: CLIENT_LIST_DEFAULTS.page,
  rowsPerPage: CLIENT_LIST_DEFAULTS.size as PageSize,
  sort: CLIENT_LIST_DEFAULTS.sort,
  order: CLIENT_LIST_DEFAULTS.order,
  search: '',
  store: null,
  acquiredFrom: [],
  clientType: [],
}

/** The longest search text kept (the server's filter is one field: a name, an e-mail or a phone). */
export const SEARCH_MAX_LENGTH = 100

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null

/** Known values only, each once, in the order of the enumeration (so equal filters compare equal). */
export function normaliseList<T extends string>(values: readonly T[], chosen: readonly string[]): T[] {
  return values.filter((v) => chosen.includes(v))
}

/** The query an address's search part stands for (with or without the leading "?"). */
export function parseQuery(search: string): ClientListQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  const page = Number(params.get('page'))
  const rows = Number(params.get('rowsPerPage'))
  const store = params.get('store')
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_QUERY.page,
    rowsPerPage: (CLIENT_PAGE_SIZES as readonly number[]).includes(rows)
      ? (rows as PageSize)
      : DEFAULT_QUERY.rowsPerPage,
    sort: oneOf(CLIENT_SORT_FIELDS, params.get('sort')) ?? DEFAULT_QUERY.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_QUERY.order,
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    store: isId(store) ? store.toLowerCase() : null,
    acquiredFrom: normaliseList(ACQUISITION_SOURCES, params.getAll('acquiredFrom')),
    clientType: normaliseList(CLIENT_TYPES, params.getAll('clientType')),
  }
}

/** The address's search part for a query ("" for the defaults), the non-default values only. */
export function serializeQuery(q: ClientListQuery): string {
  const params = new URLSearchParams()
  if (q.page !== DEFAULT_QUERY.page) params.set('page', String(q.page))
  if (q.rowsPerPage !== DEFAULT_QUERY.rowsPerPage) params.set('rowsPerPage', String(q.rowsPerPage))
  if (q.sort !== DEFAULT_QUERY.sort) params.set('sort', q.sort)
  if (q.order !== DEFAULT_QUERY.order) params.set('order', q.order)
  if (q.search) params.set('search', q.search)
  if (q.store) params.set('store', q.store)
  for (const v of q.acquiredFrom) params.append('acquiredFrom', v)
  for (const v of q.clientType) params.append('clientType', v)
  const text = params.toString()
  return text ? `?${text}` : ''
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
  if (q.sort === field) return { sort: field, order: q.order === 'desc' ? 'asc' : 'desc' }
  return { sort: field, order: 'desc' }
}

/** What clientsApi.list sends. */
export function toApiQuery(q: ClientListQuery): ClientQuery {
  return {
    page: q.page,
    size: q.rowsPerPage,
    sort: q.sort,
    order: q.order,
    search: q.search,
    store: q.store,
    acquiredFrom: [...q.acquiredFrom],
    clientType: [...q.clientType],
  }
}

export function pageCount(total: number, rowsPerPage: number): number {
  return Math.max(1, Math.ceil(total / rowsPerPage))
}

export const isSortField = (field: string): field is ClientSortField =>
  (CLIENT_SORT_FIELDS as readonly string[]).includes(field)
