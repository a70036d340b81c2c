import type { SnapshotFrom } from 'xstate'
import { couponCodeOf } from '../../src/domain/coupons'
import type { couponRedeemMachine } from './coupon-redeem.machine'

/** What the counter's redeem page renders. */
export function toCouponRedeemView(s: SnapshotFrom<typeof couponRedeemMachine>) {
  const { coupon, typed, refusal } = s.context
  return {
    typed,
    coupon:
      s.matches('shown') || s.matches('redeeming') || s.matches('redeemed') || s.matches('redeemFailed')
        ? coupon
        : null,
    /** The typed text holds a whole code (the Find button). */
    canFind: couponCodeOf(typed) !== '',
    isLoading: s.matches('loading'),
    isNotFound: s.matches('notFound'),
    isFailed: s.matches('failed'),
    canRedeem: s.can({ type: 'coupon.redeem' }),
    isRedeeming: s.matches('redeeming'),
    isRedeemed: s.matches('redeemed'),
    isRedeemFailed: s.matches('redeemFailed'),
    /** The last redemption was refused: the coupon was used or expired meanwhile. */
    refusal,
  }
}
export type CouponRedeemView = ReturnType<typeof toCouponRedeemView>
