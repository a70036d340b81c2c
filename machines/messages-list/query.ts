// The messages list's query as it lives in the address: ?channel=sms&campaign=<id>&search=0612&page=2&size=50.
// Pure. Values equal to the defaults are left out; anything unknown or malformed reads as its default.
import { isId } from '../../src/domain/ids'
import {
  MESSAGE_CHANNELS,
  MESSAGE_LIST_DEFAULTS,
  MESSAGE_PAGE_SIZES,
  MESSAGE_SEARCH_MAX,
  type MessageChannel,
} from '../../src/domain/messages'
import { isOneOf, locationOf, paramsOf, readPage, readPageSize, readSearch } from '../paged-list/paged-list'

export type MessagePageSize = (typeof MESSAGE_PAGE_SIZES)[number]
export type MessagesQuery = {
  search: string
  channel: MessageChannel | null
  campaignId: string | null
  page: number
  size: MessagePageSize
}

export const DEFAULT_MESSAGES_QUERY: MessagesQuery = {
  search: MESSAGE_LIST_DEFAULTS.search,
  channel: null,
  campaignId: null,
  page: MESSAGE_LIST_DEFAULTS.page,
  size: MESSAGE_LIST_DEFAULTS.size,
}

export const isMessagePageSize = (n: number): n is MessagePageSize => isOneOf(MESSAGE_PAGE_SIZES, n)
export const isChannel = (v: unknown): v is MessageChannel => isOneOf(MESSAGE_CHANNELS, v)

export function parseMessagesQuery(location: string): MessagesQuery {
  const p = paramsOf(location)
  const channel = p.get('channel')
  const campaign = p.get('campaign')
  return {
    search: readSearch(p, 'search', MESSAGE_SEARCH_MAX),
    channel: isChannel(channel) ? channel : null,
    campaignId: isId(campaign) ? campaign : null,
    page: readPage(p, DEFAULT_MESSAGES_QUERY.page),
    size: readPageSize(p, 'size', MESSAGE_PAGE_SIZES, DEFAULT_MESSAGES_QUERY.size),
  }
}

export function serializeMessagesQuery(q: MessagesQuery): string {
  const p = new URLSearchParams()
  if (q.channel) p.set('channel', q.channel)
  if (q.campaignId) p.set('campaign', q.campaignId)
  if (q.search) p.set('search', q.search)
  if (q.page !== DEFAULT_MESSAGES_QUERY.page) p.set('page', String(q.page))
  if (q.size !== DEFAULT_MESSAGES_QUERY.size) p.set('size', String(q.size))
  return locationOf(p)
}

export const isSameMessagesQuery = (a: MessagesQuery, b: MessagesQuery) =>
  a.search === b.search &&
  a.channel === b.channel &&
  a.campaignId === b.campaignId &&
  a.page === b.page &&
  a.size === b.size

/** Any filter narrowing the list (an empty answer then means "nothing for these filters"). */
export const isFiltered = (q: MessagesQuery) => !!(q.search || q.channel || q.campaignId)
