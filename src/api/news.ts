// News and happy hours (issue 19, SPEC §7 GET api/v2/news/{id} and the calls named like it), and the
// offers calendar's one call.
import { CalendarAnswer } from '../domain/calendar'
import { type NewsInput, NewsItem, NewsPage, type NewsStatus } from '../domain/news'
import { call } from './client'

export type NewsQuery = { page: number; size: number; status?: NewsStatus; storeId?: string }
export type CalendarRange = { from: string; to: string; storeId?: string }

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const newsApi = {
  list: (franchiseId: string, q: NewsQuery, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/news`,
      { query: { page: q.page, size: q.size, status: q.status, storeId: q.storeId }, ...opt(signal) },
      NewsPage,
    ),
  get: (id: string, signal?: AbortSignal) => call(`/api/v2/news/${id}`, opt(signal), NewsItem),
  create: (franchiseId: string, body: NewsInput, signal?: AbortSignal) =>
    call(`/api/v2/franchises/${franchiseId}/news`, { method: 'POST', body, ...opt(signal) }, NewsItem),
  update: (id: string, body: NewsInput, signal?: AbortSignal) =>
    call(`/api/v2/news/${id}`, { method: 'PUT', body, ...opt(signal) }, NewsItem),
  stop: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/news/${id}/stop`, { method: 'PATCH', ...opt(signal) }, NewsItem),
  restart: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/news/${id}/restart`, { method: 'PATCH', ...opt(signal) }, NewsItem),
  remove: (id: string, signal?: AbortSignal) =>
    call<void>(`/api/v2/news/${id}`, { method: 'DELETE', ...opt(signal) }),
  calendar: (franchiseId: string, r: CalendarRange, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/calendar`,
      { query: { from: r.from, to: r.to, storeId: r.storeId }, ...opt(signal) },
      CalendarAnswer,
    ),
}
