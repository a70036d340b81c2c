import { Collapsible } from '@ark-ui/react/collapsible'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { link } from 'styled-system/recipes'
import { Link } from 'wouter'
import type { ClientFormEvent } from '../../../machines/client-form/client-form.machine'
import type { ClientFormView } from '../../../machines/client-form/client-form.view'
import type { ClientListEvent, ClientListView } from '../../../machines/client-list/client-list.list'
import {
  ACQUISITION_SOURCES,
  type AcquisitionSource,
  CLIENT_PAGE_SIZES,
  CLIENT_TYPES,
  type ClientRow,
  type ClientSortField,
  type ClientType,
} from '../../domain/clients'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { useClock } from '../../ui/i18n/clock'
import { useMoney } from '../../ui/i18n/format'
import type { MessageId } from '../../ui/i18n/messages'
import { type EmptyList, PagedListPage } from '../../ui/PagedListPage'
import { SearchField } from '../../ui/SearchField'
import { SelectField } from '../../ui/SelectField'
import { Table } from '../../ui/Table'
import { NARROW, useMediaQuery } from '../../ui/useMediaQuery'
import { ClientCards } from './ClientCards'
import { ClientFormDialog } from './ClientFormDialog'
import { ClientListExport } from './ClientListExport'
import { clientTypeLabel, clientTypeTone, fullName, otherContacts, sourceLabel } from './format'
import { ImportClientsButton } from './ImportClientsButton'
import { clientPath } from './paths'

export interface ClientListPageProps {
  /** Inside another page (the loyalty customers tab): a section heading and no document title. */
  embedded?: boolean
  view: ClientListView
  send: (event: ClientListEvent) => void
  /** The signed-in user's stores, for the store filter. */
  stores: readonly { id: string; name: string }[]
  /** The franchise's currency (average baskets). */
  currency: string
  /** Opens the create dialog; none where no client may be created (the demo). */
  onCreate?: (() => void) | null
  /** The create dialog while it is open (the client form machine). */
  form?: { view: ClientFormView; send: (event: ClientFormEvent) => void } | null
}

type Column = { id: string; label: MessageId; sort?: ClientSortField; align?: 'end' }

/** §2: contact, client type and acquired-from are shown but not sortable. */
const COLUMNS: readonly Column[] = [
  { id: 'contact', label: 'pages.clients.columns.contact' },
  { id: 'clientType', label: 'pages.clients.columns.clientType' },
  { id: 'acquiredFrom', label: 'pages.clients.columns.acquiredFrom' },
  { id: 'points', label: 'pages.clients.columns.points', sort: 'points', align: 'end' },
  {
    id: 'totalCollectedPoints',
    label: 'pages.clients.columns.totalCollected',
    sort: 'totalCollectedPoints',
    align: 'end',
  },
  { id: 'visitCount', label: 'pages.clients.columns.visits', sort: 'visitCount', align: 'end' },
  { id: 'lastVisit', label: 'pages.clients.columns.lastVisit', sort: 'lastVisit' },
  { id: 'averageBasket', label: 'pages.clients.columns.averageBasket', sort: 'averageBasket', align: 'end' },
]

