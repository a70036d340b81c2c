// /pages/campaign/history: the franchise's campaigns in the one paged-list shell (src/ui/PagedListPage),
// filtered by status, channel and period (kept in the address), with each one's figures.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CampaignHistoryEvent } from '../../../machines/campaign-history/campaign-history.machine'
import type { CampaignHistoryView } from '../../../machines/campaign-history/campaign-history.view'
import { DISPLAY_STATUSES } from '../../domain/campaign-contract'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { useClock } from '../../ui/i18n/clock'
import { useMoney } from '../../ui/i18n/format'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { PagedListPage } from '../../ui/PagedListPage'
import { Table } from '../../ui/Table'
import { CAMPAIGN_PATHS } from './paths'
import { StatusBadge, statusKey } from './StatusBadge'

export interface CampaignHistoryPageProps {
  view: CampaignHistoryView
  send: (event: CampaignHistoryEvent) => void
  currency: string
}

export const contentKey = (c: string) =>
  `communication.contents.${c.toLowerCase().replace(/_/g, '-')}` as MessageId

export function CampaignHistoryPage({ view, send, currency }: CampaignHistoryPageProps) {
  const t = useT()
  const money = useMoney(currency)
  const { date } = useClock()
  const title = t('communication.history.title')
  const filter = (field: 'status' | 'channel' | 'from' | 'to') => (value: string) =>
    send({ type: 'history.filter', field, value })
  const pct = (n: number) => `${Math.round(n * 10) / 10} %`
  const reset = { label: t('communication.history.reset'), onClear: () => send({ type: 'history.reset' }) }
  return (
    <PagedListPage
      title={title}
      documentTitle={`${title} · ${t('app.name')}`}
      subtitle={
        view.isLoading
          ? t('communication.history.loading')
          : t('communication.history.count', { count: view.total })
      }
      actions={
        <Button asChild>
          <Link href={CAMPAIGN_PATHS.create}>{t('communication.history.create')}</Link>
        </Button>
      }
      filters={
        <div className={styles.filters}>
          <NativeSelect
            label={t('communication.history.status')}
            value={view.query.status ?? ''}
            options={[
              { value: '', label: t('communication.history.any') },
              ...DISPLAY_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) })),
            ]}
            onChange={filter('status')}
          />
          <NativeSelect
            label={t('communication.fields.channel')}
            value={view.query.channel ?? ''}
            options={[
              { value: '', label: t('communication.history.any') },
              { value: 'SMS', label: t('communication.channel.sms') },
              { value: 'PUSH', label: t('communication.channel.push') },
            ]}
            onChange={filter('channel')}
          />
          <TextField
            label={t('communication.history.from')}
            type="date"
            value={view.query.from ?? ''}
            onChange={(e) => filter('from')(e.currentTarget.value)}
          />
          <TextField
            label={t('communication.history.to')}
            type="date"
            value={view.query.to ?? ''}
            invalid={view.isPeriodInverted}
            errorText={t('communication.errors.period-start-after-end')}
            onChange={(e) => filter('to')(e.currentTarget.value)}
          />
          {view.isFiltered && (
            <Button variant="outline" tone="neutral" onClick={reset.onClear}>
              {reset.label}
            </Button>
          )}
        </div>
      }
      error={
        view.isFailed
          ? { message: t('communication.history.error'), onRetry: () => send({ type: 'history.retry' }) }
          : null
      }
      empty={
        view.isEmpty
          ? {
              title: t('communication.history.empty'),
              description: t('communication.history.emptyHelp'),
              action: (
                <Button asChild>
                  <Link href={CAMPAIGN_PATHS.create}>{t('communication.history.create')}</Link>
                </Button>
              ),
            }
          : view.isNoResult
            ? { title: t('communication.history.noResult'), clear: reset }
            : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('communication.history.pagination'),
              page: view.query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: view.query.size,
              pageSizes: view.pageSizes,
              onPage: (page) => send({ type: 'history.page', page }),
              onRowsPerPage: (size) => send({ type: 'history.size', size }),
            }
          : null
      }
    >
      <Table.Root aria-busy={view.isLoading}>
        <Table.Head>
          <Table.Row>
            <Table.Header>{t('communication.fields.name')}</Table.Header>
            <Table.Header>{t('communication.history.status')}</Table.Header>
            <Table.Header>{t('communication.fields.channel')}</Table.Header>
            <Table.Header>{t('communication.history.type')}</Table.Header>
            <Table.Header>{t('communication.history.author')}</Table.Header>
            <Table.Header>{t('communication.history.date')}</Table.Header>
            <Table.Header>{t('communication.stats.notified')}</Table.Header>
            <Table.Header>{t('communication.stats.opened')}</Table.Header>
            <Table.Header>{t('communication.stats.conversion')}</Table.Header>
            <Table.Header>{t('communication.stats.turnover')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {view.rows.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>
                <Link href={CAMPAIGN_PATHS.detail(r.id)}>{r.communicationCampaign.name}</Link>
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={r.displayStatus} />
              </Table.Cell>
              <Table.Cell>
                {t(r.channel === 'SMS' ? 'communication.channel.sms' : 'communication.channel.push')}
              </Table.Cell>
              <Table.Cell>{t(contentKey(r.content))}</Table.Cell>
              <Table.Cell>{r.author?.name ?? '—'}</Table.Cell>
              <Table.Cell>{date(r.sentAt ?? r.startDate)}</Table.Cell>
              <Table.Cell>{r.notified}</Table.Cell>
              <Table.Cell>{pct(r.openedPercent)}</Table.Cell>
              <Table.Cell>{pct(r.conversionPercent)}</Table.Cell>
              <Table.Cell>{money(r.turnoverCents)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

const styles = {
  filters: css({
    display: 'grid',
    gap: '4',
    alignItems: 'end',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
}
