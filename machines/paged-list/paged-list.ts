// What the paged lists (clients, owners, the administration's merchants) share, pure: reading their
// query from the address, counting pages, and telling a late answer or a page past the end. Each list
// keeps its own query type and parameter names; these helpers keep their rules the same.

/** A page of rows as a list call answers it. */
export type Page<Row> = { data: readonly Row[]; metadata: { total: number } }
/** A list call's answer, with the number of the request it answers. */
export type ListAnswer<P> = { requestId: number; page: P }
/** Sent by `watchLocation` when the address changes; `location` is its search part. */
export type QueryChangeEvent = { type: 'query.change'; location: string }
/**
 * The events every paged list takes, named with its own prefix (`list`, `owners`, `merchants`): the
 * search box's typing and Enter, a page, a retry after a failure; the address changing; and
 * `query.searchApplied`, raised when the typing pauses (or Enter): the box's text becomes the query's.
 */
export type PagedListEvent<Prefix extends string> =
  | QueryChangeEvent
  | { type: `${Prefix}.search`; value: string }
  | { type: `${Prefix}.searchNow` }
  | { type: `${Prefix}.page`; page: number }
  | { type: `${Prefix}.retry` }
  | { type: 'query.searchApplied' }
export type SortOrder = 'asc' | 'desc'

export const isQueryChange = (event: { type: string }): event is QueryChangeEvent =>
  event.type === 'query.change' && typeof (event as { location?: unknown }).location === 'string'

/** The address's search part as parameters, with or without its leading "?". */
export function paramsOf(location: string): URLSearchParams {
  return new URLSearchParams(location.startsWith('?') ? location.slice(1) : location)
}

/** The address's search part for these parameters ("" when there are none). */
export function locationOf(params: URLSearchParams): string {
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** A one-based page number: a whole number from 1, or the fallback. */
export function readPage(params: URLSearchParams, fallback: number, key = 'page'): number {
  const page = Number(params.get(key))
  return Number.isSafeInteger(page) && page >= 1 ? page : fallback
}

export const isOneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value)

/** One of the offered page sizes, or the fallback. */
export function readPageSize<T extends number>(
  params: URLSearchParams,
  key: string,
  sizes: readonly T[],
  fallback: T,
): T {
  const size = Number(params.get(key))
  return isOneOf(sizes, size) ? size : fallback
}

/** One of the known values (a sort field, an order), or the fallback. */
export function readChoice<T extends string>(
  params: URLSearchParams,
  key: string,
  values: readonly T[],
  fallback: T,
): T {
  const value = params.get(key)
  return isOneOf(values, value) ? value : fallback
}

/** The search text, trimmed and cut to `max` characters. */
export function readSearch(params: URLSearchParams, key: string, max: number): string {
  return (params.get(key) ?? '').trim().slice(0, max)
}

/** §4: the sorted column toggles its order; another column sorts descending. */
export function nextOrder<F extends string>(sort: F, order: SortOrder, field: F): SortOrder {
  if (sort !== field) return 'desc'
  return order === 'desc' ? 'asc' : 'desc'
}

/** How many pages `total` rows fill (at least one, so that an empty list still has its page 1). */
export function pageCount(total: number, rowsPerPage: number): number {
  return Math.max(1, Math.ceil(total / rowsPerPage))
}

/** A page the list may go to: a whole number from 1, other than the current one. */
export function isOtherPage(page: number, current: number): boolean {
  return Number.isSafeInteger(page) && page >= 1 && page !== current
}

/** An answer to an older request: a newer query replaced it, so it is dropped. */
export function isStale(answer: { requestId: number }, latestRequestId: number): boolean {
  return answer.requestId !== latestRequestId
}

/** An empty page past the end of a list that has rows (the address kept a page the list lost since). */
export function isPastLastPage(page: Page<unknown>, currentPage: number, rowsPerPage: number): boolean {
  return (
    page.data.length === 0 &&
    page.metadata.total > 0 &&
    currentPage > pageCount(page.metadata.total, rowsPerPage)
  )
}
