// "Manage the subscription" (issue 24 #3): the plan, its state and next renewal (or end), the
// invoices, and cancel at the period's end (after a confirmation) / resume / subscribe, or with Stripe
// its customer portal; a failed renewal shows until when the pages stay open. It renders the
// subscription machine's view and sends its events.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { SubscriptionEvent } from '../../../machines/subscription/subscription.machine'
import type { SubscriptionView } from '../../../machines/subscription/subscription.view'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../../ui/Panels'

export function SubscriptionCard({
  view,
  send,
}: {
  view: SubscriptionView
  send: (e: SubscriptionEvent) => void
}) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values)
  const clock = useClock()
  const date = (iso: string | null) => (iso ? clock.longDate(iso) : '')
  const money = (cents: number, currency: string) =>
    intl.formatNumber(cents / 100, { style: 'currency', currency })
  if (view.isFailed)
    return (
      <ErrorPanel
        message={t((view.error ?? 'subscription.errors.load') as MessageId)}
        onRetry={() => send({ type: 'subscription.retry' })}
      />
    )
  if (view.isLoading) return <p className={styles.muted}>{t('profile.subscription.loading')}</p>
  return (
    <div className={styles.root}>
      {view.plan && view.state !== 'inactive' && (
        <p className={styles.plan}>
          {t('subscription.plan', {
            name: view.plan.name,
            price: money(view.plan.amountCents, view.plan.currencyCode),
          })}
        </p>
      )}
      {view.pastDue && (
        <p role="alert" className={styles.pastDue}>
          {t(view.pastDue.closed ? 'subscription.pastDue.closed' : 'subscription.pastDue.open', {
            date: date(view.pastDue.closesAt),
          })}
        </p>
      )}
      <p role="status" data-state={view.state}>
        {view.state === 'inactive'
          ? t('subscription.state.inactive')
          : t(`subscription.state.${view.state}` as MessageId, { date: date(view.periodEnd) })}
      </p>
      <div className={styles.actions}>
        {view.canCancel && (
          <Button variant="outline" tone="danger" onClick={() => send({ type: 'subscription.cancel' })}>
            {t('subscription.actions.cancel')}
          </Button>
        )}
        {(view.canResume || view.isResuming) && (
          <Button loading={view.isResuming} onClick={() => send({ type: 'subscription.resume' })}>
            {t('subscription.actions.resume')}
          </Button>
        )}
        {(view.canManage || view.isOpeningPortal) && (
          <Button loading={view.isOpeningPortal} onClick={() => send({ type: 'subscription.manage' })}>
            {t('subscription.actions.manage')}
          </Button>
        )}
        {(view.canPay || view.isOpeningPayment) && (
          <Button loading={view.isOpeningPayment} onClick={() => send({ type: 'subscription.pay' })}>
            {t('subscription.actions.pay')}
          </Button>
        )}
      </div>
      <section aria-label={t('subscription.invoices.title')}>
        <h3 className={styles.heading}>{t('subscription.invoices.title')}</h3>
        {view.invoices.length === 0 ? (
          <p className={styles.muted}>{t('subscription.invoices.none')}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('subscription.invoices.date')}</th>
                <th scope="col">{t('subscription.invoices.amount')}</th>
                <th scope="col">{t('subscription.invoices.status')}</th>
              </tr>
            </thead>
            <tbody>
              {view.invoices.map((i) => (
                <tr key={i.id}>
                  <td>{date(i.date)}</td>
                  <td>{money(i.amountCents, i.currencyCode)}</td>
                  <td>{i.status === 'paid' ? t('subscription.invoices.paid') : i.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        open={view.isConfirmingCancel || view.isCancelling}
        destructive
        loading={view.isCancelling}
        title={t('subscription.confirm.title')}
        description={t('subscription.confirm.description', { date: date(view.periodEnd) })}
        confirmLabel={t('subscription.confirm.confirm')}
        cancelLabel={t('subscription.confirm.dismiss')}
        onConfirm={() => send({ type: 'subscription.confirm' })}
        onOpenChange={(open) => {
          if (!open && view.isConfirmingCancel) send({ type: 'subscription.dismiss' })
        }}
      />
    </div>
  )
}

const styles = {
  root: css({ display: 'grid', gap: '3' }),
  plan: css({ fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted' }),
  pastDue: css({
    p: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'danger.border',
    color: 'fg.error',
    fontWeight: 'medium',
  }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
  heading: css({ textStyle: 'sm', fontWeight: 'semibold', mb: '1' }),
  table: css({
    width: '100%',
    textStyle: 'sm',
    '& th, & td': {
      textAlign: 'start',
      py: '1.5',
      pr: '3',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
    },
  }),
}
