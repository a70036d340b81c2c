// Parts and styles of the scan page: messages, money, and the offer lists.
import { useIntl } from 'react-intl'
import type { ScanNews } from '../../domain/news'
import type { ScanOffer } from '../../domain/scan'
import { useT } from '../../ui/i18n/t'

// The customers' public pages share one look (src/ui/public-page.ts).
import { publicPage as s, useMoney } from '../../ui/public-page'

export { s, useMoney, useT }

/** Offers with their cost, and the points still missing for those not yet within reach. */
export function OfferList({
  title,
  offers,
}: {
  title: string
  offers: readonly { offer: ScanOffer; missingPoints?: number }[]
}) {
  const t = useT()
  return (
    <section aria-label={title} className={s.card}>
      <h2 className={s.h2}>{title}</h2>
      <ul className={s.list}>
        {offers.map(({ offer, missingPoints }) => (
          <li key={offer.id} className={s.item}>
            <span className={s.itemName}>{offer.name}</span>
            <span className={s.muted}>{offer.description}</span>
            <span className={s.badge}>
              {missingPoints !== undefined
                ? t('pages.scan.offers.missing', { points: missingPoints })
                : t('pages.scan.offers.cost', { points: offer.redeemPointAmount })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The store's news and happy hours running now (issue 19), a happy hour with its daily slot. */
export function NewsList({ news }: { news: readonly ScanNews[] }) {
  const t = useT()
  const money = useMoney()
  const intl = useIntl()
  if (news.length === 0) return null
  const title = t('pages.scan.news.title')
  return (
    <section aria-label={title} className={s.card}>
      <h2 className={s.h2}>{title}</h2>
      <ul className={s.list}>
        {news.map((n) => (
          <li key={n.id} className={s.item}>
            <span className={s.itemName}>{n.name}</span>
            {n.description && <span className={s.muted}>{n.description}</span>}
            <span className={s.muted}>
              {n.happyHourStart && n.happyHourEnd
                ? t('pages.scan.news.slot', { start: n.happyHourStart, end: n.happyHourEnd })
                : t('pages.scan.news.until', {
                    date: intl.formatDate(`${n.endDate}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
                  })}
              {n.drinkType ? ` · ${n.drinkType}` : ''}
            </span>
            {n.priceCents !== null && <span className={s.badge}>{money(n.priceCents, n.currencyCode)}</span>}
            {n.customersOnly && <span className={s.badge}>{t('pages.scan.news.customersOnly')}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
