// What the till posted: the webhook status (with its last call), the products and the last orders,
// whose receipt ids are what customers type on the scan page.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { WebhookState, WebhookStatus } from '../../domain/pos'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { Table } from '../../ui/Table'
import type { PosProps } from './PosIntegrationDialog'

const STATE_KEYS: Record<WebhookState, MessageId> = {
  NOT_CONFIGURED: 'pos.status.notConfigured',
  NEVER: 'pos.status.never',
  OK: 'pos.status.ok',
  STALE: 'pos.status.stale',
}
const TONES: Record<WebhookState, string> = {
  NOT_CONFIGURED: 'neutral',
  NEVER: 'warning',
  OK: 'success',
  STALE: 'warning',
}

export function WebhookBadge({ status }: { status: WebhookStatus }) {
  const clock = useClock()
  const intl = useIntl()
  return (
    <p className={styles.badgeLine}>
      <span className={styles.muted}>{intl.formatMessage({ id: 'pos.status.label' })}: </span>
      <span className={styles.badge} data-tone={TONES[status.state]} data-testid="pos-webhook-state">
        {intl.formatMessage({ id: STATE_KEYS[status.state] })}
      </span>
      {status.lastWebhookAt && (
        <span className={styles.muted}>
          {' · '}
          {intl.formatMessage({ id: 'pos.status.last' }, { date: clock.dateTime(status.lastWebhookAt) })}
        </span>
      )}
    </p>
  )
}

export function PosActivity({ view }: Pick<PosProps, 'view'>) {
  const clock = useClock()
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const money = (cents: number, currency: string) =>
    intl.formatNumber(cents / 100, { style: 'currency', currency })
  return (
    <>
      <section aria-labelledby="pos-orders-title" className={styles.section}>
        <h3 id="pos-orders-title" className={styles.title}>
          {t('pos.orders.title')}
        </h3>
        {view.orders.length === 0 ? (
          <p className={styles.muted}>{t('pos.orders.empty')}</p>
        ) : (
          <Table.Root aria-labelledby="pos-orders-title">
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('pos.orders.receipt')}</Table.Header>
                <Table.Header>{t('pos.orders.date')}</Table.Header>
                <Table.Header>{t('pos.orders.items')}</Table.Header>
                <Table.Header>{t('pos.orders.total')}</Table.Header>
                <Table.Header>{t('pos.orders.state')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {view.orders.map((o) => (
                <Table.Row key={o.id}>
                  <Table.Cell className={styles.code}>{o.receiptId}</Table.Cell>
                  <Table.Cell>{clock.dateTime(o.orderedAt)}</Table.Cell>
                  <Table.Cell>{o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</Table.Cell>
                  <Table.Cell>{money(o.totalCents, o.currencyCode)}</Table.Cell>
                  <Table.Cell>{o.linkedAt ? t('pos.orders.linked') : t('pos.orders.waiting')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </section>
      <section aria-labelledby="pos-products-title" className={styles.section}>
        <h3 id="pos-products-title" className={styles.title}>
          {t('pos.products.title', { count: view.products.length })}
        </h3>
        {view.products.length === 0 ? (
          <p className={styles.muted}>{t('pos.products.empty')}</p>
        ) : (
          <Table.Root aria-labelledby="pos-products-title">
            <Table.Head>
              <Table.Row>
                <Table.Header>{t('pos.products.name')}</Table.Header>
                <Table.Header>{t('pos.products.id')}</Table.Header>
                <Table.Header>{t('pos.products.price')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {view.products.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell>{p.name}</Table.Cell>
                  <Table.Cell className={styles.code}>{p.id}</Table.Cell>
                  <Table.Cell>{money(p.priceCents, p.currencyCode)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </section>
    </>
  )
}

const styles = {
  section: css({ display: 'grid', gap: '3', minW: 0, overflowX: 'auto' }),
  title: css({ textStyle: 'md', fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  code: css({ fontFamily: 'mono' }),
  badgeLine: css({ textStyle: 'sm', mt: '1' }),
  badge: css({
    display: 'inline-block',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontWeight: 'medium',
    bg: 'neutral.subtle',
    color: 'neutral.text',
    '&[data-tone=success]': { bg: 'success.subtle', color: 'success.text' },
    '&[data-tone=warning]': { bg: 'warning.subtle', color: 'warning.text' },
  }),
}
