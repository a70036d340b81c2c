import { useId } from 'react'
import type { ClientMessageOrigin } from '../../domain/clients'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { Table } from '../../ui/Table'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'

const ORIGIN: Record<ClientMessageOrigin, MessageId> = {
  campaign: 'pages.clients.messages.origins.campaign',
  automation: 'pages.clients.messages.origins.automation',
  pointsExpiry: 'pages.clients.messages.origins.pointsExpiry',
}

/**
 * The history's messages (issue 34): what the franchise's campaigns, automations and expiry reminders
 * sent the client, newest first, with each one's delivery.
 */
export function ClientMessages({ view }: Pick<ClientDetailPartProps, 'view'>) {
  const t = useT()
  const { dateTime } = useClock()
  const titleId = useId()
  const messages = view.info!.messages
  return (
    <section aria-labelledby={titleId} className={styles.card}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('pages.clients.messages.title')}
      </h2>
      {messages.length === 0 ? (
        <p className={styles.muted}>{t('pages.clients.messages.empty')}</p>
      ) : (
        <Table.Root size="sm">
          <Table.Caption className={styles.srOnly}>{t('pages.clients.messages.title')}</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('pages.clients.messages.columns.date')}</Table.Header>
              <Table.Header scope="col">{t('pages.clients.messages.columns.message')}</Table.Header>
              <Table.Header scope="col">{t('pages.clients.messages.columns.origin')}</Table.Header>
              <Table.Header scope="col">{t('pages.clients.messages.columns.channel')}</Table.Header>
              <Table.Header scope="col">{t('pages.clients.messages.columns.status')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {messages.map((m) => (
              <Table.Row key={m.campaignId}>
                <Table.Cell>{dateTime(m.sentAt)}</Table.Cell>
                <Table.Cell>{m.origin === 'pointsExpiry' ? t(ORIGIN.pointsExpiry) : m.name}</Table.Cell>
                <Table.Cell>{t(ORIGIN[m.origin])}</Table.Cell>
                <Table.Cell>{t(`messages.channel.${m.channel}`)}</Table.Cell>
                <Table.Cell>{t(`communication.delivery.${m.status}` as MessageId)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  )
}
