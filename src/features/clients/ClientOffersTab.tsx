import { useId } from 'react'
import { useIntl } from 'react-intl'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import { type ClientDetailPartProps, offerValue, useAnyMoney, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'

/** The offers tab: the offers the client can redeem, beside its active coupons. */
export function ClientOffersTab({ view, send }: ClientDetailPartProps) {
  const t = useT()
  const intl = useIntl()
  const money = useAnyMoney()
  const { date } = useClock()
  const offersTitle = useId()
  const couponsTitle = useId()
  return (
    <div className={styles.columns}>
      <section aria-labelledby={offersTitle} className={styles.card}>
        <h2 id={offersTitle} className={styles.cardTitle}>
          {t('pages.clients.offers.title')}
        </h2>
        {view.offers.length === 0 ? (
          <p className={styles.muted}>{t('pages.clients.offers.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {view.offers.map((o) => (
              <li key={o.id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{o.name}</span>
                  <span className={styles.muted}>
                    {offerValue(o, t, money)} · {o.description}
                  </span>
                </div>
                <span className={styles.costBox}>
                  <span className={styles.cost}>
                    {t('pages.clients.offers.cost', { points: intl.formatNumber(o.redeemPointAmount) })}
                  </span>
                  {o.canRedeem === false && (
                    <span className={styles.missing}>
                      {t('pages.clients.offers.missing', {
                        points: intl.formatNumber(o.redeemPointAmount - (view.info?.points ?? 0)),
                      })}
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!view.hasStore || o.canRedeem === false}
                  aria-label={t('pages.clients.offers.redeemLabel', { offer: o.name })}
                  onClick={() => send({ type: 'offer.redeem', offerId: o.id })}
                >
                  {t('pages.clients.offers.redeem')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={couponsTitle} className={styles.card}>
        <h2 id={couponsTitle} className={styles.cardTitle}>
          {t('pages.clients.coupons.active')}
        </h2>
        {view.activeCoupons.length === 0 ? (
          <p className={styles.muted}>{t('pages.clients.coupons.noActive')}</p>
        ) : (
          <ul className={styles.list}>
            {view.activeCoupons.map((c) => (
              <li key={c.id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{c.header}</span>
                  <span className={styles.muted}>
                    {offerValue(c, t, money)} ·{' '}
                    {t('pages.clients.coupons.expires', { date: date(c.expiresAt) })}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!view.hasStore}
                  aria-label={t('pages.clients.coupons.redeemLabel', { coupon: c.header })}
                  onClick={() => send({ type: 'coupon.redeem', couponId: c.id })}
                >
                  {t('pages.clients.coupons.redeem')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
