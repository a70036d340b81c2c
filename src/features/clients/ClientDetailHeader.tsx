import { formatPhone } from '../../domain/phone'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'
import { clientTypeLabel, clientTypeTone, contactsBesideName, fullName, initials } from './format'

/** The client's name, badges and contact, and the page's actions. */
export function ClientDetailHeader({ view, send }: ClientDetailPartProps) {
  const t = useT()
  const info = view.info!
  const { phone, email } = contactsBesideName(info)
  return (
    <header className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(info)}
      </span>
      <div className={styles.identity}>
        <div className={styles.nameLine}>
          <h1 className={styles.title}>{fullName(info)}</h1>
          <Badge tone={clientTypeTone(info.clientType)}>{t(clientTypeLabel(info.clientType))}</Badge>
          {info.hasMobileApp && <Badge tone="accent">{t('pages.clients.detail.hasApp')}</Badge>}
          {info.smsOptedOut && <Badge tone="neutral">{t('pages.clients.detail.smsOptedOut')}</Badge>}
        </div>
        <p className={styles.contact}>
          {phone && <a href={`tel:${phone}`}>{formatPhone(phone)}</a>}
          {email && <a href={`mailto:${email}`}>{email}</a>}
          {!info.phone && !info.email && t('pages.clients.detail.noContact')}
        </p>
      </div>
      <div className={styles.headerActions}>
        <Button disabled={!view.hasStore} onClick={() => send({ type: 'points.open' })}>
          {t('pages.clients.actions.points')}
        </Button>
        <Button variant="outline" disabled={!view.hasStore} onClick={() => send({ type: 'sale.open' })}>
          {t('pages.clients.actions.sale')}
        </Button>
        <Button variant="outline" tone="neutral" onClick={() => send({ type: 'client.edit' })}>
          {t('pages.clients.actions.edit')}
        </Button>
        <Button variant="ghost" tone="danger" onClick={() => send({ type: 'client.delete' })}>
          {t('common.delete')}
        </Button>
      </div>
    </header>
  )
}
