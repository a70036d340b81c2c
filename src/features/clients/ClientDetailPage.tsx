import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ClientFormEvent } from '../../../machines/client-form/client-form.machine'
import type { ClientFormView } from '../../../machines/client-form/client-form.view'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorPanel } from '../../ui/Panels'
import { ArrowBackIcon } from '../../ui/shell/icons'
import { Tabs } from '../../ui/Tabs'
import { ClientCouponsTab } from './ClientCouponsTab'
import { ClientCrmSection } from './ClientCrmSection'
import { ClientDeleteDialog } from './ClientDeleteDialog'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'
import { ClientDetailHeader } from './ClientDetailHeader'
import { ClientDetailSkeleton } from './ClientDetailSkeleton'
import { ClientDetailStats } from './ClientDetailStats'
import { ClientExpirySection } from './ClientExpirySection'
import { ClientFormDialog } from './ClientFormDialog'
import { ClientGdpr } from './ClientGdpr'
import { ClientHistoryTab } from './ClientHistoryTab'
import { ClientLedgerExport } from './ClientLedgerExport'
import { ClientOffersTab } from './ClientOffersTab'
import { ClientPointsDialog } from './ClientPointsDialog'
import { ClientProfileTab } from './ClientProfileTab'
import { ClientRedeemCouponDialog } from './ClientRedeemCouponDialog'
import { ClientRedeemOfferDialog } from './ClientRedeemOfferDialog'
import { ClientSaleDialog } from './ClientSaleDialog'
import { fullName } from './format'
import { CLIENT_LIST_PATH } from './paths'

export interface ClientDetailPageProps extends ClientDetailPartProps {
  /** The edit dialog while it is open (the client form machine). */
  form?: { view: ClientFormView; send: (event: ClientFormEvent) => void } | null
  /** The current store's name (where points, sales and redemptions are made). */
  storeName?: string | null
  /** Whether "Erase this client" is offered (domain/gdpr.ts canEraseClients). */
  mayErase?: boolean
}

/** /pages/user/clients/:id: one client, its loyalty, coupons and history, and what can be done for it. */
export function ClientDetailPage({ view, send, form, storeName, mayErase = false }: ClientDetailPageProps) {
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
          <ClientDetailSkeleton />
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
      <ClientDetailHeader view={view} send={send} />
      {!view.hasStore && <p className={styles.notice}>{t('pages.clients.detail.noStore')}</p>}
      <ClientDetailStats view={view} />
      <ClientExpirySection key={info.points} franchiseId={info.franchiseId} clientId={info.id} />
      <Tabs.Root defaultValue="offers" lazyMount className={styles.tabs}>
        <Tabs.List aria-label={t('pages.clients.detail.sections')}>
          <Tabs.Trigger value="offers">{t('pages.clients.tabs.offers')}</Tabs.Trigger>
          <Tabs.Trigger value="coupons">{t('pages.clients.tabs.coupons')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('pages.clients.tabs.history')}</Tabs.Trigger>
          <Tabs.Trigger value="profile">{t('pages.clients.tabs.profile')}</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="offers">
          <ClientOffersTab view={view} send={send} />
        </Tabs.Content>
        <Tabs.Content value="coupons">
          <ClientCouponsTab view={view} send={send} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <ClientLedgerExport franchiseId={info.franchiseId} clientId={info.id} />
          <ClientHistoryTab view={view} />
        </Tabs.Content>
        <Tabs.Content value="profile">
          <ClientProfileTab view={view} />
          <ClientCrmSection franchiseId={info.franchiseId} clientId={info.id} />
          <ClientGdpr franchiseId={info.franchiseId} clientId={info.id} name={name} mayErase={mayErase} />
        </Tabs.Content>
      </Tabs.Root>

      <ClientPointsDialog view={view} send={send} storeName={storeName ?? null} />
      <ClientSaleDialog view={view} send={send} storeName={storeName ?? null} />
      <ClientRedeemOfferDialog view={view} send={send} name={name} />
      <ClientRedeemCouponDialog view={view} send={send} name={name} />
      <ClientDeleteDialog view={view} send={send} name={name} />
      {form && <ClientFormDialog view={form.view} send={form.send} />}
    </div>
  )
}
