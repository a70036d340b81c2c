import type { SnapshotFrom } from 'xstate'
import type { campaignCouponMachine } from './campaign-coupon.machine'

/** What the public coupon page renders. */
export function toCampaignCouponView(s: SnapshotFrom<typeof campaignCouponMachine>) {
  const coupon = s.context.coupon
  return {
    coupon,
    isLoading: s.matches('loading'),
    isNotFound: s.matches('notFound'),
    isFailed: s.matches('failed'),
    /** Only an active coupon shows the code the counter redeems. */
    canRedeem: s.matches('shown') && coupon?.state === 'active',
    /** A used or expired coupon says so instead. */
    stateMessage:
      coupon?.state === 'claimed'
        ? ('pages.coupon.claimed' as const)
        : coupon?.state === 'expired'
          ? ('pages.coupon.expired' as const)
          : null,
  }
}
export type CampaignCouponView = ReturnType<typeof toCampaignCouponView>
