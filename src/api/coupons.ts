// The counter's coupon calls (issue 34): a coupon by its short code, and its redemption (once: the
// Idempotency-Key makes a retried click one redemption).
import { CounterCoupon } from '../domain/coupons'
import { call } from './client'

const path = (code: string) => `/api/v2/coupons/by-code/${encodeURIComponent(code)}`
const opt = (signal?: AbortSignal) => (signal ? { signal } : {})

export const couponsApi = {
  byCode: (code: string, signal?: AbortSignal) => call(path(code), opt(signal), CounterCoupon),
  redeem: (code: string, signal?: AbortSignal) =>
    call(
      `${path(code)}/redeem`,
      { method: 'POST', body: {}, headers: { 'Idempotency-Key': crypto.randomUUID() }, ...opt(signal) },
      CounterCoupon,
    ),
}
