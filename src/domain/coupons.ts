// The short code a customer gives at the counter for a coupon (issue 34): 8 characters without the
// look-alikes 0/O and 1/I/L, so it can be read aloud or typed from a phone's screen without doubt. The
// database draws it (src/server/db/sql/coupon_code.sql, same alphabet); the coupon's QR code carries
// the back office's redeem page for it, so a phone's camera or a counter's scanner typing into the code
// field both lead to the same redemption.
import { coerce, define, type Infer, nullable, number, object, string, type } from 'superstruct'
import type { Locale } from './locale'
import { formatMoney } from './sale'
import { smsName } from './scan'

export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const COUPON_CODE_LENGTH = 8
const WHOLE = new RegExp(`^[${COUPON_CODE_ALPHABET}]{${COUPON_CODE_LENGTH}}$`)

/** The back office's page that redeems the coupon of `code` (what the coupon's QR code leads to). */
export const couponRedeemPath = (code: string) => `/pages/coupons/${encodeURIComponent(code)}`

/**
 * The code in what was typed or scanned: the redeem page's address (the QR code) or the code itself,
 * in any case, with the spaces and dash people add; '' when it holds no well-formed code.
 */
export function couponCodeOf(text: string): string {
  const fromUrl = /\/pages\/coupons\/([^/?#\s]+)/.exec(text)?.[1]
  const code = (fromUrl ?? text).toUpperCase().replace(/[\s-]/g, '')
  return WHOLE.test(code) ? code : ''
}

/** ABCD-EFGH: two groups of four read more easily. */
export const formatCouponCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

/** A path or body's code: accepted as the customer shows it (case, dash), checked against the alphabet. */
export const CouponCode = coerce(
  define<string>('CouponCode', (v) => typeof v === 'string' && WHOLE.test(v)),
  string(),
  (v) => v.toUpperCase().replace(/[\s-]/g, ''),
)

export const CouponCodeParams = object({ code: CouponCode })

/** GET api/v2/coupons/by-code/{code}: the coupon a customer shows at the counter, and whose it is. */
export const CounterCoupon = type({
  id: string(),
  code: string(),
  clientId: string(),
  clientName: string(),
  type: string(),
  value: nullable(number()),
  currencyCode: nullable(string()),
  header: string(),
  productDescription: nullable(string()),
  termsOfUse: nullable(string()),
  expiresAt: string(),
  claimedAt: nullable(string()),
  /** active | expired | claimed */
  state: string(),
})
export type CounterCoupon = Infer<typeof CounterCoupon>

/** A coupon as its customer shows it at the counter (the gift wheel's result, the scan page). */
export const ShownCoupon = type({
  code: string(),
  header: string(),
  /** flat | percentage | product */
  type: string(),
  /** Cents (flat) or per cent (percentage). */
  value: nullable(number()),
  currencyCode: nullable(string()),
  expiresAt: string(),
})
export type ShownCoupon = Infer<typeof ShownCoupon>

// Intl's French spaces (no-break, narrow no-break) are not GSM characters: one would make the SMS UCS-2.
const gsmSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

/** What the coupon gives, in words a customer reads: 2,00 €, -10 %, or nothing for a product. */
export function couponValueText(c: Pick<ShownCoupon, 'type' | 'value' | 'currencyCode'>, locale: Locale) {
  if (c.type === 'flat' && c.value !== null && c.currencyCode)
    return gsmSpaces(formatMoney(c.value, c.currencyCode, locale === 'fr' ? 'fr-FR' : 'en-US'))
  if (c.type === 'percentage' && c.value !== null)
    return locale === 'fr' ? `-${c.value} %` : `${c.value}% off`
  return ''
}

/**
 * The SMS a gift-wheel winner gets (issue 34), in their language: the coupon, its code and value, its
 * last day in the franchise's zone, and what to do with it. Transactional: no opt-out line.
 */
export function wonCouponSmsText(
  locale: Locale,
  m: { franchiseName: string; coupon: ShownCoupon; timeZone: string },
): string {
  const name = smsName(m.franchiseName)
  const value = couponValueText(m.coupon, locale)
  const what = smsName(m.coupon.header)
  const code = formatCouponCode(m.coupon.code)
  const until = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-US', {
    dateStyle: 'short',
    timeZone: m.timeZone,
  }).format(new Date(m.coupon.expiresAt))
  return locale === 'fr'
    ? `${name} : vous avez gagné ${what}${value ? ` (${value})` : ''} ! Code de votre bon : ${code}, valable jusqu'au ${until}. Présentez ce code en caisse.`
    : `${name}: you won ${what}${value ? ` (${value})` : ''}! Your coupon code: ${code}, valid until ${until}. Show this code at the counter.`
}
