// The CRM clients list's query as it lives in the address: ?search=marie&field=bakery&page=2&size=25.
// Pure. Values equal to the defaults are left out; anything unknown or malformed reads as its default.
import { CRM_LIST_DEFAULTS, CRM_PAGE_SIZES, CRM_SEARCH_MAX } from '../../src/domain/crm-clients'
import { isOneOf, locationOf, paramsOf, readPage, readPageSize, readSearch } from '../paged-list/paged-list'

export type CrmPageSize = (typeof CRM_PAGE_SIZES)[number]
/** `field`: only the clients who have a value for this field ('' for all). */
export type CrmClientsQuery = { search: string; field: string; page: number; size: CrmPageSize }

export const DEFAULT_CRM_QUERY: CrmClientsQuery = {
  search: CRM_LIST_DEFAULTS.search,
  field: CRM_LIST_DEFAULTS.field,
  page: CRM_LIST_DEFAULTS.page,
  size: CRM_LIST_DEFAULTS.size,
}

export const isCrmPageSize = (n: number): n is CrmPageSize => isOneOf(CRM_PAGE_SIZES, n)
const FIELD = /^[A-Za-z0-9_-]{1,40}$/

export function parseCrmQuery(location: string): CrmClientsQuery {
  const p = paramsOf(location)
  const field = p.get('field') ?? ''
  return {
    search: readSearch(p, 'search', CRM_SEARCH_MAX),
    field: FIELD.test(field) ? field : '',
    page: readPage(p, DEFAULT_CRM_QUERY.page),
    size: readPageSize(p, 'size', CRM_PAGE_SIZES, DEFAULT_CRM_QUERY.size),
  }
}

export function serializeCrmQuery(q: CrmClientsQuery): string {
  const p = new URLSearchParams()
  if (q.search) p.set('search', q.search)
  if (q.field) p.set('field', q.field)
  if (q.page !== DEFAULT_CRM_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_CRM_QUERY.size) p.set('size', String(q.size))
  return locationOf(p)
}

export const isSameCrmQuery = (a: CrmClientsQuery, b: CrmClientsQuery) =>
  serializeCrmQuery(a) === serializeCrmQuery(b)
