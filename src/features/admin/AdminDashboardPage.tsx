import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type {
  AdminMerchantsEvent,
  AdminMerchantsView,
} from '../../../machines/admin-merchants/admin-merchants-actions.view'
import { ROUTES } from '../../domain/access'
import { MERCHANT_PAGE_SIZES, type MerchantRow } from '../../domain/admin'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import { useT } from '../../ui/i18n/t'
import { PagedListPage, pagedListFilters, pageStyles } from '../../ui/PagedListPage'
import { SearchField } from '../../ui/SearchField'
import { Table } from '../../ui/Table'
import { AddFranchiseDialog, CreateFranchiseDialog } from './CreateFranchiseDialog'
import { TestSendButtons } from './TestSendDialog'

export { useT }

export const ADMIN_PATH = ROUTES.admin.path
export const panelPath = (franchiseId: string) => `/pages/admin/franchise-panel/${franchiseId}`

export interface AdminDashboardPageProps {
  view: AdminMerchantsView
  send: (event: AdminMerchantsEvent) => void
}

/** /pages/admin/dashboard: merchants, searched, sorted and paged, with their row actions. */
export function AdminDashboardPage({ view, send }: AdminDashboardPageProps) {
  const t = useT()
  const title = t('admin.title')
  const clearSearch = () => send({ type: 'list.clear' })
  const confirmRow = view.confirm?.row
  return (
    <PagedListPage
      title={title}
      documentTitle={`${title} · ${t('app.name')}`}
      subtitle={
        view.isLoading && !view.isRefreshing ? t('admin.loading') : t('admin.subtitle', { count: view.total })
      }
      actions={
        <>
          <TestSendButtons />
          <Button disabled={!view.canAct} onClick={() => send({ type: 'merchants.create' })}>
            {t('admin.create.open')}
          </Button>
        </>
      }
      filters={
        <SearchField
          className={pagedListFilters}
          label={t('admin.search')}
          placeholder={t('admin.searchPlaceholder')}
          name="filter"
          value={view.searchInput}
          onChange={(value) => send({ type: 'list.search', value })}
          onSubmit={() => send({ type: 'list.searchNow' })}
        />
      }
      error={
        view.isFailed
          ? {
              message: t('admin.errors.load', { code: String(view.errorCode ?? 0) }),
              onRetry: () => send({ type: 'list.retry' }),
            }
          : null
      }
      empty={
        view.isEmpty || view.isNoResult
          ? {
              title: t(view.isEmpty ? 'admin.empty.title' : 'admin.noResult.title'),
              description: view.isNoResult
                ? t('admin.noResult.description', { search: view.query.filter })
                : undefined,
              clear: view.isNoResult ? { label: t('admin.clearSearch'), onClear: clearSearch } : undefined,
            }
          : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('admin.pagination'),
              page: view.query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: view.query.size,
              pageSizes: MERCHANT_PAGE_SIZES,
              onPage: (page) => send({ type: 'list.page', page }),
              onRowsPerPage: (size) => send({ type: 'list.size', size }),
            }
          : null
      }
      dialogs={
        <>
          <CreateFranchiseDialog view={view} send={send} />
          <AddFranchiseDialog view={view} send={send} />
          <ConfirmDialog
            destructive={view.confirm?.action === 'deactivate'}
            open={view.confirm !== null}
            title={t(
              view.confirm?.action === 'activate'
                ? 'admin.subscription.activateTitle'
                : 'admin.subscription.deactivateTitle',
            )}
            description={t(
              view.confirm?.action === 'activate'
                ? 'admin.subscription.activateDescription'
                : 'admin.subscription.deactivateDescription',
              { email: confirmRow?.email ?? '' },
            )}
            confirmLabel={t(
              view.confirm?.action === 'activate'
                ? 'admin.subscription.activate'
                : 'admin.subscription.deactivate',
            )}
            cancelLabel={t('common.cancel')}
            onConfirm={() => send({ type: 'dialog.confirm' })}
            onOpenChange={(open) => {
              if (!open) send({ type: 'dialog.cancel' })
            }}
          />
        </>
      }
    >
      <Table.Root aria-busy={view.isLoading || undefined} className={styles.table}>
        <Table.Caption className={styles.srOnly}>{title}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.SortableHeader
              scope="col"
              direction={view.sortDirection('email')}
              onSort={() => send({ type: 'list.sort', field: 'email' })}
            >
              {t('admin.columns.merchant')}
            </Table.SortableHeader>
            <Table.SortableHeader
              scope="col"
              direction={view.sortDirection('franchise')}
              onSort={() => send({ type: 'list.sort', field: 'franchise' })}
            >
              {t('admin.columns.franchise')}
            </Table.SortableHeader>
            <Table.Header scope="col">{t('admin.columns.loyaltyModel')}</Table.Header>
            <Table.Header scope="col">{t('admin.columns.stores')}</Table.Header>
            <Table.Header scope="col">{t('admin.columns.subscription')}</Table.Header>
            <Table.Header scope="col">{t('admin.columns.fullAccess')}</Table.Header>
            <Table.Header scope="col">{t('admin.columns.terms')}</Table.Header>
            <Table.Header scope="col" data-align="end">
              {t('admin.columns.clients')}
            </Table.Header>
            <Table.Header scope="col" data-align="end">
              {t('admin.columns.passages')}
            </Table.Header>
            <Table.SortableHeader
              scope="col"
              direction={view.sortDirection('dateCreated')}
              onSort={() => send({ type: 'list.sort', field: 'dateCreated' })}
            >
              {t('admin.columns.created')}
            </Table.SortableHeader>
            <Table.Header scope="col" data-align="end">
              <span className={styles.srOnly}>{t('admin.columns.actions')}</span>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body className={view.isRefreshing ? styles.refreshing : undefined}>
          {view.rows.map((row) => (
            <MerchantTableRow key={row.id} row={row} view={view} send={send} />
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

function MerchantTableRow({
  row,
  view,
  send,
}: {
  row: MerchantRow
  view: AdminMerchantsView
  send: (event: AdminMerchantsEvent) => void
}) {
  const intl = useIntl()
  const { date } = useClock()
  const t = useT()
  const busy = view.busy?.id === row.id ? view.busy.action : null
  const yesNo = (v: boolean) => (
    <Badge tone={v ? 'success' : 'neutral'}>{t(v ? 'admin.yes' : 'admin.no')}</Badge>
  )
  const who = row.displayName || row.email
  return (
    <Table.Row aria-busy={busy ? true : undefined}>
      <Table.Cell>
        <span className={styles.name}>{who}</span>
        {row.displayName && <span className={styles.muted}>{row.email}</span>}
      </Table.Cell>
      <Table.Cell>
        {row.franchises.length > 0 ? (
          <ul className={styles.franchises}>
            {row.franchises.map((f) => (
              <li key={f.id}>
                <Link
                  href={panelPath(f.id)}
                  className={styles.link}
                  aria-label={t('admin.openPanel', { name: f.name })}
                >
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </Table.Cell>
      <Table.Cell>
        {row.loyaltyModel ? (
          <>
            <span className={styles.name}>{row.loyaltyModel.name}</span>
            <span className={styles.muted}>{row.loyaltyModel.loyaltyType}</span>
          </>
        ) : (
          '—'
        )}
      </Table.Cell>
      <Table.Cell>{row.stores.map((s) => s.name).join(', ') || '—'}</Table.Cell>
      <Table.Cell>
        <div className={styles.cellStack}>
          <Badge tone={row.isSubscribedRetailer ? 'success' : 'warning'}>
            {t(row.isSubscribedRetailer ? 'admin.subscription.active' : 'admin.subscription.inactive')}
          </Badge>
          <Button
            size="sm"
            variant="ghost"
            tone={row.isSubscribedRetailer ? 'danger' : 'neutral'}
            loading={busy === 'activate' || busy === 'deactivate'}
            disabled={!view.canAct && !busy}
            aria-label={t(
              row.isSubscribedRetailer
                ? 'admin.subscription.deactivateFor'
                : 'admin.subscription.activateFor',
              { email: row.email },
            )}
            onClick={() => send({ type: 'merchants.subscription', row })}
          >
            {t(row.isSubscribedRetailer ? 'admin.subscription.deactivate' : 'admin.subscription.activate')}
          </Button>
        </div>
      </Table.Cell>
      <Table.Cell>{yesNo(row.hasFullAccess)}</Table.Cell>
      <Table.Cell>{yesNo(row.hasAcceptedCGV)}</Table.Cell>
      <Table.Cell data-align="end">{intl.formatNumber(row.clientCount)}</Table.Cell>
      <Table.Cell data-align="end">{intl.formatNumber(row.passages30Days)}</Table.Cell>
      <Table.Cell>{date(row.dateCreated)}</Table.Cell>
      <Table.Cell data-align="end">
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="outline"
            tone="neutral"
            loading={busy === 'connect'}
            disabled={!view.canAct && busy !== 'connect'}
            aria-label={t('admin.connectAs.for', { email: row.email })}
            onClick={() => send({ type: 'merchants.connectAs', row })}
          >
            {t('admin.connectAs.label')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            tone="neutral"
            loading={busy === 'addFranchise'}
            disabled={!view.canAct && busy !== 'addFranchise'}
            aria-label={t('admin.addFranchise.for', { email: row.email })}
            onClick={() => send({ type: 'merchants.addFranchise', row })}
          >
            {t('admin.addFranchise.label')}
          </Button>
        </div>
      </Table.Cell>
    </Table.Row>
  )
}

export const styles = {
  ...pageStyles,
  srOnly: css({ srOnly: true }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  // Eleven columns fit a 1440 px screen (issue 24): headings wrap, long addresses break, the
  // actions stack.
  table: css({ '& th': { whiteSpace: 'normal', verticalAlign: 'bottom', h: 'auto', minH: '10', py: '2' } }),
  name: css({ fontWeight: 'semibold', display: 'block', overflowWrap: 'anywhere' }),
  muted: css({ display: 'block', color: 'fg.muted', textStyle: 'sm', overflowWrap: 'anywhere' }),
  link: css({
    color: 'accent.text',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
  }),
  cellStack: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' }),
  franchises: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  actions: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' }),
}
