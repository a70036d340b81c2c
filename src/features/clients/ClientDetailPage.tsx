import type { FormEvent, ReactNode } from 'react'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ClientDetailEvent } from '../../../machines/client-detail/client-detail.machine'
import type { ClientDetailView } from '../../../machines/client-detail/client-detail.view'
import type { ClientFormEvent } from '../../../machines/client-form/client-form.machine'
import type { ClientFormView } from '../../../machines/client-form/client-form.view'
import { COUPON_STATES, type CouponRow, type CouponState, type OfferRow } from '../../domain/clients'
import { Button } from '../../ui/Button'
import { ConfirmDialog, Dialog } from '../../ui/Dialog'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { ArrowBackIcon } from '../../ui/shell/icons'
import { Table } from '../../ui/Table'
import { Tabs } from '../../ui/Tabs'
import { ClientFormDialog } from './ClientFormDialog'
import { CLIENT_LIST_PATH } from './ClientListPage'
import {
  clientTypeLabel,
  couponStateLabel,
  formatPhone,
  fullName,
  initials,
  sourceLabel,
  transactionLabel,
  useDate,
  useDateTime,
  useMoney,
} from './format'
import { Badge, clientTypeTone, EmptyPanel, ErrorPanel, Pagination } from './parts'

export interface ClientDetailPageProps {
  view: ClientDetailView
  send: (event: ClientDetailEvent) => void
  /** The edit dialog while it is open (the client form machine). */
  form?: { view: ClientFormView; send: (event: ClientFormEvent) => void } | null
  /** The current store's name (where points, sales and redemptions are made). */
  storeName?: string | null
}

type T = (id: MessageId, values?: Record<string, string | number | ReactNode>) => string

function useT(): T {
  const intl = useIntl()
  return (id, values) => intl.formatMessage({ id }, values as Record<string, string | number>)
}

/** /pages/user/clients/:id: one client, its loyalty, coupons and history, and what can be done for it. */
export function ClientDetailPage({ view, send, form, storeName }: ClientDetailPageProps) {
  const t = useT()
  const back = (
    <Link href={CLIENT_LIST_PATH} className={`${link()} ${styles.back}`}>
      <ArrowBackIcon aria-hidden="true" />
      {t('pages.clients.detail.back')}
    </Link>
  )
  if (view.isFailed || !view.info) {
    return (
      <div className={styles.page} aria-busy={view.isLoading || undefined}>
        <title>{`${t('pages.clients.detail.title')} · ${t('app.name')}`}</title>
        {back}
        <h1 className={view.isLoading ? styles.srOnly : styles.title}>
          {t(view.isLoading ? 'pages.clients.detail.loading' : 'pages.clients.detail.title')}
        </h1>
        {view.isFailed ? (
          <ErrorPanel
            message={t((view.error ?? 'pages.clients.errors.information') as MessageId)}
            onRetry={
              view.error === 'pages.clients.errors.notFound'
                ? undefined
                : () => send({ type: 'detail.retry' })
            }
          />
        ) : (
          <DetailSkeleton />
        )}
      </div>
    )
  }
  const info = view.info
  const name = fullName(info)
  return (
    <div className={styles.page}>
      <title>{`${name} · ${t('app.name')}`}</title>
      {back}
      <ClientHeader view={view} send={send} />
      {!view.hasStore && <p className={styles.notice}>{t('pages.clients.detail.noStore')}</p>}
      <Stats view={view} />
      <Tabs.Root defaultValue="offers" lazyMount className={styles.tabs}>
        <Tabs.List aria-label={t('pages.clients.detail.sections')}>
          <Tabs.Trigger value="offers">{t('pages.clients.tabs.offers')}</Tabs.Trigger>
          <Tabs.Trigger value="coupons">{t('pages.clients.tabs.coupons')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('pages.clients.tabs.history')}</Tabs.Trigger>
          <Tabs.Trigger value="profile">{t('pages.clients.tabs.profile')}</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="offers">
          <OffersTab view={view} send={send} />
        </Tabs.Content>
        <Tabs.Content value="coupons">
          <CouponsTab view={view} send={send} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <HistoryTab view={view} />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <ProfileTab view={view} />
        </Tabs.Content>
      </Tabs.Root>

      <PointsDialog view={view} send={send} storeName={storeName ?? null} />
      <SaleDialog view={view} send={send} storeName={storeName ?? null} />
      <ConfirmDialog
        open={view.dialog === 'redeemOffer'}
        onOpenChange={(open) => !open && send({ type: 'dialog.close' })}
        title={t('pages.clients.offersDialog.title')}
        description={
          view.offerToRedeem ? (
            <>
              {t('pages.clients.offersDialog.description', {
                offer: view.offerToRedeem.name,
                points: view.offerToRedeem.redeemPointAmount,
                name,
              })}
              {view.dialogError && (
                <span role="alert" className={styles.dialogError}>
                  {t(view.dialogError as MessageId)}
                </span>
              )}
            </>
          ) : undefined
        }
        confirmLabel={t('pages.clients.offersDialog.confirm')}
        loading={view.isSubmitting}
        onConfirm={() => send({ type: 'dialog.confirm' })}
      />
      <ConfirmDialog
        open={view.dialog === 'redeemCoupon'}
        onOpenChange={(open) => !open && send({ type: 'dialog.close' })}
        title={t('pages.clients.couponsDialog.title')}
        description={
          view.couponToRedeem ? (
            <>
              {t('pages.clients.couponsDialog.description', { coupon: view.couponToRedeem.header, name })}
              {view.dialogError && (
                <span role="alert" className={styles.dialogError}>
                  {t(view.dialogError as MessageId)}
                </span>
              )}
            </>
          ) : undefined
        }
        confirmLabel={t('pages.clients.couponsDialog.confirm')}
        loading={view.isSubmitting}
        onConfirm={() => send({ type: 'dialog.confirm' })}
      />
      <ConfirmDialog
        destructive
        open={view.dialog === 'delete'}
        onOpenChange={(open) => !open && send({ type: 'dialog.close' })}
        title={t('pages.clients.deleteClient.title')}
        description={t('pages.clients.deleteClient.description', { name })}
        confirmLabel={t('pages.clients.deleteClient.confirm')}
        loading={view.isSubmitting}
        onConfirm={() => send({ type: 'dialog.confirm' })}
      />
      {form && <ClientFormDialog view={form.view} send={form.send} />}
    </div>
  )
}

