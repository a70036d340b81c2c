// The owners list's query as it lives in the address: ?search=nina&page=2&size=50. Pure. Values equal to
// the defaults are left out; anything unknown or malformed reads as its default.
import { OWNER_LIST_DEFAULTS, OWNER_PAGE_SIZES } from '../../src/domain/owners'

export type OwnerPageSize = (typeof OWNER_PAGE_SIZES)[number]
export type OwnersQuery = { search: string; page: number; size: OwnerPageSize }

export const DEFAULT_OWNERS_QUERY: OwnersQuery = {
  search: OWNER_LIST_DEFAULTS.search,
  page: OWNER_LIST_DEFAULTS.page,
  size: OWNER_LIST_DEFAULTS.size as OwnerPageSize,
}
export const OWNERS_SEARCH_MAX = 100

export const isPageSize = (n: number): n is OwnerPageSize =>
  (OWNER_PAGE_SIZES as readonly number[]).includes(n)

export function parseOwnersQuery(location: string): OwnersQuery {
  const p = new URLSearchParams(location.startsWith('?') ? location.slice(1) : location)
  const page = Number(p.get('page'))
  const size = Number(p.get('size'))
  return {
    search: (p.get('search') ?? '').trim().slice(0, OWNERS_SEARCH_MAX),
    page: Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_OWNERS_QUERY.page,
    size: isPageSize(size) ? size : DEFAULT_OWNERS_QUERY.size,
  }
}

export function serializeOwnersQuery(q: OwnersQuery): string {
  const p = new URLSearchParams()
  if (q.search) p.set('search', q.search)
  if (q.page !== DEFAULT_OWNERS_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_OWNERS_QUERY.size) p.set('size', String(q.size))
  const s = p.toString()
  return s ? `?${s}` : ''
}

export const isSameOwnersQuery = (a: OwnersQuery, b: OwnersQuery) =>
  a.search === b.search && a.page === b.page && a.size === b.size

export const ownersPageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size))
