import { COUPON_STATES, type CouponState } from '../../domain/clients'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { Pagination } from '../../ui/Pagination'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Table } from '../../ui/Table'
import { type ClientDetailPartProps, offerValue, useAnyMoney, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'
import { couponStateLabel } from './format'

const COUPON_FILTERS: readonly (CouponState | null)[] = [null, ...COUPON_STATES]

/** The coupons tab: all the client's coupons, by state, a page at a time. */
export function ClientCouponsTab({ view, send }: ClientDetailPartProps) {
  const t = useT()
  const money = useAnyMoney()
  const { date } = useClock()
  const { coupons } = view
  return (
    <div className={styles.section}>
      <fieldset className={styles.segments}>
        <legend className={styles.srOnly}>{t('pages.clients.coupons.filter')}</legend>
        {COUPON_FILTERS.map((state) => (
          <Button
            key={state ?? 'all'}
            size="sm"
            variant={coupons.state === state ? 'solid' : 'outline'}
            tone={coupons.state === state ? 'accent' : 'neutral'}
            aria-pressed={coupons.state === state}
            onClick={() => send({ type: 'coupons.filter', state })}
          >
            {state ? t(couponStateLabel(state)) : t('pages.clients.coupons.all')}
          </Button>
        ))}
      </fieldset>
      {coupons.isFailed ? (
        <ErrorPanel
          message={t((coupons.error ?? 'pages.clients.coupons.errors.load') as MessageId)}
          onRetry={() => send({ type: 'coupons.retry' })}
        />
      ) : !coupons.isLoading && coupons.total === 0 ? (
        <div className={styles.panel}>
          <EmptyPanel title={t('pages.clients.coupons.empty')} />
        </div>
      ) : (
        <>
          <Table.Root size="sm" aria-busy={coupons.isLoading || undefined}>
            <Table.Caption className={styles.srOnly}>{t('pages.clients.tabs.coupons')}</Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{t('pages.clients.coupons.columns.coupon')}</Table.Header>
                <Table.Header scope="col">{t('pages.clients.coupons.columns.value')}</Table.Header>
                <Table.Header scope="col">{t('pages.clients.coupons.columns.state')}</Table.Header>
                <Table.Header scope="col">{t('pages.clients.coupons.columns.expires')}</Table.Header>
                <Table.Header scope="col">
                  <span className={styles.srOnly}>{t('pages.clients.coupons.columns.actions')}</span>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {coupons.rows.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell>
                    <span className={styles.itemTitle}>{c.header}</span>
                    {c.termsOfUse && <span className={styles.subline}>{c.termsOfUse}</span>}
                  </Table.Cell>
                  <Table.Cell>{offerValue(c, t, money)}</Table.Cell>
                  <Table.Cell>
                    <Badge
                      tone={c.state === 'active' ? 'success' : c.state === 'expired' ? 'warning' : 'neutral'}
                    >
                      {t(couponStateLabel(c.state))}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{c.state === 'claimed' ? date(c.claimedAt) : date(c.expiresAt)}</Table.Cell>
                  <Table.Cell data-align="end">
                    {c.state === 'active' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!view.hasStore}
                        aria-label={t('pages.clients.coupons.redeemLabel', { coupon: c.header })}
                        onClick={() => send({ type: 'coupon.redeem', couponId: c.id })}
                      >
                        {t('pages.clients.coupons.redeem')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Pagination
            label={t('pages.clients.coupons.pagination')}
            page={coupons.page}
            pageCount={coupons.pageCount}
            total={coupons.total}
            rowsPerPage={5}
            disabled={coupons.isLoading}
            onPage={(page) => send({ type: 'coupons.page', page })}
          />
        </>
      )}
    </div>
  )
}
