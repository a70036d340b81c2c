// SPEC §7 "Owners and admin" (the staff side) and the franchise panel's reads, as seen from the browser,
// checked with the domain structs.
import {
  AuditPage,
  CreatedFranchise,
  CreatedFranchiseOwner,
  type CreateFranchiseOwnerRequest,
  type CreateFranchiseRequest,
  FranchiseFeatures,
  FranchisePanel,
  type MerchantListQuery,
  MerchantPage,
  MerchantRow,
} from '../domain/admin'
import type { Feature } from '../domain/constants'
import { type TestSendRequest, TestSendResult } from '../domain/test-send'
import { call } from './client'

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
const franchise = (id: string) => `/api/v2/franchises/${encodeURIComponent(id)}`

export const adminApi = {
  /** Issue 35 §6: a test SMS or e-mail through the server's configured provider. */
  testSend: (body: TestSendRequest, signal?: AbortSignal) =>
    call('/api/v2/admin/test-send', { method: 'POST', body, ...opt(signal) }, TestSendResult),
  merchants: (q: MerchantListQuery, signal?: AbortSignal) =>
    call(
      '/api/v2/users/merchants',
      {
        query: {
          page: q.page,
          size: q.size,
          sort: q.sort,
          sortOrder: q.sortOrder,
          ...(q.filter ? { filter: q.filter } : {}),
        },
        ...opt(signal),
      },
      MerchantPage,
    ),
  setSubscription: (userId: string, subscribed: boolean, signal?: AbortSignal) =>
    call(
      `/api/v2/users/${encodeURIComponent(userId)}/${subscribed ? 'activate' : 'deactivate'}-subscription`,
      { method: 'PATCH', ...opt(signal) },
      MerchantRow,
    ),
  /** A new franchise with its owner ({title, codeAlpha3}), or the owner of one that has none ({franchiseId}). */
  createFranchiseOwner: (body: CreateFranchiseOwnerRequest, signal?: AbortSignal) =>
    call('/api/v2/franchise-owner', { method: 'POST', body, ...opt(signal) }, CreatedFranchiseOwner),
  /** A franchise for an existing merchant (userId) or without an owner yet. */
  createFranchise: (body: CreateFranchiseRequest, signal?: AbortSignal) =>
    call('/api/v2/franchises', { method: 'POST', body, ...opt(signal) }, CreatedFranchise),
  setFeature: (franchiseId: string, feature: Feature, isEnabled: boolean, signal?: AbortSignal) =>
    call(
      `${franchise(franchiseId)}/features`,
      { method: 'PATCH', body: { feature, isEnabled }, ...opt(signal) },
      FranchiseFeatures,
    ),
  panel: (franchiseId: string, signal?: AbortSignal) =>
    call(`${franchise(franchiseId)}/panel`, opt(signal), FranchisePanel),
  auditLog: (franchiseId: string, page: number, size: number, signal?: AbortSignal) =>
    call(`${franchise(franchiseId)}/audit-log`, { query: { page, size }, ...opt(signal) }, AuditPage),
}
