// Issue 19 "Messages sent" as seen from the browser: a franchise's SMS and pushes (its outbox).
import { type MessageChannel, MessagePage } from '../domain/messages'
import { call } from './client'

export type MessageQuery = {
  page: number
  size: number
  search: string
  channel: MessageChannel | null
  campaignId: string | null
}

export const messagesApi = {
  list: (franchiseId: string, q: MessageQuery, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${encodeURIComponent(franchiseId)}/messages`,
      {
        query: {
          page: q.page,
          size: q.size,
          search: q.search || undefined,
          channel: q.channel ?? undefined,
          campaignId: q.campaignId ?? undefined,
        },
        ...(signal ? { signal } : {}),
      },
      MessagePage,
    ),
}
