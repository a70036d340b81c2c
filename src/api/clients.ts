// SPEC §7 "Clients" as seen from the browser (30–60 s time-outs per §7).
import {
  ClientDetail,
  type ClientInput,
  ClientLoyaltyResponse,
  ClientPage,
  ClientSearchResponse,
  CouponPage,
  type CouponState,
  LoyaltyCard,
  OfferRow,
} from '../domain/clients'
import { call } from './client'

const CLIENTS_TIMEOUT = 60_000

export type ClientQuery = {
  page: number
  size: number
  sort: string
  order: 'asc' | 'desc'
  search: string
  store: string | null
  acquiredFrom: string[]
  clientType: string[]
  /** Another franchise the user may read (the demo franchise); default: the user's own. */
  franchiseId?: string
}

const opt = (signal?: AbortSignal) => (signal ? { signal } : {})
/** A fresh key per user action: a retried request after a time-out is not counted twice. */
const idempotency = () => ({ 'Idempotency-Key': crypto.randomUUID() })

export const clientsApi = {
  /** The franchise's list, or one store's when a store is chosen. Page is one-based here. */
  list: (q: ClientQuery, signal?: AbortSignal) =>
    call(
      q.store ? `/api/v2/stores/${q.store}/clients` : '/api/v2/franchises/clients',
      {
        timeout: CLIENTS_TIMEOUT,
        query: {
          page: q.page,
          size: q.size,
          sort: q.sort,
          order: q.order,
          filter: q.search || undefined,
          acquiredFrom: q.acquiredFrom,
          clientType: q.clientType,
          ...(q.franchiseId && !q.store ? { franchiseId: q.franchiseId } : {}),
        },
        early: true,
        ...opt(signal),
      },
      ClientPage,
    ),
  detail: (franchiseId: string, id: string, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/clients/${id}`,
      { timeout: CLIENTS_TIMEOUT, ...opt(signal) },
      ClientDetail,
    ),
  loyalty: (franchiseId: string, id: string, storeId: string | null, signal?: AbortSignal) =>
    call(
      `/api/v2/franchises/${franchiseId}/clients/${id}/loyalty`,
      { timeout: CLIENTS_TIMEOUT, query: storeId ? { storeId } : {}, ...opt(signal) },
      ClientLoyaltyResponse,
    ),
  movePoints: (body: { userId: string; merchantId: string; storeId: string; points: number }) =>
    call('/api/v2/loyalties/points', { method: 'PATCH', body, headers: idempotency() }, LoyaltyCard),
  sale: (storeId: string, clientId: string, amount: string) =>
    call(
      `/api/v2/stores/${storeId}/clients/${clientId}/sale`,
      { method: 'POST', body: { amount }, headers: idempotency() },
      LoyaltyCard,
    ),
  search: (value: string, signal?: AbortSignal) =>
    call('/api/v2/users/search', { query: { value }, ...opt(signal) }, ClientSearchResponse),
  create: (franchiseId: string, body: ClientInput) =>
    call(`/api/v2/franchises/${franchiseId}/users`, { method: 'POST', body }, ClientDetail),
  update: (franchiseId: string, body: ClientInput & { id: string }) =>
    call(`/api/v2/franchises/${franchiseId}/users`, { method: 'PUT', body }, ClientDetail),
  remove: (franchiseId: string, id: string) =>
    call<void>(`/api/v2/franchises/${franchiseId}/clients/${id}`, { method: 'DELETE' }),
  coupons: (
    clientId: string,
    q: { page: number; size: number; franchiseId: string; storeId?: string | null; state?: CouponState },
    signal?: AbortSignal,
  ) =>
    call(
      `/api/v2/users/${clientId}/coupons`,
      { query: { ...q, storeId: q.storeId ?? undefined }, ...opt(signal) },
      CouponPage,
    ),
  redeemOffer: (offerId: string, body: { userId: string; storeId: string }) =>
    call(
      `/api/v2/loyalties/offers/${offerId}/redeem`,
      { method: 'POST', body, headers: idempotency() },
      LoyaltyCard,
    ),
  redeemCoupon: (couponId: string, body: { storeId: string }) =>
    call(`/api/v2/coupons-user/${couponId}/redeem`, { method: 'POST', body, headers: idempotency() }),
}
