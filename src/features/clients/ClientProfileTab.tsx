import type { ClientDetailView } from '../../../machines/client-detail/client-detail.view'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'
import { sourceLabel } from './format'

/** The profile tab: the client's own details. */
export function ClientProfileTab({ view }: { view: ClientDetailView }) {
  const t = useT()
  const { date } = useClock()
  const info = view.info!
  const row = (label: MessageId, value: string) => (
    <div className={styles.profileRow}>
      <dt className={styles.muted}>{t(label)}</dt>
      <dd>{value}</dd>
    </div>
  )
  return (
    <dl className={styles.profile}>
      {row(
        'pages.clients.form.gender',
        info.gender === 'male' || info.gender === 'female' || info.gender === 'other'
          ? t(`pages.clients.form.genders.${info.gender}`)
          : '—',
      )}
      {row('pages.clients.form.birthDate', date(info.birthDate))}
      {row('pages.clients.form.postcode', info.postcode ?? '—')}
      {row('pages.clients.detail.clientSince', date(info.createdAt))}
      {row('pages.clients.detail.firstVisit', date(info.firstVisitAt))}
      {row('pages.clients.columns.acquiredFrom', t(sourceLabel(info.acquiredFrom)))}
    </dl>
  )
}
