// The CRM clients (issue 21): the franchise's clients with their values of the form's fields as
// columns, a search and a field filter kept in the address, pages, and the CSV export of the applied
// filter (a link: the server streams the file). It renders the crm-clients machine's view.
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { CrmClientsEvent, CrmClientsView } from '../../../machines/crm-clients/crm-clients.list'
import { CRM_PAGE_SIZES } from '../../domain/crm-clients'
import { DownloadLink } from '../../ui/DownloadLink'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { PagedListPage } from '../../ui/PagedListPage'
import { SearchField } from '../../ui/SearchField'
import { Table } from '../../ui/Table'

export interface CrmClientsListProps {
  view: CrmClientsView
  send: (event: CrmClientsEvent) => void
  /** The CSV export's link for the applied filter. */
  exportHref: string
}

export function CrmClientsList({ view, send, exportHref }: CrmClientsListProps) {
  const t = useT()
  const { date } = useClock()
  const merchant = view.fields.filter((f) => !f.isStatic)
  const title = t('crm.list.title')
  const clear = () => send({ type: 'list.clear' })
  return (
    <PagedListPage
      headingLevel={2}
      title={title}
      subtitle={
        view.isLoading && !view.isRefreshing
          ? t('crm.list.loading')
          : t('crm.list.subtitle', { count: view.total })
      }
      actions={<DownloadLink href={exportHref}>{t('crm.list.export')}</DownloadLink>}
      filters={
        <div className={styles.filters}>
          <SearchField
            label={t('crm.list.search')}
            placeholder={t('crm.list.searchPlaceholder')}
            value={view.searchInput}
            onChange={(value) => send({ type: 'list.search', value })}
            onSubmit={() => send({ type: 'list.searchNow' })}
          />
          <NativeSelect
            label={t('crm.list.field')}
            value={view.query.field}
            options={[
              { value: '', label: t('crm.list.allClients') },
              ...merchant.map((f) => ({ value: f.localId, label: f.label })),
            ]}
            onChange={(field) => send({ type: 'list.filter', filter: { field } })}
          />
        </div>
      }
      error={
        view.isFailed
          ? {
              message: t((view.error ?? 'crm.list.error') as MessageId),
              onRetry: () => send({ type: 'list.retry' }),
            }
          : null
      }
      empty={
        view.isEmpty
          ? { title: t('crm.list.empty') }
          : view.isNoResult
            ? { title: t('crm.list.noResult'), clear: { label: t('crm.list.clear'), onClear: clear } }
            : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('crm.list.pagination'),
              page: view.query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: view.query.size,
              pageSizes: CRM_PAGE_SIZES,
              onPage: (page) => send({ type: 'list.page', page }),
              onRowsPerPage: (size) => send({ type: 'list.size', size }),
            }
          : null
      }
    >
      <Table.Root aria-busy={view.isLoading || undefined}>
        <Table.Caption className={styles.srOnly}>{title}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('crm.list.client')}</Table.Header>
            <Table.Header scope="col">{t('crm.list.contact')}</Table.Header>
            <Table.Header scope="col">{t('crm.static.dateOfBirth')}</Table.Header>
            {merchant.map((f) => (
              <Table.Header key={f.localId} scope="col">
                {f.label}
              </Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body className={view.isRefreshing ? styles.refreshing : undefined}>
          {view.rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell>
                <Link href={`/pages/user/clients/${row.id}`} className={styles.name}>
                  {`${row.firstName} ${row.lastName}`.trim() || '—'}
                </Link>
              </Table.Cell>
              <Table.Cell>
                <span className={styles.muted}>
                  {[row.phone, row.email].filter(Boolean).join(' · ') || '—'}
                </span>
              </Table.Cell>
              <Table.Cell>{row.birthDate ? date(row.birthDate) : '—'}</Table.Cell>
              {merchant.map((f) => (
                <Table.Cell key={f.localId}>{row.values[f.localId] ?? '—'}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

const styles = {
  filters: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '2fr 1fr' },
    gap: '3',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  srOnly: css({ srOnly: true }),
  name: css({ fontWeight: 'semibold', _hover: { textDecoration: 'underline' } }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  refreshing: css({ opacity: 0.55 }),
}
