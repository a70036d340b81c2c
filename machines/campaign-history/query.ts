// The campaign history's query as it lives in the address (/pages/campaign/history):
//   ?status=scheduled&channel=SMS&from=2026-11-01&to=2026-11-30&page=2&size=20
// Values equal to the defaults are left out; anything unknown or malformed reads as its default. Pure.
import { isIsoDay } from '../../src/domain/analytics'
import { DISPLAY_STATUSES, type DisplayStatus } from '../../src/domain/campaign-contract'
import { CHANNELS, type Channel } from '../../src/domain/campaigns'
import { isOneOf, locationOf, pageCount, paramsOf, readPage, readPageSize } from '../paged-list/paged-list'

export const HISTORY_PAGE_SIZES = [10, 20, 50] as const
export type HistoryPageSize = (typeof HISTORY_PAGE_SIZES)[number]
export type HistoryQuery = {
  page: number
  size: HistoryPageSize
  status: DisplayStatus | null
  channel: Channel | null
  /** The period (local days, inclusive): campaigns sent or scheduled in it. */
  from: string | null
  to: string | null
}
export type HistoryFilter = 'status' | 'channel' | 'from' | 'to'

export const DEFAULT_HISTORY_QUERY: HistoryQuery = {
  page: 1,
  size: 10,
  status: null,
  channel: null,
  from: null,
  to: null,
}

export const isHistoryPageSize = (n: number): n is HistoryPageSize => isOneOf(HISTORY_PAGE_SIZES, n)
const day = (v: string | null) => (v && isIsoDay(v) ? v : null)

export function parseHistoryQuery(location: string): HistoryQuery {
  const p = paramsOf(location)
  const status = p.get('status')
  const channel = p.get('channel')
  return {
    page: readPage(p, DEFAULT_HISTORY_QUERY.page),
    size: readPageSize(p, 'size', HISTORY_PAGE_SIZES, DEFAULT_HISTORY_QUERY.size),
    status: isOneOf(DISPLAY_STATUSES, status) ? status : null,
    channel: isOneOf(CHANNELS, channel) ? channel : null,
    from: day(p.get('from')),
    to: day(p.get('to')),
  }
}

export function serializeHistoryQuery(q: HistoryQuery): string {
  const p = new URLSearchParams()
  if (q.status) p.set('status', q.status)
  if (q.channel) p.set('channel', q.channel)
  if (q.from) p.set('from', q.from)
  if (q.to) p.set('to', q.to)
  if (q.page !== DEFAULT_HISTORY_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_HISTORY_QUERY.size) p.set('size', String(q.size))
  return locationOf(p)
}

export const isSameHistoryQuery = (a: HistoryQuery, b: HistoryQuery) =>
  serializeHistoryQuery(a) === serializeHistoryQuery(b)

/** The query with one filter changed (an unknown value clears it), back on the first page. */
export function withFilter(q: HistoryQuery, field: HistoryFilter, value: string): HistoryQuery {
  const next = { ...q, page: 1 }
  if (field === 'status') next.status = isOneOf(DISPLAY_STATUSES, value) ? value : null
  if (field === 'channel') next.channel = isOneOf(CHANNELS, value) ? value : null
  if (field === 'from' || field === 'to') next[field] = day(value)
  return next
}

/** A period whose start is after its end finds nothing: the screen says so instead of asking. */
export const isPeriodInverted = (q: HistoryQuery) => !!q.from && !!q.to && q.from > q.to

export const historyPageCount = pageCount
