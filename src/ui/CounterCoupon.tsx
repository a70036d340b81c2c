// A coupon as the customer shows it at the counter (issue 34): what it gives, the QR code the counter
// scans (it leads to the back office's redeem page for this code), the short code to read out, the
// last day and how to use it. The gift wheel's result, the scan page and the campaign coupon page.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { couponRedeemPath, formatCouponCode, type ShownCoupon } from '../domain/coupons'
import { useT } from './i18n/t'
import { publicPage as s, useMoney } from './public-page'
import { QrCode } from './QrCode'

/** What the coupon gives: 2,00 €, -10 %, or the product's description. */
export function useCouponValue() {
  const t = useT()
  const money = useMoney()
  return (
    c: Pick<ShownCoupon, 'type' | 'value' | 'currencyCode'> & { productDescription?: string | null },
  ) => {
    if (c.type === 'flat' && c.value !== null && c.currencyCode) return money(c.value, c.currencyCode)
    if (c.type === 'percentage' && c.value !== null) return t('pages.coupon.percent', { value: c.value })
    return c.productDescription ?? ''
  }
}

/** The address the QR code carries: the redeem page on the site this page was opened from. */
export const couponRedeemUrl = (code: string, origin = globalThis.location?.origin ?? '') =>
  `${origin}${couponRedeemPath(code)}`

export function CounterCoupon({
  coupon,
  headingLevel = 3,
  origin,
}: {
  coupon: ShownCoupon & { productDescription?: string | null }
  headingLevel?: 2 | 3
  origin?: string
}) {
  const t = useT()
  const intl = useIntl()
  const value = useCouponValue()(coupon)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const code = formatCouponCode(coupon.code)
  return (
    <div className={styles.coupon}>
      <Heading className={s.h2}>{coupon.header}</Heading>
      {value && <p className={styles.value}>{value}</p>}
      <QrCode
        text={couponRedeemUrl(coupon.code, origin)}
        label={t('pages.coupon.qr')}
        className={styles.qr}
      />
      <p className={styles.code}>{t('pages.coupon.code', { code })}</p>
      <p className={s.muted}>
        {t('pages.coupon.validUntil', { date: intl.formatDate(coupon.expiresAt, { dateStyle: 'long' }) })}
      </p>
      <p>{t('pages.coupon.show')}</p>
    </div>
  )
}

const styles = {
  coupon: css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', textAlign: 'center' }),
  value: css({ fontSize: '3xl', fontWeight: 'bold', color: 'var(--scan-text)' }),
  qr: css({ w: '56', h: '56', maxW: 'full' }),
  code: css({ fontFamily: 'mono', fontSize: 'xl', fontWeight: 'bold', letterSpacing: 'wider' }),
}
