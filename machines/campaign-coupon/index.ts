export * from './campaign-coupon.machine'
export { type CampaignCouponView, toCampaignCouponView } from './campaign-coupon.view'
