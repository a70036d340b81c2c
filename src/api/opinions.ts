// SPEC §7 "Stores", opinions calls, as seen from the browser (60 s time-out per §7).
import { Opinion, OpinionPage, Satisfaction } from '../domain/opinions'
import { call } from './client'

const OPINIONS_TIMEOUT = 60_000
const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export type OpinionQuery = { page: number; size: number; rating: number | null }

export const opinionsApi = {
  /** Each store's average and distribution, the total, and the latest opinions (of one store). */
  satisfaction: (storeId: string | null, signal?: AbortSignal) =>
    call(
      '/api/v2/stores/opinions',
      { timeout: OPINIONS_TIMEOUT, query: storeId ? { storeId } : {}, ...opt(signal) },
      Satisfaction,
    ),
  list: (storeId: string, q: OpinionQuery, signal?: AbortSignal) =>
    call(
      `/api/v2/stores/${storeId}/opinions`,
      {
        timeout: OPINIONS_TIMEOUT,
        query: { page: q.page, size: q.size, ...(q.rating ? { rating: q.rating } : {}) },
        ...opt(signal),
      },
      OpinionPage,
    ),
  reply: (storeId: string, opinionId: string, reply: string, signal?: AbortSignal) =>
    call(
      `/api/stores/${storeId}/storeOpinions/${opinionId}`,
      { method: 'PUT', body: { reply }, timeout: OPINIONS_TIMEOUT, ...opt(signal) },
      Opinion,
    ),
}