/** /pages/user/clients: the client list with its search, filters, sortable table and pages. */
export function ClientListPage({
  view,
  send,
  stores,
  currency,
  onCreate,
  form,
  embedded,
}: ClientListPageProps) {
  const intl = useIntl()
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const { query } = view
  const title = t('nav.clients')
  const sourceOptions = ACQUISITION_SOURCES.map((s) => ({ value: s, label: t(sourceLabel(s)) }))
  const typeOptions = CLIENT_TYPES.map((s) => ({ value: s, label: t(clientTypeLabel(s)) }))
  const storeOptions = [
    { value: '', label: t('pages.clients.filters.allStores') },
    ...stores.map((s) => ({ value: s.id, label: s.name })),
  ]
  const sorted = COLUMNS.find((c) => c.sort === query.sort)
  const firstLoad = view.isLoading && view.rows.length === 0
  // A phone gets cards (name, points, last visit) and its filters folded behind a button (issue 24).
  const narrow = useMediaQuery(NARROW)
  const filters = (
    <section className={styles.filters} aria-label={t('pages.clients.filters.label')}>
      <SearchField
        className={styles.search}
        label={t('pages.clients.filters.search')}
        placeholder={t('pages.clients.filters.searchPlaceholder')}
        value={view.searchInput}
        onChange={(value) => send({ type: 'list.search', value })}
        onSubmit={() => send({ type: 'list.searchNow' })}
      />
      {stores.length > 1 && (
        <SelectField
          label={t('pages.clients.filters.store')}
          options={storeOptions}
          value={[query.store ?? '']}
          onChange={(v) => send({ type: 'list.filter', filter: { store: v[0] || null } })}
        />
      )}
      <SelectField
        multiple
        label={t('pages.clients.filters.acquiredFrom')}
        placeholder={t('pages.clients.filters.any')}
        options={sourceOptions}
        value={query.acquiredFrom}
        onChange={(v) => send({ type: 'list.filter', filter: { acquiredFrom: v as AcquisitionSource[] } })}
      />
      <SelectField
        multiple
        label={t('pages.clients.filters.clientType')}
        placeholder={t('pages.clients.filters.any')}
        options={typeOptions}
        value={query.clientType}
        onChange={(v) => send({ type: 'list.filter', filter: { clientType: v as ClientType[] } })}
      />
      <Button
        variant="outline"
        tone="neutral"
        className={styles.reset}
        disabled={!view.canReset}
        onClick={() => send({ type: 'list.clear' })}
      >
        {t('pages.clients.filters.reset')}
      </Button>
    </section>
  )
  return (
    <PagedListPage
      className={styles.page}
      title={title}
      headingLevel={embedded ? 2 : 1}
      documentTitle={embedded ? undefined : `${title} · ${t('app.name')}`}
      subtitle={
        view.isLoading && !view.isRefreshing
          ? t('pages.clients.loading')
          : view.totalIsLowerBound
            ? t('pages.clients.countAtLeast', { count: view.total })
            : t('pages.clients.count', { count: view.total })
      }
      actions={
        <>
          <ClientListExport query={view.exportQuery} />
          {onCreate && (
            <>
              <ImportClientsButton />
              <Button onClick={onCreate}>{t('pages.clients.actions.create')}</Button>
            </>
          )}
        </>
      }
      filters={
        narrow ? (
          // Mounted when first opened: a phone does not build the filters it may never show.
          <Collapsible.Root lazyMount className={styles.fold}>
            <Collapsible.Trigger asChild>
              <Button variant="outline" tone="neutral" className={styles.foldButton}>
                {t('pages.clients.filters.toggle')}
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>{filters}</Collapsible.Content>
          </Collapsible.Root>
        ) : (
          filters
        )
      }
      error={
        view.isFailed
          ? {
              message: t((view.error ?? 'pages.clients.errors.load') as MessageId),
              onRetry: () => send({ type: 'list.retry' }),
            }
          : null
      }
      empty={emptyPanel(view, t, send, onCreate)}
      pagination={
        firstLoad
          ? null
          : {
              label: t('pages.clients.pagination.label'),
              page: query.page,
              pageCount: view.pageCount,
              total: view.total,
              totalIsLowerBound: view.totalIsLowerBound,
              rowsPerPage: query.size,
              pageSizes: CLIENT_PAGE_SIZES,
              onPage: (page) => send({ type: 'list.page', page }),
              onRowsPerPage: (size) => send({ type: 'list.size', size }),
            }
      }
      dialogs={form && <ClientFormDialog view={form.view} send={form.send} />}
    >
      {narrow && !firstLoad ? (
        <ClientCards rows={view.rows} linked={view.canOpenClient} label={title} busy={view.isLoading} />
      ) : (
        <Table.Root
          interactive
          aria-busy={view.isLoading || undefined}
          data-refreshing={view.isRefreshing || undefined}
        >
          <Table.Caption className={styles.srOnly}>
            {sorted
              ? t(query.order === 'asc' ? 'pages.clients.captionAsc' : 'pages.clients.captionDesc', {
                  column: t(sorted.label),
                })
              : t('nav.clients')}
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              {COLUMNS.map((c) =>
                c.sort ? (
                  <Table.SortableHeader
                    key={c.id}
                    scope="col"
                    data-align={c.align}
                    direction={view.sortDirection(c.sort)}
                    onSort={() => send({ type: 'list.sort', field: c.sort! })}
                  >
                    {t(c.label)}
                  </Table.SortableHeader>
                ) : (
                  <Table.Header key={c.id} scope="col" data-align={c.align}>
                    {t(c.label)}
                  </Table.Header>
                ),
              )}
            </Table.Row>
          </Table.Head>
          <Table.Body className={view.isRefreshing ? styles.refreshing : undefined}>
            {firstLoad ? (
              <SkeletonRows count={query.size} />
            ) : (
              view.rows.map((row) => (
                <ClientTableRow key={row.id} row={row} currency={currency} linked={view.canOpenClient} />
              ))
            )}
          </Table.Body>
        </Table.Root>
      )}
    </PagedListPage>
  )
}

