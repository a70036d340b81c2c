// The endpoints of the franchise: each with its events, state and actions; loading, failure, empty.
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { styles, useT, type WebhooksProps } from './parts'

export function WebhookList({ view, send }: WebhooksProps) {
  const t = useT()
  const clock = useClock()
  if (view.isLoading)
    return (
      <p className={styles.centered} role="status">
        <Spinner /> {t('webhooks.loading')}
      </p>
    )
  if (view.isFailed)
    return (
      <ErrorPanel
        message={t(view.error ?? 'webhooks.errors.load')}
        onRetry={() => send({ type: 'webhooks.retry' })}
      />
    )
  const add = (
    <Button disabled={!view.canAdd} onClick={() => send({ type: 'webhooks.add' })}>
      {t('webhooks.add')}
    </Button>
  )
  if (!view.endpoints.length)
    return <EmptyPanel title={t('webhooks.empty')} description={t('webhooks.description')} action={add} />
  return (
    <>
      <ul className={styles.list} aria-label={t('webhooks.title')}>
        {view.endpoints.map((e) => (
          <li key={e.id} className={styles.item} aria-label={e.url}>
            <div className={styles.row}>
              <span className={styles.url}>{e.url}</span>
              <Badge tone={e.enabled ? 'success' : 'neutral'}>
                {t(e.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
              </Badge>
            </div>
            {e.description && <p className={styles.muted}>{e.description}</p>}
            <div className={styles.row}>
              {e.events.map((ev) => (
                <Badge key={ev} tone="info">
                  {t(`webhooks.events.${ev}`)}
                </Badge>
              ))}
            </div>
            <p className={styles.muted}>
              {t('webhooks.secretHint', { hint: e.secretHint })}
              {e.previousSecretExpiresAt &&
                ` · ${t('webhooks.rotationOverlap', { date: clock.dateTime(e.previousSecretExpiresAt) })}`}
            </p>
            <div className={styles.row}>
              <Button
                size="sm"
                variant="outline"
                onClick={() => send({ type: 'webhooks.showDeliveries', id: e.id })}
              >
                {t('webhooks.deliveries')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!e.enabled || view.isTesting}
                loading={view.isTesting && view.selected?.id === e.id}
                onClick={() => send({ type: 'webhooks.test', id: e.id })}
              >
                {t('webhooks.test')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => send({ type: 'webhooks.edit', id: e.id })}>
                {t('webhooks.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                loading={view.isTogglingId === e.id}
                onClick={() => send({ type: 'webhooks.toggle', id: e.id })}
              >
                {t(e.enabled ? 'webhooks.disable' : 'webhooks.enable')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => send({ type: 'webhooks.rotate', id: e.id })}>
                {t('webhooks.rotate')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                tone="danger"
                onClick={() => send({ type: 'webhooks.delete', id: e.id })}
              >
                {t('webhooks.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div>{add}</div>
    </>
  )
}