function ClientHeader({ view, send }: Pick<ClientDetailPageProps, 'view' | 'send'>) {
  const t = useT()
  const info = view.info!
  return (
    <header className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(info)}
      </span>
      <div className={styles.identity}>
        <div className={styles.nameLine}>
          <h1 className={styles.title}>{fullName(info)}</h1>
          <Badge tone={clientTypeTone(info.clientType)}>{t(clientTypeLabel(info.clientType))}</Badge>
          {info.hasMobileApp && <Badge tone="accent">{t('pages.clients.detail.hasApp')}</Badge>}
        </div>
        <p className={styles.contact}>
          {info.phone && <a href={`tel:${info.phone}`}>{formatPhone(info.phone)}</a>}
          {info.email && <a href={`mailto:${info.email}`}>{info.email}</a>}
          {!info.phone && !info.email && t('pages.clients.detail.noContact')}
        </p>
      </div>
      <div className={styles.headerActions}>
        <Button disabled={!view.hasStore} onClick={() => send({ type: 'points.open' })}>
          {t('pages.clients.actions.points')}
        </Button>
        <Button variant="outline" disabled={!view.hasStore} onClick={() => send({ type: 'sale.open' })}>
          {t('pages.clients.actions.sale')}
        </Button>
        <Button variant="outline" tone="neutral" onClick={() => send({ type: 'client.edit' })}>
          {t('pages.clients.actions.edit')}
        </Button>
        <Button variant="ghost" tone="danger" onClick={() => send({ type: 'client.delete' })}>
          {t('common.delete')}
        </Button>
      </div>
    </header>
  )
}

function Stats({ view }: { view: ClientDetailView }) {
  const t = useT()
  const intl = useIntl()
  const info = view.info!
  const money = useMoney(info.currencyCode)
  const date = useDate()
  const stat = (label: MessageId, value: string, detail: string) => (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{t(label)}</dt>
      <dd className={styles.statValue}>{value}</dd>
      <dd className={styles.statDetail}>{detail}</dd>
    </div>
  )
  return (
    <dl className={styles.stats} aria-busy={view.isRefreshing || undefined}>
      {stat(
        'pages.clients.stats.points',
        intl.formatNumber(info.points),
        t('pages.clients.stats.collected', { points: intl.formatNumber(info.totalCollectedPoints) }),
      )}
      {stat(
        'pages.clients.stats.visits',
        intl.formatNumber(info.visitCount),
        t('pages.clients.stats.lastVisit', { date: date(info.lastVisitAt) }),
      )}
      {stat(
        'pages.clients.stats.averageBasket',
        money(info.averageBasketCents),
        t('pages.clients.stats.weekly', { amount: money(info.weeklyAverageBasketCents) }),
      )}
      {stat(
        'pages.clients.stats.redeemed',
        intl.formatNumber(info.redeemedOffersCount),
        t('pages.clients.stats.acquiredFrom', { source: t(sourceLabel(info.acquiredFrom)) }),
      )}
    </dl>
  )
}

