// One endpoint's delivery log: status, response code, attempts, duration and next retry per event.
import { type DeliveryStatus, deliveryErrorMessage } from '../../domain/webhooks'
import { Badge, type BadgeTone } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ClockZoneNote, useClock } from '../../ui/i18n/clock'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { Table } from '../../ui/Table'
import { styles, useT, type WebhooksProps } from './parts'

const TONES: Record<DeliveryStatus, BadgeTone> = {
  PENDING: 'neutral',
  SENDING: 'info',
  RETRYING: 'warning',
  SUCCEEDED: 'success',
  FAILED: 'danger',
}

export function WebhookDeliveries({ view, send }: WebhooksProps) {
  const t = useT()
  const clock = useClock()
  const when = (iso: string | null) => clock.dateTime(iso, { seconds: true })
  // A failure in words (the socket's code kept in brackets for the receiver's developer).
  const response = (d: { responseStatus: number | null; error: string | null }) => {
    const failure = deliveryErrorMessage(d.error)
    return failure ? t(failure.id, failure.values) : (d.responseStatus ?? '—')
  }
  return (
    <div className={styles.list}>
      <div className={styles.row}>
        <h3 className={styles.url}>{t('webhooks.log.title', { url: view.selected?.url ?? '' })}</h3>
      </div>
      <div className={styles.row}>
        <Button size="sm" variant="ghost" onClick={() => send({ type: 'webhooks.back' })}>
          {t('webhooks.log.back')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!view.canRefresh}
          onClick={() => send({ type: 'webhooks.refresh' })}
        >
          {t('webhooks.log.refresh')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!view.canTestSelected}
          loading={view.isTesting}
          onClick={() => view.selected && send({ type: 'webhooks.test', id: view.selected.id })}
        >
          {t('webhooks.test')}
        </Button>
        {view.isLoadingDeliveries && <Spinner aria-label={t('webhooks.log.loading')} />}
      </div>
      {view.isDeliveriesFailed ? (
        <ErrorPanel
          message={t(view.error ?? 'webhooks.errors.load')}
          onRetry={() => send({ type: 'webhooks.retry' })}
        />
      ) : !view.deliveries.length ? (
        view.isLoadingDeliveries ? (
          <p className={styles.centered} role="status">
            {t('webhooks.log.loading')}
          </p>
        ) : (
          <EmptyPanel title={t('webhooks.log.empty')} />
        )
      ) : (
        <>
          <ClockZoneNote />
          <Table.Root size="sm">
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('webhooks.log.created')}</Table.Header>
                <Table.Header>{t('webhooks.log.event')}</Table.Header>
                <Table.Header>{t('webhooks.log.status')}</Table.Header>
                <Table.Header>{t('webhooks.log.response')}</Table.Header>
                <Table.Header>{t('webhooks.log.attempts')}</Table.Header>
                <Table.Header>{t('webhooks.log.duration')}</Table.Header>
                <Table.Header>{t('webhooks.log.nextRetry')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {view.deliveries.map((d) => (
                <Table.Row key={d.id}>
                  <Table.Cell>{when(d.createdAt)}</Table.Cell>
                  <Table.Cell>{t(`webhooks.events.${d.eventType}`)}</Table.Cell>
                  <Table.Cell>
                    <Badge tone={TONES[d.status]}>{t(`webhooks.status.${d.status}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell>{response(d)}</Table.Cell>
                  <Table.Cell>{d.attempts}</Table.Cell>
                  <Table.Cell>
                    {d.durationMs === null ? '—' : t('webhooks.log.durationMs', { ms: d.durationMs })}
                  </Table.Cell>
                  <Table.Cell>{when(d.nextAttemptAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}
    </div>
  )
}
