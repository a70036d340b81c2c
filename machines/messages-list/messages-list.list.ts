// The messages a franchise sent (/pages/messages, issue 19 "Messages sent"): its SMS and pushes, newest
// first, so a merchant sees what the customers received and support can answer "did my client get it?".
// One list of machines/paged-list: the query (channel, campaign, recipient search, page, size) lives in
// the address; the recipient search waits for a pause (Enter applies it at once). Every answer brings
// the campaigns and automations the campaign filter offers, and only one of them is a filter.
import type { SnapshotFrom } from 'xstate'
import {
  MESSAGE_PAGE_SIZES,
  MESSAGE_SEARCH_MAX,
  type MessagePage,
  type MessageSource,
} from '../../src/domain/messages'
import {
  createListMachine,
  type ListDefinition,
  type ListEvent,
  type ListInput,
  type LoadPageInput,
} from '../paged-list/list.machine'
import { toListView } from '../paged-list/list.view'
import type { ListAnswer } from '../paged-list/paged-list'
import { listMessages } from './messages-list.actors'
import {
  DEFAULT_MESSAGES_QUERY,
  isFiltered,
  type MessagesQuery,
  parseMessagesQuery,
  serializeMessagesQuery,
} from './query'

export const MESSAGES_SEARCH_DEBOUNCE_MS = 400

export type MessagesParams = { franchiseId: string }
export type MessagesInput = ListInput<MessagesParams>
export type ListMessagesInput = LoadPageInput<MessagesQuery, MessagesParams>
export type ListMessagesOutput = ListAnswer<MessagePage>
export type MessagesEvent = ListEvent<MessagesQuery>
/** The campaigns and automations the filter offers (from the latest answer). */
export type MessagesExtra = { campaigns: MessageSource[] }

/** The list's definition (its machine below; its tests replay it against the paged lists' model). */
export const messagesList: ListDefinition<MessagesQuery, MessagePage, MessagesExtra> = {
  id: 'messagesList',
  parse: parseMessagesQuery,
  serialize: serializeMessagesQuery,
  pageSizes: MESSAGE_PAGE_SIZES,
  search: {
    of: (q) => q.search,
    with: (q, search) => ({ ...q, search, page: DEFAULT_MESSAGES_QUERY.page }),
    max: MESSAGE_SEARCH_MAX,
    debounceMs: MESSAGES_SEARCH_DEBOUNCE_MS,
  },
  isFiltered,
  // A campaign the filter offers (or none): an id from elsewhere is not a filter of this list.
  acceptsFilter: (filter, extra) =>
    !filter.campaignId || extra.campaigns.some((c) => c.id === filter.campaignId),
  extra: { initial: { campaigns: [] }, of: (page) => ({ campaigns: [...page.campaigns] }) },
  errorKey: 'messages.errors.load',
}
export const messagesListMachine = createListMachine<
  MessagesQuery,
  MessagePage,
  MessagesParams,
  MessagesExtra
>(messagesList, listMessages)
export type MessagesContext = SnapshotFrom<typeof messagesListMachine>['context']

/** What the messages page renders. */
export function toMessagesView(s: SnapshotFrom<typeof messagesListMachine>) {
  const view = toListView(s, isFiltered)
  return { ...view, campaigns: view.extra.campaigns }
}
export type MessagesView = ReturnType<typeof toMessagesView>
