// SPEC §7 "Tags" as seen from the browser: a store's tags, one tag's live state, create/rename, and the
// sale's points injected into a tag or reset. TAGS_NOT_FOUND (404) reads as an empty page (§8).
import {
  EMPTY_TAG_PAGE,
  PointsInfoReply,
  Tag,
  type TagCreateInput,
  TagDetail,
  TagPage,
  type TagUpdateInput,
} from '../domain/sale'
import { PresenceCode } from '../domain/scan'
import { ApiError, call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

/** Whether a failed list call only means "this store has no tags". */
export const isNoTags = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.code === 'TAGS_NOT_FOUND'

export const tagsApi = {
  /** A store's tags; the 404 of a store without tags is an empty page. */
  list: async (franchiseId: string, storeId: string, signal?: AbortSignal) => {
    try {
      return await call(
        `/api/v2/franchises/${franchiseId}/tags`,
        { query: { storeId }, ...opt(signal) },
        TagPage,
      )
    } catch (error) {
      if (isNoTags(error)) return EMPTY_TAG_PAGE
      throw error
    }
  },
  get: (tagId: string, signal?: AbortSignal) => call(`/api/v2/tags/${tagId}`, opt(signal), TagDetail),
  /** The code the scanner screen shows (issue 16 #5), and when the next one starts. */
  presenceCode: (tagId: string, signal?: AbortSignal) =>
    call(`/api/v2/tags/${tagId}/presence-code`, opt(signal), PresenceCode),
  create: (storeId: string, body: TagCreateInput, signal?: AbortSignal) =>
    call(`/api/v2/stores/${storeId}/tags`, { method: 'POST', body, ...opt(signal) }, Tag),
  update: (tagId: string, body: TagUpdateInput, signal?: AbortSignal) =>
    call(`/api/v2/tags/${tagId}`, { method: 'PATCH', body, ...opt(signal) }, Tag),
  inject: (tagId: string, amount: string, signal?: AbortSignal) =>
    call(
      `/api/v2/tags/${tagId}/inject-points`,
      { method: 'POST', body: { amount }, ...opt(signal) },
      PointsInfoReply,
    ),
  reset: (tagId: string, signal?: AbortSignal) =>
    call(`/api/v2/tags/${tagId}/reset-points`, { method: 'POST', ...opt(signal) }, PointsInfoReply),
}
