// SPEC §7 "Tags" as seen from the browser: a store's tags, one tag's live state, create/rename, and the
// sale's points injected into a tag or reset. A store without tags answers an empty page (§8).
import {
  PointsInfoReply,
  Tag,
  type TagCreateInput,
  TagDetail,
  TagPage,
  type TagUpdateInput,
} from '../domain/sale'
import { PresenceCode } from '../domain/scan'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const tagsApi = {
  /** A store's tags (an empty page when it has none). */
  list: (franchiseId: string, storeId: string, signal?: AbortSignal) =>
    call(`/api/v2/franchises/${franchiseId}/tags`, { query: { storeId }, ...opt(signal) }, TagPage),
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
