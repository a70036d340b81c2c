// The merchant list's query as it lives in the address (/pages/admin/dashboard):
//   ?filter=dupont&page=2&size=25&sort=email&sortOrder=asc
// Values equal to the defaults are left out; anything unknown or malformed reads as its default. Pure.
import {
  MERCHANT_FILTER_MAX,
  MERCHANT_LIST_DEFAULTS,
  MERCHANT_PAGE_SIZES,
  MERCHANT_SORT_FIELDS,
  type MerchantListQuery,
  type MerchantSortField,
} from '../../src/domain/admin'
import {
  isOneOf,
  locationOf,
  nextOrder,
  pageCount,
  paramsOf,
  readChoice,
  readPage,
  readPageSize,
  readSearch,
} from '../paged-list/paged-list'

export type MerchantQuery = MerchantListQuery

export const DEFAULT_MERCHANT_QUERY: MerchantQuery = { ...MERCHANT_LIST_DEFAULTS }

export const isMerchantSortField = (f: string): f is MerchantSortField => isOneOf(MERCHANT_SORT_FIELDS, f)
export const isMerchantPageSize = (n: number) => isOneOf(MERCHANT_PAGE_SIZES, n)

export function parseMerchantQuery(location: string): MerchantQuery {
  const p = paramsOf(location)
  return {
    filter: readSearch(p, 'filter', MERCHANT_FILTER_MAX),
    page: readPage(p, DEFAULT_MERCHANT_QUERY.page),
    size: readPageSize(p, 'size', MERCHANT_PAGE_SIZES, DEFAULT_MERCHANT_QUERY.size),
    sort: readChoice(p, 'sort', MERCHANT_SORT_FIELDS, DEFAULT_MERCHANT_QUERY.sort),
    sortOrder: readChoice(p, 'sortOrder', ['asc', 'desc'], DEFAULT_MERCHANT_QUERY.sortOrder),
  }
}

export function serializeMerchantQuery(q: MerchantQuery): string {
  const p = new URLSearchParams()
  if (q.filter) p.set('filter', q.filter)
  if (q.page !== DEFAULT_MERCHANT_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_MERCHANT_QUERY.size) p.set('size', String(q.size))
  if (q.sort !== DEFAULT_MERCHANT_QUERY.sort) p.set('sort', q.sort)
  if (q.sortOrder !== DEFAULT_MERCHANT_QUERY.sortOrder) p.set('sortOrder', q.sortOrder)
  return locationOf(p)
}

export const isSameMerchantQuery = (a: MerchantQuery, b: MerchantQuery) =>
  serializeMerchantQuery(a) === serializeMerchantQuery(b)

/** The sorted column toggles its order; another column sorts descending (as the client list, §4). */
export function nextMerchantSort(q: MerchantQuery, field: MerchantSortField) {
  return { sort: field, sortOrder: nextOrder(q.sort, q.sortOrder, field) }
}

export const merchantPageCount = pageCount
