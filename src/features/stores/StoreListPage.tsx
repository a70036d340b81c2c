// /pages/stores/all (SPEC §2 Stores list): search, a table sortable by clients and creation date, pages,
// the loading, empty, no-result and error (with retry) states, and the new/edit store dialog.
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { StoreEditorEvent } from '../../../machines/store-editor/store-editor.machine'
import type { StoreEditorView } from '../../../machines/store-editor/store-editor.view'
import type { StoresListEvent } from '../../../machines/stores-list/stores-list.machine'
import type { StoresListView } from '../../../machines/stores-list/stores-list.view'
import type { Category } from '../../domain/auth'
import { STORE_PAGE_SIZES, type StoreSortField } from '../../domain/stores'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { Pagination } from '../../ui/Pagination'
import { EmptyPanel, ErrorPanel } from '../../ui/Panels'
import { Table } from '../../ui/Table'
import { storePath } from './paths'
import { StoreEditorDialog } from './StoreEditorDialog'

export interface StoreListPageProps {
  view: StoresListView
  send: (event: StoresListEvent) => void
  categories: readonly Category[]
  /** The editor dialog while it is open. */
  editor?: { view: StoreEditorView; send: (event: StoreEditorEvent) => void } | null
}

const SORTABLE: { field: StoreSortField; label: MessageId; align?: 'end' }[] = [
  { field: 'nbClients', label: 'store.list.columns.nbClients', align: 'end' },
  { field: 'dateCreated', label: 'store.list.columns.dateCreated' },
]

export function StoreListPage({ view, send, categories, editor }: StoreListPageProps) {
  const intl = useIntl()
  const { date } = useClock()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const { query } = view
  const title = t('store.list.title')
  const sorted = SORTABLE.find((c) => c.field === query.sort)!
  const create = view.canCreate && (
    <Button onClick={() => send({ type: 'store.create' })}>{t('store.actions.create')}</Button>
  )
  return (
    <div className={styles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle} aria-live="polite">
            {view.isLoading ? t('store.list.loading') : t('store.list.count', { count: view.total })}
          </p>
        </div>
        {create}
      </header>
      <search className={styles.search}>
        <TextField
          label={t('store.list.search')}
          type="search"
          name="search"
          autoComplete="off"
          placeholder={t('store.list.searchPlaceholder')}
          value={query.search}
          maxLength={80}
          onChange={(e) => send({ type: 'list.search', value: e.currentTarget.value })}
        />
      </search>
      {view.isFailed ? (
        <ErrorPanel
          message={t((view.error ?? 'store.errors.loadStores') as MessageId)}
          onRetry={() => send({ type: 'list.retry' })}
        />
      ) : view.isEmpty ? (
        <EmptyPanel
          title={t('store.list.empty.title')}
          description={t('store.list.empty.description')}
          action={create}
        />
      ) : view.isNoResult ? (
        <EmptyPanel
          title={t('store.list.noResult.title')}
          action={
            <Button variant="outline" tone="neutral" onClick={() => send({ type: 'list.search', value: '' })}>
              {t('store.list.noResult.clear')}
            </Button>
          }
        />
      ) : (
        <div>
          <Table.Root interactive aria-busy={view.isLoading || undefined}>
            <Table.Caption className={styles.srOnly}>
              {t(query.order === 'asc' ? 'store.list.captionAsc' : 'store.list.captionDesc', {
                column: t(sorted.label),
              })}
            </Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{t('store.list.columns.name')}</Table.Header>
                {SORTABLE.map((c) => (
                  <Table.SortableHeader
                    key={c.field}
                    scope="col"
                    data-align={c.align}
                    direction={view.sortDirection(c.field)}
                    onSort={() => send({ type: 'list.sort', field: c.field })}
                  >
                    {t(c.label)}
                  </Table.SortableHeader>
                ))}
                <Table.Header scope="col">{t('store.list.columns.scanner')}</Table.Header>
                <Table.Header scope="col" data-align="end">
                  <span className={styles.srOnly}>{t('store.list.columns.actions')}</span>
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {view.isLoading && view.rows.length === 0
                ? Array.from({ length: 3 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                    <Table.Row key={i} aria-hidden="true">
                      <Table.Cell colSpan={5}>
                        <span className={styles.skeleton} />
                      </Table.Cell>
                    </Table.Row>
                  ))
                : view.rows.map((s) => (
                    <Table.Row key={s.id}>
                      <Table.Cell>
                        <Link href={storePath(s.id)} className={link()}>
                          {s.name}
                        </Link>
                      </Table.Cell>
                      <Table.Cell data-align="end">{intl.formatNumber(s.nbClients)}</Table.Cell>
                      <Table.Cell>{date(s.dateCreated)}</Table.Cell>
                      <Table.Cell>
                        <Badge tone={s.settings.hasScannerEnabled ? 'success' : 'neutral'}>
                          {t(s.settings.hasScannerEnabled ? 'store.scanner.on' : 'store.scanner.off')}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell data-align="end">
                        <Button
                          size="sm"
                          variant="outline"
                          tone="neutral"
                          aria-label={t('store.actions.editNamed', { name: s.name })}
                          onClick={() => send({ type: 'store.edit', id: s.id })}
                        >
                          {t('store.actions.edit')}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
            </Table.Body>
          </Table.Root>
          {!view.isLoading && (
            <Pagination
              label={t('pages.clients.pagination.label')}
              page={view.page}
              pageCount={view.pageCount}
              total={view.total}
              rowsPerPage={query.rowsPerPage}
              pageSizes={STORE_PAGE_SIZES}
              onPage={(page) => send({ type: 'list.page', page })}
              onRowsPerPage={(rowsPerPage) => send({ type: 'list.rowsPerPage', rowsPerPage })}
            />
          )}
        </div>
      )}
      {editor && <StoreEditorDialog view={editor.view} send={editor.send} categories={categories} />}
    </div>
  )
}

export const styles = {
  page: css({ display: 'grid', gap: '5', p: { base: '4', md: '6' }, maxW: '6xl', mx: 'auto', width: '100%' }),
  header: css({
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: '4',
    flexWrap: 'wrap',
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold' }),
  subtitle: css({ color: 'fg.muted', textStyle: 'sm' }),
  search: css({ maxW: 'sm' }),
  skeleton: css({ display: 'block', height: '4', borderRadius: 'l1', bg: 'bg.subtle' }),
  srOnly: css({ srOnly: true }),
}
