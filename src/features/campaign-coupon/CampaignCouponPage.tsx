// The coupon a customer shows at the counter: the franchise, what the coupon gives, its terms and
// expiry, and (while it is usable) the coupon's short code and QR code (src/ui/CounterCoupon.tsx),
// which the counter redeems. Mobile first, one column; the scan page's styles.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { CampaignCouponEvent } from '../../../machines/campaign-coupon/campaign-coupon.machine'
import type { CampaignCouponView } from '../../../machines/campaign-coupon/campaign-coupon.view'
import { Button } from '../../ui/Button'
import { CounterCoupon, useCouponValue } from '../../ui/CounterCoupon'
import { useT } from '../../ui/i18n/t'
import { publicPage as s } from '../../ui/public-page'
import { Spinner } from '../../ui/Spinner'

export type CampaignCouponPageProps = { view: CampaignCouponView; send: (event: CampaignCouponEvent) => void }

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
            {view.canRedeem ? (
              <CounterCoupon coupon={{ ...c, code: c.counterCode }} headingLevel={2} />
            ) : (
              <>
                <h2 className={s.h2}>{c.header}</h2>
                <p className={styles.value}>{couponValue(c)}</p>
                <p className={s.muted}>
                  {t('pages.coupon.validUntil', {
                    date: intl.formatDate(c.expiresAt, { dateStyle: 'long' }),
                  })}
                </p>
              </>
            )}
            {c.type !== 'product' && c.productDescription && <p>{c.productDescription}</p>}
            {view.stateMessage && <p role="status">{t(view.stateMessage)}</p>}
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
  terms: css({ whiteSpace: 'pre-line', fontSize: 'sm' }),
}
