// SPEC §7 "Loyalty" as seen from the browser (20 s time-out), checked with the domain structs; plus the
// point of sale's products (GET /stores/{id}/products) the card and offer pickers list.
import { array, nullable, type } from 'superstruct'
import { ClientPage } from '../domain/clients'
import {
  type LoyaltyCardInput,
  LoyaltyModel,
  LoyaltyOffer,
  type OfferInput,
  OfferList,
  type OfferStatus,
  PosProduct,
} from '../domain/loyalty'
import { ApiError, call } from './client'
import type { ClientQuery } from './clients'

const LOYALTY_TIMEOUT = 20_000
const opt = (signal?: AbortSignal) => ({ timeout: LOYALTY_TIMEOUT, ...(signal ? { signal } : {}) })

export type OffersQuery = {
  includeArchived?: boolean
  includeRedeemedCount?: boolean
  storeId?: string
  /** Another franchise the caller may read (the demo franchise); default: the caller's own. */
  franchiseId?: string
}

export const loyaltyApi = {
  /** The franchise's card, or null when it has none yet. */
  card: (franchiseId: string, signal?: AbortSignal) =>
    call(`/api/v2/franchises/${franchiseId}/loyalty-model`, opt(signal), nullable(LoyaltyModel)),
  createCard: (body: LoyaltyCardInput, signal?: AbortSignal) =>
    call('/api/LoyaltyModels', { method: 'POST', body, ...opt(signal) }, LoyaltyModel),
  updateCard: (id: string, body: LoyaltyCardInput, signal?: AbortSignal) =>
    call(`/api/v2/loyalty-models/${id}`, { method: 'PUT', body, ...opt(signal) }, LoyaltyModel),
  changeType: (id: string, loyaltyType: string, signal?: AbortSignal) =>
    call(
      `/api/v2/loyalties/${id}/loyalty-type`,
      { method: 'PATCH', body: { loyaltyType }, ...opt(signal) },
      LoyaltyModel,
    ),
  offers: (q: OffersQuery, signal?: AbortSignal) =>
    call('/api/v2/loyalties/offers', { query: { ...q }, ...opt(signal) }, OfferList),
  createOffer: (modelId: string, body: OfferInput, signal?: AbortSignal) =>
    call(
      `/api/LoyaltyModels/${modelId}/loyaltyOffers`,
      { method: 'POST', body, ...opt(signal) },
      LoyaltyOffer,
    ),
  updateOffer: (modelId: string, offerId: string, body: OfferInput, signal?: AbortSignal) =>
    call(
      `/api/v2/loyalty-models/${modelId}/offers/${offerId}`,
      { method: 'PUT', body, ...opt(signal) },
      LoyaltyOffer,
    ),
  setOfferStatus: (modelId: string, offerId: string, status: OfferStatus, signal?: AbortSignal) =>
    call(
      `/api/v2/loyalty-models/${modelId}/offers/${offerId}/status`,
      { method: 'POST', body: { status }, ...opt(signal) },
      LoyaltyOffer,
    ),
  /** The card's clients (the customers tab), with the client list's query. */
  clients: (modelId: string, q: ClientQuery, signal?: AbortSignal) =>
    call(
      `/api/v2/loyalty-models/${modelId}/clients`,
      {
        timeout: 60_000,
        query: {
          page: q.page,
          size: q.size,
          sort: q.sort,
          order: q.order,
          filter: q.search || undefined,
          acquiredFrom: q.acquiredFrom,
          clientType: q.clientType,
        },
        ...(signal ? { signal } : {}),
      },
      ClientPage,
    ),
  /** A store's point-of-sale products; a store without a point of sale has none. */
  products: async (storeId: string, signal?: AbortSignal) => {
    try {
      return (await call(`/stores/${storeId}/products`, opt(signal), type({ data: array(PosProduct) }))).data
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return []
      throw error
    }
  },
}
