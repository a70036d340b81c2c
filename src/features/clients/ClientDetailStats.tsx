import { useIntl } from 'react-intl'
import type { ClientDetailView } from '../../../machines/client-detail/client-detail.view'
import { useClock } from '../../ui/i18n/clock'
import { useMoney } from '../../ui/i18n/format'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'
import { sourceLabel } from './format'

/** The figure cards: points, visits, average basket, redeemed offers. */
export function ClientDetailStats({ view }: { view: ClientDetailView }) {
  const t = useT()
  const intl = useIntl()
  const info = view.info!
  const money = useMoney(info.currencyCode)
  const { date } = useClock()
  const stat = (label: MessageId, value: string, detail: string) => (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{t(label)}</dt>
      <dd className={styles.statValue}>{value}</dd>
      <dd className={styles.statDetail}>{detail}</dd>
    </div>
  )
  return (
    <dl className={styles.stats} aria-busy={view.isRefreshing || undefined}>
      {stat(
        'pages.clients.stats.points',
        intl.formatNumber(info.points),
        t('pages.clients.stats.collected', { points: intl.formatNumber(info.totalCollectedPoints) }),
      )}
      {stat(
        'pages.clients.stats.visits',
        intl.formatNumber(info.visitCount),
        t('pages.clients.stats.lastVisit', { date: date(info.lastVisitAt) }),
      )}
      {stat(
        'pages.clients.stats.averageBasket',
        money(info.averageBasketCents),
        t('pages.clients.stats.weekly', { amount: money(info.weeklyAverageBasketCents) }),
      )}
      {stat(
        'pages.clients.stats.redeemed',
        intl.formatNumber(info.redeemedOffersCount),
        t('pages.clients.stats.acquiredFrom', { source: t(sourceLabel(info.acquiredFrom)) }),
      )}
    </dl>
  )
}
