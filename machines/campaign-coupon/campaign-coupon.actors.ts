// The default actor of the public coupon page: GET api/public/campaign-links/{code}/coupon.
import { fromPromise } from 'xstate'
import { campaignLinksApi } from '../../src/api/campaign-links'
import type { PublicCampaignCoupon } from '../../src/domain/campaign-contract'
import type { LoadCouponInput } from './campaign-coupon.machine'

export const loadCoupon = fromPromise<PublicCampaignCoupon, LoadCouponInput>(({ input, signal }) =>
  campaignLinksApi.coupon(input.code, signal),
)
