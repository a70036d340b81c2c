// /pages/messages: what the franchise sent its customers (issue 19 "Messages sent"), on the one paged
// list shell: the channel, campaign and recipient filters, then the messages, newest first.
import { css } from 'styled-system/css'
import type { MessagesEvent, MessagesView } from '../../../machines/messages-list/messages-list.list'
import { isChannel } from '../../../machines/messages-list/query'
import { MESSAGE_CHANNELS, MESSAGE_PAGE_SIZES, type MessageRow } from '../../domain/messages'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { PagedListPage } from '../../ui/PagedListPage'
import { SearchField } from '../../ui/SearchField'
import { SelectField } from '../../ui/SelectField'
import { Table } from '../../ui/Table'

export interface MessagesPageProps {
  view: MessagesView
  send: (event: MessagesEvent) => void
}

const STATUS_LABELS: Record<string, { id: MessageId; tone: BadgeTone }> = {
  DELIVERED_LOCALLY: { id: 'messages.status.deliveredLocally', tone: 'info' },
  SENT: { id: 'messages.status.sent', tone: 'success' },
  DELIVERED: { id: 'messages.status.delivered', tone: 'success' },
  PENDING: { id: 'messages.status.pending', tone: 'warning' },
  FAILED: { id: 'messages.status.failed', tone: 'danger' },
}

export function MessagesPage({ view, send }: MessagesPageProps) {
  const t = useT()
  const title = t('messages.title')
  const { query } = view
  const channelOptions = [
    { value: '', label: t('messages.filters.anyChannel') },
    ...MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) })),
  ]
  const campaignOptions = [
    { value: '', label: t('messages.filters.anyCampaign') },
    ...view.campaigns.map((c) => ({
      value: c.id,
      label:
        c.kind === 'pointsExpiry'
          ? t('messages.origin.pointsExpiry')
          : c.kind === 'automation'
            ? t('messages.filters.automation', { name: c.name })
            : c.name,
    })),
  ]
  const clear = { label: t('messages.filters.clear'), onClear: () => send({ type: 'list.clear' }) }
  return (
    <PagedListPage
      className={styles.page}
      title={title}
      documentTitle={`${title} · ${t('app.name')}`}
      subtitle={
        view.isLoading && !view.isRefreshing
          ? t('messages.loading')
          : t('messages.count', { count: view.total })
      }
      filters={
        <section className={styles.filters} aria-label={t('messages.filters.label')}>
          <SearchField
            label={t('messages.filters.search')}
            placeholder={t('messages.filters.searchPlaceholder')}
            value={view.searchInput}
            onChange={(value) => send({ type: 'list.search', value })}
            onSubmit={() => send({ type: 'list.searchNow' })}
          />
          <SelectField
            label={t('messages.filters.channel')}
            options={channelOptions}
            value={[query.channel ?? '']}
            onChange={(v) =>
              send({ type: 'list.filter', filter: { channel: isChannel(v[0]) ? v[0] : null } })
            }
          />
          <SelectField
            label={t('messages.filters.campaign')}
            options={campaignOptions}
            value={[query.campaignId ?? '']}
            onChange={(v) => send({ type: 'list.filter', filter: { campaignId: v[0] || null } })}
          />
          <Button variant="outline" tone="neutral" onClick={clear.onClear}>
            {clear.label}
          </Button>
        </section>
      }
      error={
        view.isFailed
          ? {
              message: t((view.error ?? 'messages.errors.load') as MessageId),
              onRetry: () => send({ type: 'list.retry' }),
            }
          : null
      }
      empty={
        view.isEmpty
          ? { title: t('messages.empty.title'), description: t('messages.empty.description') }
          : view.isNoResult
            ? { title: t('messages.noResult.title'), description: t('messages.noResult.description'), clear }
            : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('messages.pagination'),
              page: query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: query.size,
              pageSizes: MESSAGE_PAGE_SIZES,
              onPage: (page) => send({ type: 'list.page', page }),
              onRowsPerPage: (size) => send({ type: 'list.size', size }),
            }
          : null
      }
    >
      <Table.Root aria-busy={view.isLoading || undefined} data-refreshing={view.isRefreshing || undefined}>
        <Table.Caption className={styles.srOnly}>{title}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('messages.columns.date')}</Table.Header>
            <Table.Header scope="col">{t('messages.columns.channel')}</Table.Header>
            <Table.Header scope="col">{t('messages.columns.recipient')}</Table.Header>
            <Table.Header scope="col">{t('messages.columns.text')}</Table.Header>
            <Table.Header scope="col">{t('messages.columns.origin')}</Table.Header>
            <Table.Header scope="col">{t('messages.columns.status')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body className={view.isRefreshing ? styles.refreshing : undefined}>
          {view.rows.map((row) => (
            <MessageTableRow key={row.id} row={row} />
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

function MessageTableRow({ row }: { row: MessageRow }) {
  const { dateTime } = useClock()
  const t = useT()
  const status = STATUS_LABELS[row.status]
  return (
    <Table.Row>
      <Table.Cell className={styles.nowrap}>{dateTime(row.createdAt)}</Table.Cell>
      <Table.Cell>
        <Badge tone={row.channel === 'sms' ? 'accent' : 'neutral'}>
          {t(`messages.channel.${row.channel}`)}
        </Badge>
      </Table.Cell>
      <Table.Cell className={styles.nowrap}>
        {row.recipient ?? <span className={styles.muted}>{t('messages.recipient.gone')}</span>}
      </Table.Cell>
      <Table.Cell>
        {row.subject &&
          (row.channel === 'sms' ? (
            <span className={styles.sender}>{t('messages.sender', { sender: row.subject })}</span>
          ) : (
            <span className={styles.strong}>{row.subject}</span>
          ))}
        <span className={styles.text}>{row.body}</span>
      </Table.Cell>
      <Table.Cell>
        {row.origin === 'campaign' || row.origin === 'automation'
          ? (row.campaign?.name ?? t('messages.origin.deletedCampaign'))
          : t(`messages.origin.${row.origin}`)}
      </Table.Cell>
      <Table.Cell>
        {status ? <Badge tone={status.tone}>{t(status.id)}</Badge> : <Badge>{row.status}</Badge>}
      </Table.Cell>
    </Table.Row>
  )
}

const styles = {
  page: css({ maxW: '7xl', mx: 'auto' }),
  filters: css({
    display: 'grid',
    gridTemplateColumns: {
      base: '1fr',
      sm: '1fr 1fr',
      lg: 'minmax(16rem, 2fr) repeat(2, minmax(10rem, 1fr)) auto',
    },
    alignItems: 'end',
    gap: '3',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  srOnly: css({ srOnly: true }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  nowrap: css({ whiteSpace: 'nowrap' }),
  strong: css({ fontWeight: 'semibold', display: 'block' }),
  sender: css({ display: 'block', color: 'fg.muted', textStyle: 'xs' }),
  muted: css({ color: 'fg.muted' }),
  // The text as it was sent, line breaks kept (an SMS's link and opt-out mention are on their own lines).
  text: css({ display: 'block', whiteSpace: 'pre-line', maxW: 'md', textStyle: 'sm' }),
}
