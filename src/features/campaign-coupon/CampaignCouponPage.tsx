// The coupon a customer shows at the counter: the franchise, what the coupon gives, its terms and
// expiry, and (while it is usable) a QR code of the coupon's id, which the counter redeems with the
// coupon call. Mobile first, one column; the scan page's styles.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { CampaignCouponEvent } from '../../../machines/campaign-coupon/campaign-coupon.machine'
import type { CampaignCouponView } from '../../../machines/campaign-coupon/campaign-coupon.view'
import type { PublicCampaignCoupon } from '../../domain/campaign-contract'
import { Button } from '../../ui/Button'
import { useT } from '../../ui/i18n/t'
import { publicPage as s, useMoney } from '../../ui/public-page'
import { QrCode } from '../../ui/QrCode'
import { Spinner } from '../../ui/Spinner'

export type CampaignCouponPageProps = { view: CampaignCouponView; send: (event: CampaignCouponEvent) => void }

function useCouponValue() {
  const t = useT()
  const money = useMoney()
  return (c: PublicCampaignCoupon) => {
    if (c.type === 'flat' && c.value !== null && c.currencyCode) return money(c.value, c.currencyCode)
    if (c.type === 'percentage' && c.value !== null) return t('pages.coupon.percent', { value: c.value })
    return c.productDescription ?? ''
  }
}

export function CampaignCouponPage({ view, send }: CampaignCouponPageProps) {
  const t = useT()
  const intl = useIntl()
  const couponValue = useCouponValue()
  const c = view.coupon
  return (
    <main className={s.page}>
      <header className={s.header}>
        {c?.franchiseLogo && <img className={s.logo} src={c.franchiseLogo} alt="" />}
        <div>
          {c && <p className={s.franchise}>{c.franchiseName}</p>}
          <h1 className={s.title}>{t('pages.coupon.title')}</h1>
        </div>
      </header>
      <div className={s.body}>
        {view.isLoading && <Spinner />}
        {view.isNotFound && (
          <p role="alert" className={s.card}>
            {t('pages.coupon.notFound')}
          </p>
        )}
        {view.isFailed && (
          <div role="alert" className={s.card}>
            <p>{t('pages.coupon.failed')}</p>
            <Button onClick={() => send({ type: 'coupon.retry' })}>{t('common.retry')}</Button>
          </div>
        )}
        {c && (
          <section className={s.card} aria-label={c.header}>
            <h2 className={s.h2}>{c.header}</h2>
            <p className={styles.value}>{couponValue(c)}</p>
            {c.type !== 'product' && c.productDescription && <p>{c.productDescription}</p>}
            <p className={s.muted}>
              {t('pages.coupon.validUntil', { date: intl.formatDate(c.expiresAt, { dateStyle: 'long' }) })}
            </p>
            {view.stateMessage && <p role="status">{t(view.stateMessage)}</p>}
            {view.canRedeem && (
              <div className={styles.counter}>
                <p>{t('pages.coupon.show')}</p>
                <QrCode text={c.counterCode} label={t('pages.coupon.qr')} className={styles.qr} />
                <p className={styles.code}>{t('pages.coupon.code', { code: c.counterCode })}</p>
              </div>
            )}
            {c.termsOfUse && (
              <details>
                <summary>{t('pages.coupon.terms')}</summary>
                <p className={styles.terms}>{c.termsOfUse}</p>
              </details>
            )}
          </section>
        )}
      </div>
    </main>
  )
}

const styles = {
  value: css({ fontSize: '3xl', fontWeight: 'bold', color: 'var(--scan-text)' }),
  counter: css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '2', textAlign: 'center' }),
  qr: css({ w: '56', h: '56' }),
  code: css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all' }),
  terms: css({ whiteSpace: 'pre-line', fontSize: 'sm' }),
}
