// The counter's redeem page's default actors: the coupon of a code, and its redemption.
import { fromPromise } from 'xstate'
import { couponsApi } from '../../src/api/coupons'
import type { CounterCoupon } from '../../src/domain/coupons'

export const loadCoupon = fromPromise<CounterCoupon, { code: string }>(({ input, signal }) =>
  couponsApi.byCode(input.code, signal),
)
export const redeemCoupon = fromPromise<CounterCoupon, { code: string }>(({ input, signal }) =>
  couponsApi.redeem(input.code, signal),
)
