export * from './coupon-redeem.machine'
export { type CouponRedeemView, toCouponRedeemView } from './coupon-redeem.view'
