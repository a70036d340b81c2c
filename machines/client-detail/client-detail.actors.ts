// The default actors of the client detail page: the src/api calls (reads pass `signal`).
import { fromPromise } from 'xstate'
import { clientsApi } from '../../src/api/clients'
import type { LoyaltyCard } from '../../src/domain/clients'
import {
  ACTIVE_COUPONS_LIMIT,
  type CouponPageOutput,
  type DeleteClientInput,
  type LoadClientInput,
  type LoadClientOutput,
  type LoadCouponsInput,
  type MovePointsInput,
  type RecordSaleInput,
  type RedeemCouponInput,
  type RedeemOfferInput,
} from './client-detail.types'

/** The client, its loyalty (card and offers) and its active coupons, together. */
export const loadClient = fromPromise<LoadClientOutput, LoadClientInput>(async ({ input, signal }) => {
  const [info, loyalty, active] = await Promise.all([
    clientsApi.detail(input.franchiseId, input.clientId, signal),
    clientsApi.loyalty(input.franchiseId, input.clientId, input.storeId, signal),
    clientsApi.coupons(
      input.clientId,
      { page: 1, size: ACTIVE_COUPONS_LIMIT, franchiseId: input.franchiseId, state: 'active' },
      signal,
    ),
  ])
  return { info, offers: loyalty.offers, activeCoupons: active.data }
})

export const loadCoupons = fromPromise<CouponPageOutput, LoadCouponsInput>(({ input, signal }) =>
  clientsApi.coupons(
    input.clientId,
    {
      page: input.page,
      size: input.size,
      franchiseId: input.franchiseId,
      ...(input.state ? { state: input.state } : {}),
    },
    signal,
  ),
)

export const movePoints = fromPromise<LoyaltyCard, MovePointsInput>(({ input }) =>
  clientsApi.movePoints(input),
)

export const recordSale = fromPromise<LoyaltyCard, RecordSaleInput>(({ input }) =>
  clientsApi.sale(input.storeId, input.clientId, input.amount),
)

export const redeemOffer = fromPromise<LoyaltyCard, RedeemOfferInput>(({ input }) =>
  clientsApi.redeemOffer(input.offerId, { userId: input.userId, storeId: input.storeId }),
)

export const redeemCoupon = fromPromise<unknown, RedeemCouponInput>(({ input }) =>
  clientsApi.redeemCoupon(input.couponId, { storeId: input.storeId }),
)

export const deleteClient = fromPromise<void, DeleteClientInput>(({ input }) =>
  clientsApi.remove(input.franchiseId, input.clientId),
)