function offerValue(o: OfferRow | CouponRow, t: T, money: (cents: number, currency: string) => string) {
  const type = o.type.toUpperCase()
  if (type === 'FLAT' && o.value !== null) return money(o.value, o.currencyCode ?? 'EUR')
  if (type === 'PERCENTAGE' && o.value !== null)
    return t('pages.clients.offers.percentage', { value: o.value })
  return t('pages.clients.offers.product')
}

function useAnyMoney() {
  const intl = useIntl()
  return (cents: number, currency: string) =>
    intl.formatNumber(cents / 100, { style: 'currency', currency, minimumFractionDigits: 2 })
}

function OffersTab({ view, send }: Pick<ClientDetailPageProps, 'view' | 'send'>) {
  const t = useT()
  const intl = useIntl()
  const money = useAnyMoney()
  const date = useDate()
  const offersTitle = useId()
  const couponsTitle = useId()
  return (
    <div className={styles.columns}>
      <section aria-labelledby={offersTitle} className={styles.card}>
        <h2 id={offersTitle} className={styles.cardTitle}>
          {t('pages.clients.offers.title')}
        </h2>
        {view.offers.length === 0 ? (
          <p className={styles.muted}>{t('pages.clients.offers.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {view.offers.map((o) => (
              <li key={o.id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{o.name}</span>
                  <span className={styles.muted}>
                    {offerValue(o, t, money)} · {o.description}
                  </span>
                </div>
                <span className={styles.costBox}>
                  <span className={styles.cost}>
                    {t('pages.clients.offers.cost', { points: intl.formatNumber(o.redeemPointAmount) })}
                  </span>
                  {o.canRedeem === false && (
                    <span className={styles.missing}>
                      {t('pages.clients.offers.missing', {
                        points: intl.formatNumber(o.redeemPointAmount - (view.info?.points ?? 0)),
                      })}
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!view.hasStore || o.canRedeem === false}
                  aria-label={t('pages.clients.offers.redeemLabel', { offer: o.name })}
                  onClick={() => send({ type: 'offer.redeem', offerId: o.id })}
                >
                  {t('pages.clients.offers.redeem')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={couponsTitle} className={styles.card}>
        <h2 id={couponsTitle} className={styles.cardTitle}>
          {t('pages.clients.coupons.active')}
        </h2>
        {view.activeCoupons.length === 0 ? (
          <p className={styles.muted}>{t('pages.clients.coupons.noActive')}</p>
        ) : (
          <ul className={styles.list}>
            {view.activeCoupons.map((c) => (
              <li key={c.id} className={styles.item}>
                <div className={styles.itemText}>
                  <span className={styles.itemTitle}>{c.header}</span>
                  <span className={styles.muted}>
                    {offerValue(c, t, money)} ·{' '}
                    {t('pages.clients.coupons.expires', { date: date(c.expiresAt) })}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!view.hasStore}
                  aria-label={t('pages.clients.coupons.redeemLabel', { coupon: c.header })}
                  onClick={() => send({ type: 'coupon.redeem', couponId: c.id })}
                >
                  {t('pages.clients.coupons.redeem')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

const COUPON_FILTERS: readonly (CouponState | null)[] = [null, ...COUPON_STATES]

function CouponsTab({ view, send }: Pick<ClientDetailPageProps, 'view' | 'send'>) {
  const t = useT()
  const money = useAnyMoney()
  const date = useDate()
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

function HistoryTab({ view }: { view: ClientDetailView }) {
  const t = useT()
  const intl = useIntl()
  const info = view.info!
  const money = useMoney(info.currencyCode)
  const dateTime = useDateTime()
  if (info.transactions.length === 0)
    return (
      <div className={styles.panel}>
        <EmptyPanel
          title={t('pages.clients.history.empty')}
          description={t('pages.clients.history.emptyDescription')}
        />
      </div>
    )
  return (
    <Table.Root size="sm">
      <Table.Caption className={styles.srOnly}>{t('pages.clients.tabs.history')}</Table.Caption>
      <Table.Head>
        <Table.Row>
          <Table.Header scope="col">{t('pages.clients.history.columns.date')}</Table.Header>
          <Table.Header scope="col">{t('pages.clients.history.columns.type')}</Table.Header>
          <Table.Header scope="col" data-align="end">
            {t('pages.clients.history.columns.points')}
          </Table.Header>
          <Table.Header scope="col" data-align="end">
            {t('pages.clients.history.columns.amount')}
          </Table.Header>
          <Table.Header scope="col">{t('pages.clients.history.columns.store')}</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {info.transactions.map((x) => (
          <Table.Row key={x.id}>
            <Table.Cell>{dateTime(x.createdAt)}</Table.Cell>
            <Table.Cell>{t(transactionLabel(x.type))}</Table.Cell>
            <Table.Cell data-align="end" className={x.points < 0 ? styles.negative : styles.positive}>
              {intl.formatNumber(x.points, { signDisplay: 'exceptZero' })}
            </Table.Cell>
            <Table.Cell data-align="end">{x.amountCents === null ? '—' : money(x.amountCents)}</Table.Cell>
            <Table.Cell>{x.storeName ?? '—'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

function ProfileTab({ view }: { view: ClientDetailView }) {
  const t = useT()
  const date = useDate()
  const info = view.info!
  const row = (label: MessageId, value: string) => (
    <div className={styles.profileRow}>
      <dt className={styles.muted}>{t(label)}</dt>
      <dd>{value}</dd>
    </div>
  )
  return (
    <dl className={styles.profile}>
      {row(
        'pages.clients.form.gender',
        info.gender === 'male' || info.gender === 'female' || info.gender === 'other'
          ? t(`pages.clients.form.genders.${info.gender}`)
          : '—',
      )}
      {row('pages.clients.form.birthDate', date(info.birthDate))}
      {row('pages.clients.form.postcode', info.postcode ?? '—')}
      {row('pages.clients.detail.clientSince', date(info.createdAt))}
      {row('pages.clients.detail.firstVisit', date(info.firstVisitAt))}
      {row('pages.clients.columns.acquiredFrom', t(sourceLabel(info.acquiredFrom)))}
    </dl>
  )
}

function PointsDialog({
  view,
  send,
  storeName,
}: Pick<ClientDetailPageProps, 'view' | 'send'> & { storeName: string | null }) {
  const t = useT()
  const intl = useIntl()
  const open = view.dialog === 'points'
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!view.isSubmitting) send({ type: 'points.submit' })
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !view.isSubmitting && send({ type: 'dialog.close' })}
      closeOnEscape={!view.isSubmitting}
      closeOnInteractOutside={!view.isSubmitting}
      size="sm"
    >
      <Dialog.Panel hideCloseButton={view.isSubmitting}>
        <Dialog.Header>
          <Dialog.Title>{t('loyalty.editPoints.title')}</Dialog.Title>
          <Dialog.Description>
            {t('loyalty.editPoints.description', {
              points: intl.formatNumber(view.info?.points ?? 0),
              store: storeName ?? '—',
            })}
          </Dialog.Description>
        </Dialog.Header>
        <form className={styles.contents} onSubmit={submit} noValidate>
          <Dialog.Body>
            <TextField
              label={t('loyalty.editPoints.points')}
              name="points"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('loyalty.editPoints.placeholder')}
              helperText={
                view.pointsDirection === 'credit'
                  ? t('loyalty.editPoints.willCredit')
                  : view.pointsDirection === 'debit'
                    ? t('loyalty.editPoints.willDebit')
                    : t('loyalty.editPoints.helper')
              }
              value={view.points}
              onChange={(e) => send({ type: 'points.change', value: e.currentTarget.value })}
              invalid={Boolean(view.fieldError)}
              errorText={view.fieldError ? t(view.fieldError as MessageId) : undefined}
              required
            />
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={view.isSubmitting}
              onClick={() => send({ type: 'dialog.close' })}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={view.isSubmitting}>
              {view.pointsDirection === 'debit'
                ? t('loyalty.editPoints.debit')
                : t('loyalty.editPoints.credit')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

function SaleDialog({
  view,
  send,
  storeName,
}: Pick<ClientDetailPageProps, 'view' | 'send'> & { storeName: string | null }) {
  const t = useT()
  const open = view.dialog === 'sale'
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!view.isSubmitting) send({ type: 'sale.submit' })
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !view.isSubmitting && send({ type: 'dialog.close' })}
      closeOnEscape={!view.isSubmitting}
      closeOnInteractOutside={!view.isSubmitting}
      size="sm"
    >
      <Dialog.Panel hideCloseButton={view.isSubmitting}>
        <Dialog.Header>
          <Dialog.Title>{t('loyalty.addSale.title')}</Dialog.Title>
          <Dialog.Description>
            {t('loyalty.addSale.description', { store: storeName ?? '—' })}
          </Dialog.Description>
        </Dialog.Header>
        <form className={styles.contents} onSubmit={submit} noValidate>
          <Dialog.Body>
            <TextField
              label={t('loyalty.addSale.amount', { currency: view.info?.currencyCode ?? '' })}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              helperText={t('loyalty.addSale.helper')}
              value={view.amount}
              onChange={(e) => send({ type: 'sale.change', value: e.currentTarget.value })}
              invalid={Boolean(view.fieldError)}
              errorText={view.fieldError ? t(view.fieldError as MessageId) : undefined}
              required
            />
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={view.isSubmitting}
              onClick={() => send({ type: 'dialog.close' })}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={view.isSubmitting}>
              {t('loyalty.addSale.submit')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

function DetailSkeleton() {
  return (
    <div className={styles.skeletonBox} aria-hidden="true">
      <span className={styles.skeleton} data-size="title" />
      <div className={styles.stats}>
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={styles.skeleton} data-size="card" />
        ))}
      </div>
      <span className={styles.skeleton} data-size="block" />
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '7xl', mx: 'auto', w: 'full' }),
  back: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    alignSelf: 'flex-start',
    textStyle: 'sm',
    '& svg': { width: '4', height: '4' },
  }),
  header: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4',
    p: { base: '4', md: '5' },
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  avatar: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '14',
    height: '14',
    flexShrink: '0',
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.text',
    fontWeight: 'bold',
    textStyle: 'lg',
  }),
  identity: css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '56' }),
  nameLine: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  contact: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    color: 'fg.muted',
    textStyle: 'sm',
    '& a': { _hover: { color: 'accent.text', textDecoration: 'underline' } },
  }),
  headerActions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  notice: css({
    px: '4',
    py: '3',
    borderRadius: 'l3',
    bg: 'warning.subtle',
    color: 'warning.text',
    textStyle: 'sm',
    fontWeight: 'medium',
  }),
  stats: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr 1fr', lg: 'repeat(4, 1fr)' },
    gap: '3',
    '&[aria-busy=true]': { opacity: 0.7 },
  }),
  stat: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '0.5',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  statLabel: css({
    textStyle: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  }),
  statValue: css({
    textStyle: '2xl',
    fontWeight: 'bold',
    color: 'fg.default',
    fontVariantNumeric: 'tabular-nums',
  }),
  statDetail: css({ textStyle: 'xs', color: 'fg.muted' }),
  tabs: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  columns: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' },
    gap: '4',
    alignItems: 'start',
  }),
  card: css({
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
  }),
  cardTitle: css({ textStyle: 'md', fontWeight: 'semibold' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  item: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    py: '2.5',
    borderTopWidth: '1px',
    _first: { borderTopWidth: '0' },
  }),
  itemText: css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0' }),
  itemTitle: css({ fontWeight: 'semibold', color: 'fg.default', display: 'block' }),
  subline: css({ display: 'block', textStyle: 'xs', color: 'fg.muted' }),
  costBox: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }),
  cost: css({ textStyle: 'sm', fontWeight: 'semibold', color: 'accent.text', whiteSpace: 'nowrap' }),
  missing: css({ textStyle: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  panel: css({ bg: 'bg.default', borderWidth: '1px', borderRadius: 'l3' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  segments: css({ display: 'flex', flexWrap: 'wrap', gap: '2', border: 'none', p: '0', m: '0' }),
  negative: css({ color: 'danger.text', fontWeight: 'semibold' }),
  positive: css({ color: 'success.text', fontWeight: 'semibold' }),
  profile: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
    gap: '3',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  profileRow: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  contents: css({ display: 'contents' }),
  dialogError: css({ display: 'block', mt: '2', color: 'danger.text', fontWeight: 'medium' }),
  srOnly: css({ srOnly: true }),
  skeletonBox: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  skeleton: css({
    display: 'block',
    borderRadius: 'l3',
    bg: 'bg.muted',
    animation: 'pulse 1.4s ease-in-out infinite',
    '&[data-size=title]': { h: '20' },
    '&[data-size=card]': { h: '24' },
    '&[data-size=block]': { h: '64' },
  }),
}
