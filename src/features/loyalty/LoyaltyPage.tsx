// /pages/loyalty: the tabs "my card" (the card form: create when none, edit otherwise; then the offers)
// and "customers" (the card's clients). Renders the loyalty page machine's view and sends its events.
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { LoyaltyCardEvent } from '../../../machines/loyalty-card/loyalty-card.machine'
import type { LoyaltyCardView } from '../../../machines/loyalty-card/loyalty-card.view'
import type { StoreSummary } from '../../domain/franchise'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { Tabs } from '../../ui/Tabs'
import { CardForm } from './CardForm'

export interface LoyaltyPageProps {
  view: LoyaltyCardView
  send: (event: LoyaltyCardEvent) => void
  /** The franchise's stores (the card's store list). */
  stores: readonly Pick<StoreSummary, 'id' | 'name'>[]
  currency: string
  /** The offers section, once a card exists. */
  offers: ReactNode
  /** The customers tab's content, while it shows. */
  customers: ReactNode
  /** The card and its offers only, without the tabs (the read-only demo, issue 8). */
  cardOnly?: boolean
}

export function LoyaltyPage({ view, send, stores, currency, offers, customers, cardOnly }: LoyaltyPageProps) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  if (cardOnly)
    return (
      <div className={styles.page}>
        <header>
          <h1 className={styles.title}>{t('loyalty.title')}</h1>
        </header>
        <div className={styles.panel}>
          <CardTab view={view} send={send} stores={stores} currency={currency} />
          {view.card ? offers : null}
        </div>
      </div>
    )
  return (
    <div className={styles.page}>
      <title>{`${t('loyalty.title')} · ${t('app.name')}`}</title>
      <header>
        <h1 className={styles.title}>{t('loyalty.title')}</h1>
        <p className={styles.subtitle}>{t('loyalty.subtitle')}</p>
      </header>
      <Tabs.Root
        value={view.tab}
        onValueChange={(d) =>
          send({ type: 'tab.select', tab: d.value === 'customers' ? 'customers' : 'card' })
        }
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-label={t('loyalty.tabs.label')}>
          <Tabs.Trigger value="card">{t('loyalty.tabs.card')}</Tabs.Trigger>
          <Tabs.Trigger value="customers">{t('loyalty.tabs.customers')}</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="card" className={styles.panel}>
          <CardTab view={view} send={send} stores={stores} currency={currency} />
          {view.card ? offers : null}
        </Tabs.Content>
        <Tabs.Content value="customers" className={styles.panel}>
          {view.card ? (
            customers
          ) : view.isLoading ? (
            <Loading />
          ) : (
            <EmptyPanel title={t('loyalty.customers.noCard')} />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDialog
        open={view.isConfirmingLeave}
        destructive
        title={t('loyalty.confirm.leaveTitle')}
        description={t('loyalty.confirm.leaveDescription')}
        confirmLabel={t('loyalty.confirm.leaveConfirm')}
        cancelLabel={t('loyalty.confirm.leaveCancel')}
        onConfirm={() => send({ type: 'tab.confirm' })}
        onOpenChange={(open) => {
          if (!open && view.isConfirmingLeave) send({ type: 'tab.cancel' })
        }}
      />
    </div>
  )
}

function Loading() {
  const intl = useIntl()
  return (
    <p className={styles.loading} role="status">
      <Spinner /> {intl.formatMessage({ id: 'loyalty.card.loading' })}
    </p>
  )
}

function CardTab({ view, send, stores, currency }: Omit<LoyaltyPageProps, 'offers' | 'customers'>) {
  const intl = useIntl()
  const t = (id: MessageId) => intl.formatMessage({ id })
  if (view.isLoading) return <Loading />
  if (view.isLoadFailed)
    return (
      <ErrorPanel
        message={t((view.error ?? 'loyalty.errors.load') as MessageId)}
        onRetry={() => send({ type: 'card.retry' })}
      />
    )
  if (view.isEmpty)
    return (
      <EmptyPanel
        title={t('loyalty.card.empty.title')}
        description={t(view.canEdit ? 'loyalty.card.empty.description' : 'loyalty.readOnly')}
        action={
          view.canEdit ? (
            <Button onClick={() => send({ type: 'card.create' })}>{t('loyalty.card.empty.create')}</Button>
          ) : null
        }
      />
    )
  return (
    <section className={styles.card} aria-labelledby="loyalty-card-title">
      <h2 id="loyalty-card-title" className={styles.sectionTitle}>
        {t(view.isNew ? 'loyalty.card.newTitle' : 'loyalty.card.editTitle')}
      </h2>
      {!view.canEdit && <p className={styles.subtitle}>{t('loyalty.readOnly')}</p>}
      <CardForm view={view} send={send} stores={stores} currency={currency} />
    </section>
  )
}

export const styles = {
  page: css({ display: 'grid', gap: '5', p: { base: '4', md: '6' }, maxW: '6xl', mx: 'auto', width: '100%' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold' }),
  subtitle: css({ color: 'fg.muted', textStyle: 'sm' }),
  panel: css({ display: 'grid', gap: '6', pt: '4' }),
  card: css({
    display: 'grid',
    gap: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
  }),
  sectionTitle: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  loading: css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', py: '6' }),
}
