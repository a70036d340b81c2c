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

export type MerchantQuery = MerchantListQuery

export const DEFAULT_MERCHANT_QUERY: MerchantQuery = { ...MERCHANT_LIST_DEFAULTS }

export const isMerchantSortField = (f: string): f is MerchantSortField =>
  (MERCHANT_SORT_FIELDS as readonly string[]).includes(f)
export const isMerchantPageSize = (n: number) => (MERCHANT_PAGE_SIZES as readonly number[]).includes(n)

export function parseMerchantQuery(location: string): MerchantQuery {
  const p = new URLSearchParams(location.startsWith('?') ? location.slice(1) : location)
  const page = Number(p.get('page'))
  const size = Number(p.get('size'))
  const sort = p.get('sort') ?? ''
  const order = p.get('sortOrder')
  return {
    filter: (p.get('filter') ?? '').trim().slice(0, MERCHANT_FILTER_MAX),
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_MERCHANT_QUERY.page,
    size: isMerchantPageSize(size) ? size : DEFAULT_MERCHANT_QUERY.size,
    sort: isMerchantSortField(sort) ? sort : DEFAULT_MERCHANT_QUERY.sort,
    sortOrder: order === 'asc' || order === 'desc' ? order : DEFAULT_MERCHANT_QUERY.sortOrder,
  }
}

export function serializeMerchantQuery(q: MerchantQuery): string {
  const p = new URLSearchParams()
  if (q.filter) p.set('filter', q.filter)
  if (q.page !== DEFAULT_MERCHANT_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_MERCHANT_QUERY.size) p.set('size', String(q.size))
  if (q.sort !== DEFAULT_MERCHANT_QUERY.sort) p.set('sort', q.sort)
  if (q.sortOrder !== DEFAULT_MERCHANT_QUERY.sortOrder) p.set('sortOrder', q.sortOrder)
  const s = p.toString()
  return s ? `?${s}` : ''
}

export const isSameMerchantQuery = (a: MerchantQuery, b: MerchantQuery) =>
  serializeMerchantQuery(a) === serializeMerchantQuery(b)

/** The sorted column toggles its order; another column sorts descending (as the client list, §4). */
export function nextMerchantSort(q: MerchantQuery, field: MerchantSortField) {
  if (q.sort !== field) return { sort: field, sortOrder: 'desc' as const }
  return { sort: field, sortOrder: q.sortOrder === 'desc' ? ('asc' as const) : ('desc' as const) }
}

export const merchantPageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size))
