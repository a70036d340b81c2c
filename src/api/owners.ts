// SPEC §7 "Owners and admin" as seen from the browser: the franchise's store owners.
import { type CreateOwnerRequest, OwnerInvitation, OwnerPage, OwnerRow } from '../domain/owners'
import { call } from './client'

export type OwnerQuery = { search: string; page: number; size: number }

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const ownersApi = {
  list: (q: OwnerQuery, signal?: AbortSignal) =>
    call(
      '/api/v2/users/owners',
      { query: { search: q.search || undefined, page: q.page, size: q.size }, ...opt(signal) },
      OwnerPage,
    ),
  create: (body: CreateOwnerRequest, signal?: AbortSignal) =>
    call('/api/v2/users/owners', { method: 'POST', body, ...opt(signal) }, OwnerRow),
  updateStores: (id: string, storeIds: string[], signal?: AbortSignal) =>
    call(`/api/v2/users/owners/${id}`, { method: 'PUT', body: { storeIds }, ...opt(signal) }, OwnerRow),
  unlink: (id: string, signal?: AbortSignal) =>
    call<void>(`/api/v2/users/owners/${id}`, { method: 'DELETE', ...opt(signal) }),
  resendInvitation: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/users/owners/${id}/invitation`, { method: 'POST', ...opt(signal) }, OwnerRow),
  invitation: (id: string, signal?: AbortSignal) =>
    call(`/api/v2/users/owners/${id}/invitation`, opt(signal), OwnerInvitation),
}
