// The stores list's query (SPEC §2 Stores list, §4, §9) and how it lives in the address bar. Pure: the
// machine, its tests and the page use it.
//   ?search=lyon&page=2&rowsPerPage=50&sort=nbClients&order=asc
// Values equal to the §9 defaults are left out of the address; unknown or malformed ones read as defaults.
import type { StoreSummary } from '../../src/domain/franchise'
import {
  STORE_LIST_DEFAULTS,
  STORE_PAGE_SIZES,
  STORE_SORT_FIELDS,
  type StoreSortField,
} from '../../src/domain/stores'

export type SortOrder = 'asc' | 'desc'
export type StorePageSize = (typeof STORE_PAGE_SIZES)[number]

export type StoreListQuery = {
  search: string
  /** One-based. */
  page: number
  rowsPerPage: StorePageSize
  sort: StoreSortField
  order: SortOrder
}

/** §9: page 1, 20 rows, date created newest first, no search. */
export const DEFAULT_STORE_QUERY: StoreListQuery = {
  search: '',
  page: STORE_LIST_DEFAULTS.page,
  rowsPerPage: STORE_LIST_DEFAULTS.rowsPerPage,
  sort: STORE_LIST_DEFAULTS.sort,
  order: STORE_LIST_DEFAULTS.order,
}
export const STORE_SEARCH_MAX_LENGTH = 80

export const isStoreSortField = (field: string): field is StoreSortField =>
  (STORE_SORT_FIELDS as readonly string[]).includes(field)

export function parseStoreQuery(search: string): StoreListQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  const page = Number(params.get('page'))
  const rows = Number(params.get('rowsPerPage'))
  const sort = params.get('sort') ?? ''
  const order = params.get('order')
  return {
    search: (params.get('search') ?? '').trim().slice(0, STORE_SEARCH_MAX_LENGTH),
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_STORE_QUERY.page,
    rowsPerPage: (STORE_PAGE_SIZES as readonly number[]).includes(rows)
      ? (rows as StorePageSize)
      : DEFAULT_STORE_QUERY.rowsPerPage,
    sort: isStoreSortField(sort) ? sort : DEFAULT_STORE_QUERY.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_STORE_QUERY.order,
  }
}

export function serializeStoreQuery(q: StoreListQuery): string {
  const params = new URLSearchParams()
  if (q.search) params.set('search', q.search)
  if (q.page !== DEFAULT_STORE_QUERY.page) params.set('page', String(q.page))
  if (q.rowsPerPage !== DEFAULT_STORE_QUERY.rowsPerPage) params.set('rowsPerPage', String(q.rowsPerPage))
  if (q.sort !== DEFAULT_STORE_QUERY.sort) params.set('sort', q.sort)
  if (q.order !== DEFAULT_STORE_QUERY.order) params.set('order', q.order)
  const text = params.toString()
  return text ? `?${text}` : ''
}

export const isSameStoreQuery = (a: StoreListQuery, b: StoreListQuery) =>
  serializeStoreQuery(a) === serializeStoreQuery(b)

/**
 * §4: clicking the sorted column cycles descending → ascending → default; another column sorts
 * descending. (The default is date created descending, so on that column the cycle is asc → default.)
 */
export function nextStoreSort(
  q: StoreListQuery,
  field: StoreSortField,
): Pick<StoreListQuery, 'sort' | 'order'> {
  if (q.sort !== field) return { sort: field, order: 'desc' }
  if (q.order === 'desc') return { sort: field, order: 'asc' }
  return { sort: DEFAULT_STORE_QUERY.sort, order: DEFAULT_STORE_QUERY.order }
}

export const storePageCount = (total: number, rowsPerPage: number) =>
  Math.max(1, Math.ceil(total / rowsPerPage))

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The rows of the page the query asks for, out of every owned store: search, sort, then page. */
export function selectStores(all: readonly StoreSummary[], q: StoreListQuery) {
  const needle = fold(q.search.trim())
  const matching = needle ? all.filter((s) => fold(s.name).includes(needle)) : [...all]
  const dir = q.order === 'asc' ? 1 : -1
  const key = (s: StoreSummary) => (q.sort === 'nbClients' ? s.nbClients : Date.parse(s.dateCreated))
  // Ties keep a stable order: newest first, then by name.
  matching.sort(
    (a, b) =>
      (key(a) - key(b)) * dir ||
      Date.parse(b.dateCreated) - Date.parse(a.dateCreated) ||
      a.name.localeCompare(b.name),
  )
  const pages = storePageCount(matching.length, q.rowsPerPage)
  const page = Math.min(q.page, pages)
  return {
    rows: matching.slice((page - 1) * q.rowsPerPage, page * q.rowsPerPage),
    total: matching.length,
    page,
    pageCount: pages,
  }
}
