// The card's offers (SPEC §2, §3 loyalty offer): the list (redeem points ascending, archived ones on
// request), the new/edit dialog and the status confirmation. Renders the offers machine's view.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { LoyaltyOffersEvent } from '../../../machines/loyalty-offers/loyalty-offers.machine'
import type { LoyaltyOffersView } from '../../../machines/loyalty-offers/loyalty-offers.view'
import { type LoyaltyOffer, type PosProduct, productNames } from '../../domain/loyalty'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { enumKey } from '../../ui/i18n/t'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { Table } from '../../ui/Table'
import { OfferDialog } from './OfferDialog'

export interface OffersSectionProps {
  view: LoyaltyOffersView
  send: (event: LoyaltyOffersEvent) => void
  currency: string
  products: readonly PosProduct[]
}

export function OffersSection({ view, send, currency, products }: OffersSectionProps) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const value = (o: LoyaltyOffer) =>
    o.type === 'FLAT' && o.value !== null
      ? intl.formatNumber(o.value / 100, { style: 'currency', currency: o.currencyCode ?? currency })
      : o.type === 'PERCENTAGE' && o.value !== null
        ? intl.formatNumber(o.value / 100, { style: 'percent' })
        : productNames(o.posProductIds, products).join(', ')
  const change = view.statusChange
  return (
    <section className={styles.section} aria-labelledby="loyalty-offers-title">
      <header className={styles.header}>
        <h2 id="loyalty-offers-title" className={styles.title}>
          {t('loyalty.offers.title')}
        </h2>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={view.includeArchived}
            onChange={(e) => send({ type: 'offers.showArchived', value: e.currentTarget.checked })}
          />
          {t('loyalty.offers.showArchived')}
        </label>
        {view.canEdit && (
          <Button onClick={() => send({ type: 'offers.new' })}>{t('loyalty.offers.new')}</Button>
        )}
      </header>
      {view.isLoadFailed ? (
        <ErrorPanel
          message={t((view.error ?? 'loyalty.errors.offersLoad') as MessageId)}
          onRetry={() => send({ type: 'offers.retry' })}
        />
      ) : view.isLoading && view.offers.length === 0 ? (
        <p className={styles.loading} role="status">
          <Spinner /> {t('loyalty.offers.loading')}
        </p>
      ) : view.isEmpty ? (
        <EmptyPanel title={t('loyalty.offers.empty')} />
      ) : (
        <Table.Root aria-label={t('loyalty.offers.title')} aria-busy={view.isLoading}>
          <Table.Head>
            <Table.Row>
              <Table.Header>{t('loyalty.offers.columns.name')}</Table.Header>
              <Table.Header>{t('loyalty.offers.columns.points')}</Table.Header>
              <Table.Header>{t('loyalty.offers.columns.type')}</Table.Header>
              <Table.Header>{t('loyalty.offers.columns.value')}</Table.Header>
              <Table.Header>{t('loyalty.offers.columns.redeemed')}</Table.Header>
              <Table.Header>{t('loyalty.offers.columns.status')}</Table.Header>
              {view.canEdit && <Table.Header>{t('loyalty.offers.columns.actions')}</Table.Header>}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {view.offers.map((o) => (
              <Table.Row key={o.id}>
                <Table.Cell>
                  <strong>{o.name}</strong>
                  <span className={styles.description}>{o.description}</span>
                </Table.Cell>
                <Table.Cell>{t('loyalty.offers.points', { points: o.redeemPointAmount })}</Table.Cell>
                <Table.Cell>{t(`loyalty.offers.types.${enumKey(o.type)}` as MessageId)}</Table.Cell>
                <Table.Cell>{value(o)}</Table.Cell>
                <Table.Cell>{o.redeemedCount ?? 0}</Table.Cell>
                <Table.Cell>
                  <Badge tone={o.status === 'ACTIVE' ? 'success' : 'neutral'}>
                    {t(
                      o.status === 'ACTIVE'
                        ? 'loyalty.offers.status.active'
                        : 'loyalty.offers.status.archived',
                    )}
                  </Badge>
                </Table.Cell>
                {view.canEdit && (
                  <Table.Cell>
                    <div className={styles.rowActions}>
                      <Button
                        size="sm"
                        variant="outline"
                        tone="neutral"
                        aria-label={t('loyalty.offers.editNamed', { name: o.name })}
                        onClick={() => send({ type: 'offers.edit', offerId: o.id })}
                      >
                        {t('loyalty.offers.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        tone={o.status === 'ACTIVE' ? 'danger' : 'neutral'}
                        aria-label={t(
                          o.status === 'ACTIVE'
                            ? 'loyalty.offers.archiveNamed'
                            : 'loyalty.offers.unarchiveNamed',
                          { name: o.name },
                        )}
                        onClick={() => send({ type: 'offers.status', offerId: o.id })}
                      >
                        {t(o.status === 'ACTIVE' ? 'loyalty.offers.archive' : 'loyalty.offers.unarchive')}
                      </Button>
                    </div>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {view.dialog && <OfferDialog view={view} send={send} currency={currency} products={products} />}
      <ConfirmDialog
        open={!!change}
        destructive={change?.status === 'ARCHIVED'}
        loading={view.isChangingStatus}
        title={t(
          change?.status === 'ACTIVE'
            ? 'loyalty.offers.confirm.unarchiveTitle'
            : 'loyalty.offers.confirm.archiveTitle',
          { name: change?.name ?? '' },
        )}
        description={t(
          change?.status === 'ACTIVE'
            ? 'loyalty.offers.confirm.unarchiveDescription'
            : 'loyalty.offers.confirm.archiveDescription',
        )}
        confirmLabel={t(change?.status === 'ACTIVE' ? 'loyalty.offers.unarchive' : 'loyalty.offers.archive')}
        onConfirm={() => send({ type: 'offer.confirm' })}
        onOpenChange={(open) => {
          if (!open && change && !view.isChangingStatus) send({ type: 'offer.cancel' })
        }}
      />
    </section>
  )
}

const styles = {
  section: css({ display: 'grid', gap: '4' }),
  header: css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold', flex: '1' }),
  toggle: css({ display: 'flex', gap: '2', alignItems: 'center', textStyle: 'sm', cursor: 'pointer' }),
  loading: css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', py: '6' }),
  description: css({ display: 'block', color: 'fg.muted', textStyle: 'xs' }),
  rowActions: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
}
