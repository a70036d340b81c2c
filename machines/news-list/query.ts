// The news list's query as it lives in the address: ?status=upcoming&page=2&size=20. Pure. Values equal
// to the defaults are left out; anything unknown or malformed reads as its default.
import { NEWS_LIST_DEFAULTS, NEWS_PAGE_SIZES, NEWS_STATUSES, type NewsStatus } from '../../src/domain/news'
import { isOneOf, locationOf, paramsOf, readPage, readPageSize } from '../paged-list/paged-list'

export type NewsPageSize = (typeof NEWS_PAGE_SIZES)[number]
export type NewsListQuery = { status: NewsStatus | null; page: number; size: NewsPageSize }

export const DEFAULT_NEWS_QUERY: NewsListQuery = {
  status: null,
  page: NEWS_LIST_DEFAULTS.page,
  size: NEWS_LIST_DEFAULTS.size,
}
export const isNewsPageSize = (n: number): n is NewsPageSize => isOneOf(NEWS_PAGE_SIZES, n)
export const isNewsStatus = (s: unknown): s is NewsStatus => isOneOf(NEWS_STATUSES, s)

export function parseNewsQuery(location: string): NewsListQuery {
  const p = paramsOf(location)
  const status = p.get('status')
  return {
    status: isNewsStatus(status) ? status : null,
    page: readPage(p, DEFAULT_NEWS_QUERY.page),
    size: readPageSize(p, 'size', NEWS_PAGE_SIZES, DEFAULT_NEWS_QUERY.size),
  }
}

export function serializeNewsQuery(q: NewsListQuery): string {
  const p = new URLSearchParams()
  if (q.status) p.set('status', q.status)
  if (q.page !== DEFAULT_NEWS_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_NEWS_QUERY.size) p.set('size', String(q.size))
  return locationOf(p)
}

export const isSameNewsQuery = (a: NewsListQuery, b: NewsListQuery) =>
  a.status === b.status && a.page === b.page && a.size === b.size
