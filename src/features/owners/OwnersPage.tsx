import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { OwnersEvent, OwnersView } from '../../../machines/owners/owners-actions.view'
import { ROUTES } from '../../domain/access'
import { OWNER_PAGE_SIZES, type OwnerRow } from '../../domain/owners'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { PagedListPage, pagedListFilters } from '../../ui/PagedListPage'
import { SearchField } from '../../ui/SearchField'
import { Table } from '../../ui/Table'
import { OwnerFormDialog } from './OwnerFormDialog'
import { OwnerStoresDialog } from './OwnerStoresDialog'

export const OWNERS_PATH = ROUTES.owners.path

export interface OwnersPageProps {
  view: OwnersView
  send: (event: OwnersEvent) => void
}

/** /pages/owners: the franchise's store owners, a search, pages, the create dialog and unlinking. */
export function OwnersPage({ view, send }: OwnersPageProps) {
  const t = useT()
  const title = t('ownersManagement.title')
  const clearSearch = () => send({ type: 'list.clear' })
  return (
    <PagedListPage
      className={styles.page}
      title={title}
      documentTitle={`${title} · ${t('app.name')}`}
      subtitle={
        view.isLoading && !view.isRefreshing
          ? t('ownersManagement.loading')
          : t('ownersManagement.subtitle', { count: view.total })
      }
      actions={
        view.canCreate && (
          <Button onClick={() => send({ type: 'owners.create' })}>{t('ownersManagement.create.open')}</Button>
        )
      }
      notice={
        !view.canCreate && (
          <div className={styles.notice} role="note">
            <p>{t('ownersManagement.noStores')}</p>
            <Button asChild size="sm" variant="outline">
              <Link href={ROUTES.stores.path}>{t('ownersManagement.goToStores')}</Link>
            </Button>
          </div>
        )
      }
      filters={
        <SearchField
          className={pagedListFilters}
          label={t('ownersManagement.search')}
          placeholder={t('ownersManagement.searchPlaceholder')}
          value={view.searchInput}
          onChange={(value) => send({ type: 'list.search', value })}
          onSubmit={() => send({ type: 'list.searchNow' })}
        />
      }
      error={
        view.isFailed
          ? {
              message: t((view.error ?? 'ownersManagement.errors.load') as MessageId),
              onRetry: () => send({ type: 'list.retry' }),
            }
          : null
      }
      empty={
        view.isEmpty
          ? {
              title: t('ownersManagement.empty.title'),
              description: t('ownersManagement.empty.description'),
              action: view.canCreate && (
                <Button variant="outline" onClick={() => send({ type: 'owners.create' })}>
                  {t('ownersManagement.create.open')}
                </Button>
              ),
            }
          : view.isNoResult
            ? {
                title: t('ownersManagement.noResult.title'),
                description: t('ownersManagement.noResult.description', { search: view.query.search }),
                clear: { label: t('ownersManagement.clearSearch'), onClear: clearSearch },
              }
            : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('ownersManagement.pagination'),
              page: view.query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: view.query.size,
              pageSizes: OWNER_PAGE_SIZES,
              onPage: (page) => send({ type: 'list.page', page }),
              onRowsPerPage: (size) => send({ type: 'list.size', size }),
            }
          : null
      }
      dialogs={
        <>
          <OwnerFormDialog view={view} send={send} />
          <OwnerStoresDialog view={view} send={send} />
          <ConfirmDialog
            destructive
            open={view.unlinkTarget !== null}
            loading={view.isUnlinking}
            title={t('ownersManagement.unlink.title')}
            description={t('ownersManagement.unlink.description', { email: view.unlinkTarget?.email ?? '' })}
            confirmLabel={t('ownersManagement.unlink.confirm')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => send({ type: 'dialog.confirm' })}
            onOpenChange={(open) => {
              if (!open && !view.isUnlinking) send({ type: 'dialog.cancel' })
            }}
          />
        </>
      }
    >
      <Table.Root aria-busy={view.isLoading || undefined} data-refreshing={view.isRefreshing || undefined}>
        <Table.Caption className={styles.srOnly}>{title}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('ownersManagement.columns.owner')}</Table.Header>
            <Table.Header scope="col">{t('ownersManagement.columns.stores')}</Table.Header>
            <Table.Header scope="col">{t('ownersManagement.columns.status')}</Table.Header>
            <Table.Header scope="col">{t('ownersManagement.columns.createdAt')}</Table.Header>
            <Table.Header scope="col" data-align="end">
              <span className={styles.srOnly}>{t('ownersManagement.columns.actions')}</span>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body className={view.isRefreshing ? styles.refreshing : undefined}>
          {view.rows.map((row) => (
            <OwnerTableRow key={row.id} row={row} resending={view.resendingId === row.id} send={send} />
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

function OwnerTableRow({
  row,
  resending,
  send,
}: {
  row: OwnerRow
  resending: boolean
  send: (event: OwnersEvent) => void
}) {
  const { date } = useClock()
  const t = useT()
  return (
    <Table.Row>
      <Table.Cell>
        <span className={styles.name}>{row.displayName || row.email}</span>
        {row.displayName && <span className={styles.muted}>{row.email}</span>}
      </Table.Cell>
      <Table.Cell>{row.stores.map((s) => s.name).join(', ') || '—'}</Table.Cell>
      <Table.Cell>
        <Badge tone={row.status === 'active' ? 'success' : 'info'}>
          {t(row.status === 'active' ? 'ownersManagement.status.active' : 'ownersManagement.status.invited')}
        </Badge>
      </Table.Cell>
      <Table.Cell>{date(row.createdAt)}</Table.Cell>
      <Table.Cell data-align="end">
        <div className={styles.actions}>
          {!row.hasPassword && (
            <Button
              size="sm"
              variant="ghost"
              tone="neutral"
              loading={resending}
              aria-label={t('ownersManagement.resend.action', { email: row.email })}
              onClick={() => send({ type: 'owners.resend', row })}
            >
              {t('ownersManagement.resend.label')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            tone="neutral"
            aria-label={t('ownersManagement.stores.action', { email: row.email })}
            onClick={() => send({ type: 'owners.editStores', row })}
          >
            {t('ownersManagement.stores.label')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            tone="danger"
            aria-label={t('ownersManagement.unlink.action', { email: row.email })}
            onClick={() => send({ type: 'owners.unlink', row })}
          >
            {t('ownersManagement.unlink.confirm')}
          </Button>
        </div>
      </Table.Cell>
    </Table.Row>
  )
}

/** §6: an account without enough rights is told to contact the franchise manager. */
export function OwnersDenied() {
  const t = useT()
  return (
    <div className={styles.page}>
      <title>{`${t('ownersManagement.title')} · ${t('app.name')}`}</title>
      <section role="alert" className={styles.denied}>
        <h1 className={styles.title}>{t('ownersManagement.denied.title')}</h1>
        <p className={styles.muted}>{t('ownersManagement.denied.description')}</p>
      </section>
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '6xl', mx: 'auto', w: 'full' }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  notice: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg.subtle',
  }),
  denied: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '6',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l3',
    bg: 'bg.default',
  }),
  srOnly: css({ srOnly: true }),
  actions: css({ display: 'flex', gap: '1', justifyContent: 'flex-end', flexWrap: 'wrap' }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  name: css({ fontWeight: 'semibold', display: 'block' }),
  muted: css({ display: 'block', color: 'fg.muted', textStyle: 'sm' }),
}
