// The owners list's query as it lives in the address: ?search=nina&page=2&size=50. Pure. Values equal to
// the defaults are left out; anything unknown or malformed reads as its default.
import { OWNER_LIST_DEFAULTS, OWNER_PAGE_SIZES } from '../../src/domain/owners'
import {
  isOneOf,
  locationOf,
  pageCount,
  paramsOf,
  readPage,
  readPageSize,
  readSearch,
} from '../paged-list/paged-list'

export type OwnerPageSize = (typeof OWNER_PAGE_SIZES)[number]
export type OwnersQuery = { search: string; page: number; size: OwnerPageSize }

export const DEFAULT_OWNERS_QUERY: OwnersQuery = {
  search: OWNER_LIST_DEFAULTS.search,
  page: OWNER_LIST_DEFAULTS.page,
  size: OWNER_LIST_DEFAULTS.size as OwnerPageSize,
}
export const OWNERS_SEARCH_MAX = 100

export const isPageSize = (n: number): n is OwnerPageSize => isOneOf(OWNER_PAGE_SIZES, n)

export function parseOwnersQuery(location: string): OwnersQuery {
  const p = paramsOf(location)
  return {
    search: readSearch(p, 'search', OWNERS_SEARCH_MAX),
    page: readPage(p, DEFAULT_OWNERS_QUERY.page),
    size: readPageSize(p, 'size', OWNER_PAGE_SIZES, DEFAULT_OWNERS_QUERY.size),
  }
}

export function serializeOwnersQuery(q: OwnersQuery): string {
  const p = new URLSearchParams()
  if (q.search) p.set('search', q.search)
  if (q.page !== DEFAULT_OWNERS_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_OWNERS_QUERY.size) p.set('size', String(q.size))
  return locationOf(p)
}

export const isSameOwnersQuery = (a: OwnersQuery, b: OwnersQuery) =>
  a.search === b.search && a.page === b.page && a.size === b.size

export const ownersPageCount = pageCount