/** None yet, none for the search (and a client to create from it), or none for the filters. */
function emptyPanel(
  view: ClientListView,
  t: (id: MessageId, values?: Record<string, string | number>) => string,
  send: (event: ClientListEvent) => void,
  onCreate: (() => void) | null | undefined,
): EmptyList | null {
  const reset = { label: t('pages.clients.filters.reset'), onClear: () => send({ type: 'list.clear' }) }
  if (view.isEmpty)
    return {
      title: t('pages.clients.empty.title'),
      description: t('pages.clients.empty.description'),
      action: onCreate && (
        <Button variant="outline" onClick={onCreate}>
          {t('pages.clients.actions.create')}
        </Button>
      ),
    }
  if (view.canCreateFromSearch)
    return {
      title: t('pages.clients.noResult.createTitle', { search: view.query.search }),
      description: t('pages.clients.noResult.create'),
      action: onCreate && <Button onClick={onCreate}>{t('pages.clients.createClient.submit')}</Button>,
      clear: reset,
    }
  if (view.isNoResult)
    return {
      title: t('pages.clients.noResult.title'),
      description: t('pages.clients.noResult.description'),
      clear: reset,
    }
  return null
}

function ClientTableRow({ row, currency, linked }: { row: ClientRow; currency: string; linked: boolean }) {
  const intl = useIntl()
  const { date } = useClock()
  const money = useMoney(currency)
  const contact = otherContacts(row)
  return (
    <Table.Row>
      <Table.Cell>
        {linked ? (
          <Link href={clientPath(row.id)} className={`${link()} ${styles.name}`}>
            {fullName(row)}
          </Link>
        ) : (
          <span className={styles.name}>{fullName(row)}</span>
        )}
        {contact.map((c) => (
          <span key={c} className={styles.contact}>
            {c}
          </span>
        ))}
      </Table.Cell>
      <Table.Cell>
        <Badge tone={clientTypeTone(row.clientType)}>
          {intl.formatMessage({ id: clientTypeLabel(row.clientType) })}
        </Badge>
      </Table.Cell>
      <Table.Cell>{intl.formatMessage({ id: sourceLabel(row.acquiredFrom) })}</Table.Cell>
      <Table.Cell data-align="end">{intl.formatNumber(row.points)}</Table.Cell>
      <Table.Cell data-align="end">{intl.formatNumber(row.totalCollectedPoints)}</Table.Cell>
      <Table.Cell data-align="end">{intl.formatNumber(row.visitCount)}</Table.Cell>
      <Table.Cell>{date(row.lastVisitAt)}</Table.Cell>
      <Table.Cell data-align="end">{money(row.averageBasketCents)}</Table.Cell>
    </Table.Row>
  )
}

/**
 * Placeholder lines while the first page loads, in one hidden row: the table never holds rows that are
 * not clients (a script counting rows waits for the real ones).
 */
function SkeletonRows({ count }: { count: number }) {
  return (
    <Table.Row aria-hidden="true">
      <Table.Cell colSpan={COLUMNS.length} className={styles.skeletonCell}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
          <span key={i} className={styles.skeletonLine}>
            {COLUMNS.map((c) => (
              <span key={c.id} className={styles.skeleton} data-wide={c.id === 'contact' || undefined} />
            ))}
          </span>
        ))}
      </Table.Cell>
    </Table.Row>
  )
}

const styles = {
  page: css({ maxW: '7xl', mx: 'auto' }),
  filters: css({
    display: 'grid',
    gridTemplateColumns: {
      base: '1fr',
      sm: '1fr 1fr',
      lg: 'minmax(16rem, 2fr) repeat(3, minmax(10rem, 1fr)) auto',
    },
    alignItems: 'end',
    gap: '3',
    p: '4',
    bg: 'bg.default',
    borderWidth: '1px',
    borderRadius: 'l3',
  }),
  fold: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  foldButton: css({ alignSelf: 'flex-start' }),
  search: css({ gridColumn: { base: 'auto', sm: '1 / -1', lg: 'auto' } }),
  reset: css({ justifySelf: { base: 'stretch', lg: 'start' } }),
  srOnly: css({ srOnly: true }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  name: css({ fontWeight: 'semibold', display: 'block' }),
  // Phone and e-mail on lines of their own, a long address broken anywhere: the column no longer
  // pushes "Average basket" out of a 1440 px screen (issue 24).
  contact: css({ display: 'block', color: 'fg.muted', textStyle: 'xs', overflowWrap: 'anywhere', mt: '0.5' }),
  skeletonCell: css({ p: '0 !important' }),
  skeletonLine: css({
    display: 'grid',
    gridTemplateColumns: '2.2fr 1fr 1fr 1fr 1fr 1fr 1fr 1fr',
    alignItems: 'center',
    gap: '4',
    h: '14',
    px: '4',
    borderBottomWidth: '1px',
    _last: { borderBottomWidth: '0' },
  }),
  skeleton: css({
    display: 'block',
    h: '3',
    w: '12',
    borderRadius: 'full',
    bg: 'bg.muted',
    animation: 'pulse 1.4s ease-in-out infinite',
    maxW: 'full',
    '&[data-wide]': { w: '40' },
  }),
}
