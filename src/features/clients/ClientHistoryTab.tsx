import { useIntl } from 'react-intl'
import type { ClientDetailView } from '../../../machines/client-detail/client-detail.view'
import { ClockZoneNote, useClock } from '../../ui/i18n/clock'
import { useMoney } from '../../ui/i18n/format'
import { EmptyPanel } from '../../ui/Panels'
import { Table } from '../../ui/Table'
import { useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'
import { ClientMessages } from './ClientMessages'
import { transactionLabel } from './format'

/** The history tab: the client's transactions, then the messages sent to them. */
export function ClientHistoryTab({ view }: { view: ClientDetailView }) {
  const t = useT()
  const intl = useIntl()
  const info = view.info!
  const money = useMoney(info.currencyCode)
  const { dateTime } = useClock()
  if (info.transactions.length === 0)
    return (
      <>
        <div className={styles.panel}>
          <EmptyPanel
            title={t('pages.clients.history.empty')}
            description={t('pages.clients.history.emptyDescription')}
          />
        </div>
        <ClientMessages view={view} />
      </>
    )
  return (
    <>
      <ClockZoneNote />
      <Table.Root size="sm">
        <Table.Caption className={styles.srOnly}>{t('pages.clients.tabs.history')}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('pages.clients.history.columns.date')}</Table.Header>
            <Table.Header scope="col">{t('pages.clients.history.columns.type')}</Table.Header>
            <Table.Header scope="col" data-align="end">
              {t('pages.clients.history.columns.points')}
            </Table.Header>
            <Table.Header scope="col" data-align="end">
              {t('pages.clients.history.columns.amount')}
            </Table.Header>
            <Table.Header scope="col">{t('pages.clients.history.columns.store')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {info.transactions.map((x) => (
            <Table.Row key={x.id}>
              <Table.Cell>{dateTime(x.createdAt)}</Table.Cell>
              <Table.Cell>{t(transactionLabel(x.type))}</Table.Cell>
              <Table.Cell data-align="end" className={x.points < 0 ? styles.negative : styles.positive}>
                {intl.formatNumber(x.points, { signDisplay: 'exceptZero' })}
              </Table.Cell>
              <Table.Cell data-align="end">{x.amountCents === null ? '—' : money(x.amountCents)}</Table.Cell>
              <Table.Cell>{x.storeName ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <ClientMessages view={view} />
    </>
  )
}
