// /pages/campaign/:id: the campaign (info, stats, coupon and a NEWS campaign's news item, each with its
// own loading, failure and retry), the progress of a send while it runs, its recipients paged, and cancel (confirmed), pause,
// resume and edit.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CampaignDetailEvent } from '../../../machines/campaign-detail/campaign-detail.machine'
import type { CampaignDetailView } from '../../../machines/campaign-detail/campaign-detail.view'
import { RECIPIENT_STATUSES } from '../../domain/campaign-contract'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { Section, styles } from '../../ui/campaign-parts'
import { ConfirmDialog } from '../../ui/Dialog'
import { ClockZoneNote, useClock } from '../../ui/i18n/clock'
import { useMoney } from '../../ui/i18n/format'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { NEWS_STATUS_TONE } from '../../ui/news-status'
import { pageStyles } from '../../ui/PagedListPage'
import { Pagination } from '../../ui/Pagination'
import { ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { Table } from '../../ui/Table'
import { contentKey } from './CampaignHistoryPage'
import { CampaignRecipientsExport } from './CampaignRecipientsExport'
import { CAMPAIGN_PATHS } from './paths'
import { StatusBadge } from './StatusBadge'

export interface CampaignDetailPageProps {
  view: CampaignDetailView
  send: (event: CampaignDetailEvent) => void
  currency: string
}

export function CampaignDetailPage({ view, send, currency }: CampaignDetailPageProps) {
  const t = useT()
  const money = useMoney(currency)
  const { date, dateTime } = useClock()
  const info = view.info.value
  const title = info?.communicationCampaign.name ?? t('communication.detail.title')
  const pct = (n: number) => `${Math.round(n * 10) / 10} %`
  return (
    <div className={pageStyles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className={pageStyles.header}>
        <div>
          <h1 className={pageStyles.title}>{title}</h1>
          {info && (
            <p className={pageStyles.subtitle}>
              <StatusBadge status={info.displayStatus} />
            </p>
          )}
          <ClockZoneNote />
        </div>
        <div className={local.actions}>
          <Button asChild variant="outline" tone="neutral">
            <Link href={CAMPAIGN_PATHS.history}>{t('communication.detail.back')}</Link>
          </Button>
          {view.canEdit && (
            <Button variant="outline" onClick={() => send({ type: 'detail.edit' })}>
              {t('communication.detail.edit')}
            </Button>
          )}
          {view.canPause && (
            <Button variant="outline" loading={view.isPausing} onClick={() => send({ type: 'detail.pause' })}>
              {t('communication.detail.pause')}
            </Button>
          )}
          {view.canResume && (
            <Button
              variant="outline"
              loading={view.isResuming}
              onClick={() => send({ type: 'detail.resume' })}
            >
              {t('communication.detail.resume')}
            </Button>
          )}
          {view.canCancel && (
            <Button tone="danger" onClick={() => send({ type: 'detail.cancel' })}>
              {t('communication.detail.cancel')}
            </Button>
          )}
        </div>
      </header>

      <Section title={t('communication.detail.info')}>
        {view.info.isFailed ? (
          <ErrorPanel
            message={t((view.info.error ?? 'errors.generic') as MessageId)}
            onRetry={() => send({ type: 'detail.retryInfo' })}
          />
        ) : !info ? (
          <Spinner />
        ) : (
          <dl className={local.facts}>
            <dt>{t('communication.fields.channel')}</dt>
            <dd>{t(info.channel === 'SMS' ? 'communication.channel.sms' : 'communication.channel.push')}</dd>
            <dt>{t('communication.history.type')}</dt>
            <dd>{t(contentKey(info.content))}</dd>
            <dt>{t('communication.history.author')}</dt>
            <dd>{info.author?.name ?? '—'}</dd>
            <dt>
              {t(info.isScheduled ? 'communication.detail.scheduledFor' : 'communication.detail.sentAt')}
            </dt>
            <dd>{info.sentAt ? dateTime(info.sentAt) : info.startDate ? dateTime(info.startDate) : '—'}</dd>
            {info.sendsAt && info.sendsAt !== info.startDate && (
              // The engine holds it back (a Sunday, a public holiday, the night): when it really goes out.
              <>
                <dt>{t('communication.detail.goesOut')}</dt>
                <dd data-testid="sends-at">
                  {dateTime(info.sendsAt)}
                  <span className={styles.hint}> · {t('communication.detail.heldBack')}</span>
                </dd>
              </>
            )}
            <dt>{t('communication.detail.endDate')}</dt>
            <dd>{date(info.endDate)}</dd>
            <dt>{t('communication.fields.message')}</dt>
            <dd className={local.message}>{info.communicationCampaign.notification.message}</dd>
            {info.newsId && (
              <>
                <dt>{t('communication.news.section')}</dt>
                <dd data-testid="campaign-news">
                  <NewsFact view={view} send={send} date={date} />
                </dd>
              </>
            )}
          </dl>
        )}
        {view.progress && info && info.displayStatus !== 'scheduled' && (
          <div className={local.progress} data-testid="progress">
            <progress
              max={100}
              value={view.progress.percent}
              aria-label={t('communication.detail.progress')}
            />
            <p>
              {t('communication.detail.progressCounts', {
                sent: view.progress.sent,
                pending: view.progress.pending + view.progress.sending,
                error: view.progress.error,
              })}
              {view.isWatching && ` · ${t('communication.detail.refreshing')}`}
            </p>
          </div>
        )}
      </Section>

      <Section title={t('communication.detail.stats')}>
        {view.stats.isFailed ? (
          <ErrorPanel
            message={t('communication.detail.statsError')}
            onRetry={() => send({ type: 'detail.retryStats' })}
          />
        ) : !view.stats.value ? (
          <Spinner />
        ) : (
          <dl className={local.figures}>
            <Figure label={t('communication.stats.notified')} value={String(view.stats.value.notified)} />
            <Figure
              label={t('communication.stats.delivered')}
              value={pct(view.stats.value.deliveredPercent)}
            />
            <Figure label={t('communication.stats.opened')} value={pct(view.stats.value.openedPercent)} />
            <Figure
              label={t('communication.stats.couponsIssued')}
              value={String(view.stats.value.couponsIssued)}
            />
            <Figure
              label={t('communication.stats.couponsRedeemed')}
              value={String(view.stats.value.couponsRedeemed)}
            />
            <Figure
              label={t('communication.stats.conversion')}
              value={pct(view.stats.value.conversionPercent)}
            />
            <Figure label={t('communication.stats.turnover')} value={money(view.stats.value.turnoverCents)} />
            {view.stats.value.upliftPercent !== null && (
              <Figure label={t('communication.stats.uplift')} value={pct(view.stats.value.upliftPercent)} />
            )}
          </dl>
        )}
      </Section>

      {!view.coupon.isNone && (
        <Section title={t('communication.detail.coupon')}>
          {view.coupon.isFailed ? (
            <ErrorPanel
              message={t('communication.detail.couponError')}
              onRetry={() => send({ type: 'detail.retryCoupon' })}
            />
          ) : !view.coupon.value ? (
            <Spinner />
          ) : (
            <dl className={local.facts}>
              <dt>{t('communication.coupon.header')}</dt>
              <dd>{view.coupon.value.header}</dd>
              <dt>{t('communication.detail.couponValue')}</dt>
              <dd>
                {view.coupon.value.type === 'flat'
                  ? money(view.coupon.value.value ?? 0)
                  : view.coupon.value.type === 'percentage'
                    ? `${view.coupon.value.value ?? 0} %`
                    : (view.coupon.value.productDescription ?? '—')}
              </dd>
              <dt>{t('communication.stats.couponsIssued')}</dt>
              <dd>{view.coupon.value.issued}</dd>
              <dt>{t('communication.stats.couponsRedeemed')}</dt>
              <dd>{view.coupon.value.redeemed}</dd>
            </dl>
          )}
        </Section>
      )}

      <Section title={t('communication.detail.recipients')}>
        <div className={local.filter}>
          <NativeSelect
            label={t('communication.detail.recipientStatus')}
            value={view.recipients.query.status ?? ''}
            options={[
              { value: '', label: t('communication.history.any') },
              ...RECIPIENT_STATUSES.map((s) => ({
                value: s,
                label: t(`communication.delivery.${s}` as MessageId),
              })),
            ]}
            onChange={(v) =>
              send({
                type: 'detail.recipientsStatus',
                status: v ? (v as (typeof RECIPIENT_STATUSES)[number]) : null,
              })
            }
          />
          {info && <CampaignRecipientsExport campaignId={info.id} />}
        </div>
        {view.recipients.isFailed ? (
          <ErrorPanel
            message={t('communication.errors.notifiedUsers')}
            onRetry={() => send({ type: 'detail.retryRecipients' })}
          />
        ) : !view.recipients.value ? (
          <Spinner />
        ) : view.recipients.value.total === 0 ? (
          <p className={styles.hint}>{t('communication.detail.noRecipients')}</p>
        ) : (
          <>
            <Table.Root aria-busy={view.recipients.isLoading}>
              <Table.Head>
                <Table.Row>
                  <Table.Header>{t('communication.detail.client')}</Table.Header>
                  <Table.Header>{t('communication.detail.address')}</Table.Header>
                  <Table.Header>{t('communication.detail.recipientStatus')}</Table.Header>
                  <Table.Header>{t('communication.detail.sentAt')}</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {view.recipients.value.items.map((r) => (
                  <Table.Row key={r.clientId}>
                    <Table.Cell>{[r.firstName, r.lastName].filter(Boolean).join(' ') || '—'}</Table.Cell>
                    <Table.Cell>{r.address}</Table.Cell>
                    <Table.Cell>{t(`communication.delivery.${r.status}` as MessageId)}</Table.Cell>
                    <Table.Cell>{r.sentAt ? dateTime(r.sentAt) : '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <Pagination
              label={t('communication.detail.recipientsPages')}
              page={view.recipients.query.page}
              pageCount={view.recipients.pageCount}
              total={view.recipients.value.total}
              rowsPerPage={view.recipients.query.size}
              onPage={(page) => send({ type: 'detail.recipientsPage', page })}
            />
          </>
        )}
      </Section>

      <ConfirmDialog
        open={view.isConfirmingCancel}
        destructive
        loading={view.isCancelling}
        title={t('communication.cancel.title')}
        description={t('communication.cancel.description')}
        confirmLabel={t('communication.cancel.confirm')}
        cancelLabel={t('communication.cancel.keep')}
        onConfirm={() => send({ type: 'dialog.confirm' })}
        onOpenChange={(open) => {
          if (!open && !view.isCancelling) send({ type: 'dialog.cancel' })
        }}
      />
    </div>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={local.figure}>
      <dt className={styles.hint}>{label}</dt>
      <dd className={local.figureValue}>{value}</dd>
    </div>
  )
}

const local = {
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: '2 4',
    textStyle: 'sm',
    '& dt': { color: 'fg.muted' },
  }),
  message: css({ whiteSpace: 'pre-wrap' }),
  progress: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    textStyle: 'sm',
    '& progress': { w: 'full' },
  }),
  figures: css({
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
  }),
  figure: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  figureValue: css({ textStyle: 'xl', fontWeight: 'semibold' }),
  filter: css({ maxW: 'xs' }),
}

/** A NEWS campaign's news item: its name (to the news page), period and displayed status. */
function NewsFact({
  view,
  send,
  date,
}: Pick<CampaignDetailPageProps, 'view' | 'send'> & { date: (day: string | null) => string }) {
  const t = useT()
  const item = view.news.value
  // The campaign's own answer names it and its period until the item itself is loaded.
  const known = view.info.value?.news
  const name = item?.name ?? known?.title
  const [start, end] = item ? [item.startDate, item.endDate] : [known?.startDate, known?.endDate]
  return (
    <>
      {name && <Link href="/pages/news">{name}</Link>}{' '}
      {start && end && t('communication.detail.newsPeriod', { start: date(start), end: date(end) })}{' '}
      {item && (
        <Badge tone={NEWS_STATUS_TONE[item.status]}>{t(`news.status.${item.status}` as MessageId)}</Badge>
      )}
      {view.news.isLoading && <Spinner />}
      {view.news.isFailed && (
        <ErrorPanel
          message={t('communication.detail.newsError')}
          onRetry={() => send({ type: 'detail.retryNews' })}
        />
      )}
    </>
  )
}
