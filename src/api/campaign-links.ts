// The public coupon page's call (issue 18): the coupon a campaign's short link leads to. No token is
// ever sent: the random code of the link is the only key.
import { PublicCampaignCoupon } from '../domain/campaign-contract'
import { call } from './client'

export const campaignLinksApi = {
  coupon: (code: string, signal?: AbortSignal) =>
    call(
      `/api/public/campaign-links/${encodeURIComponent(code)}/coupon`,
      { anonymous: true, ...(signal ? { signal } : {}) },
      PublicCampaignCoupon,
    ),
}
