import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { NewsActionsEvent } from '../../../machines/news-list/news-actions.machine'
import type { NewsActionsView } from '../../../machines/news-list/news-actions.view'
import type { NewsListEvent, NewsListed, NewsListView } from '../../../machines/news-list/news-list.list'
import { isNewsStatus } from '../../../machines/news-list/query'
import { ROUTES } from '../../domain/access'
import { NEWS_PAGE_SIZES, NEWS_STATUSES, type NewsItem } from '../../domain/news'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import { useClock } from '../../ui/i18n/clock'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { NEWS_STATUS_TONE } from '../../ui/news-status'
import { PagedListPage, pagedListFilters } from '../../ui/PagedListPage'
import { Table } from '../../ui/Table'
import { ConflictList, NewsEditorDialog } from './NewsEditorDialog'

/** The page shows the list (news-list) and its dialogs (news-actions). */
export type NewsPageView = NewsListView & NewsActionsView
/** `list.*` go to the list, the others to the dialogs. */
export type NewsPageEvent = NewsListEvent | NewsActionsEvent

export interface NewsPageProps {
  view: NewsPageView
  send: (event: NewsPageEvent) => void
  /** The franchise's currency (prices are its cents). */
  currency: string
}

/** /pages/news: the franchise's news and happy hours, by status, paged; create, edit, stop, restart. */
export function NewsPage({ view, send, currency }: NewsPageProps) {
  const t = useT()
  const title = t('news.title')
  const confirm = view.confirm
  return (
    <PagedListPage
      className={styles.page}
      title={title}
      documentTitle={`${title} · ${t('app.name')}`}
      subtitle={
        view.isLoading && !view.isRefreshing
          ? t('news.loading')
          : t('news.subtitle', { count: view.total, max: view.maxConcurrent })
      }
      actions={
        <div className={styles.actions}>
          <Button asChild variant="outline" tone="neutral">
            <Link href={ROUTES.offersCalendar.path}>{t('news.calendarLink')}</Link>
          </Button>
          {view.canCreate && (
            <Button onClick={() => send({ type: 'news.create', listed: view.listed })}>
              {t('news.create')}
            </Button>
          )}
        </div>
      }
      notice={
        !view.canCreate && (
          <p role="note" className={styles.notice}>
            {t('news.noStores')}
          </p>
        )
      }
      filters={
        <div className={pagedListFilters}>
          <NativeSelect
            label={t('news.filter.status')}
            value={view.query.status ?? ''}
            options={[
              { value: '', label: t('news.filter.all') },
              ...NEWS_STATUSES.map((s) => ({ value: s, label: t(`news.status.${s}` as MessageId) })),
            ]}
            onChange={(value) =>
              send({ type: 'list.filter', filter: { status: isNewsStatus(value) ? value : null } })
            }
          />
        </div>
      }
      error={
        view.error
          ? { message: t(view.error as MessageId), onRetry: () => send({ type: 'list.retry' }) }
          : null
      }
      empty={
        view.isEmpty
          ? {
              title: t('news.empty.title'),
              description: t('news.empty.description'),
              action: view.canCreate && (
                <Button variant="outline" onClick={() => send({ type: 'news.create', listed: view.listed })}>
                  {t('news.create')}
                </Button>
              ),
            }
          : view.isNoResult
            ? {
                title: t('news.noResult.title'),
                description: t('news.noResult.description'),
                clear: {
                  label: t('news.noResult.clear'),
                  onClear: () => send({ type: 'list.clear' }),
                },
              }
            : null
      }
      pagination={
        view.rows.length > 0
          ? {
              label: t('news.pagination'),
              page: view.query.page,
              pageCount: view.pageCount,
              total: view.total,
              rowsPerPage: view.query.size,
              pageSizes: NEWS_PAGE_SIZES,
              onPage: (page) => send({ type: 'list.page', page }),
              onRowsPerPage: (size) => send({ type: 'list.size', size }),
            }
          : null
      }
      dialogs={
        <>
          {view.editor && <NewsEditorDialog editor={view.editor} currency={currency} />}
          <ConfirmDialog
            destructive={confirm?.action !== 'restart'}
            open={confirm !== null}
            loading={view.isActing}
            title={confirm ? t(`news.confirm.${confirm.action}.title` as MessageId) : ''}
            description={
              confirm && (
                <>
                  {t(`news.confirm.${confirm.action}.description` as MessageId, { name: confirm.item.name })}
                  {view.conflicts.length > 0 && (
                    <span role="alert" className={styles.conflicts}>
                      {t('news.errors.limitReached', { max: view.maxConcurrent })}
                      <ConflictList inline conflicts={view.conflicts} />
                    </span>
                  )}
                </>
              )
            }
            confirmLabel={confirm ? t(`news.actions.${confirm.action}` as MessageId) : undefined}
            cancelLabel={t('common.cancel')}
            onConfirm={() => send({ type: 'dialog.confirm' })}
            onOpenChange={(open) => {
              if (!open && !view.isActing) send({ type: 'dialog.cancel' })
            }}
          />
        </>
      }
    >
      <Table.Root aria-busy={view.isLoading || undefined}>
        <Table.Caption className={styles.srOnly}>{title}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{t('news.columns.name')}</Table.Header>
            <Table.Header scope="col">{t('news.columns.type')}</Table.Header>
            <Table.Header scope="col">{t('news.columns.period')}</Table.Header>
            <Table.Header scope="col">{t('news.columns.stores')}</Table.Header>
            <Table.Header scope="col">{t('news.columns.status')}</Table.Header>
            <Table.Header scope="col" data-align="end">
              <span className={styles.srOnly}>{t('news.columns.actions')}</span>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body className={view.isRefreshing ? styles.refreshing : undefined}>
          {view.rows.map((row) => (
            <NewsRow key={row.id} row={row} stores={view.stores} listed={view.listed} send={send} />
          ))}
        </Table.Body>
      </Table.Root>
    </PagedListPage>
  )
}

function NewsRow({
  row,
  stores,
  listed,
  send,
}: {
  row: NewsItem
  stores: readonly { id: string; name: string }[]
  listed: NewsListed
  send: (event: NewsPageEvent) => void
}) {
  const clock = useClock()
  const intl = useIntl()
  const t = useT()
  // Local days: formatted at noon UTC in UTC, so no zone moves them to another day.
  const day = (d: string) => clock.day(d, { dateStyle: 'medium' })
  const storeNames = row.storeIds.map((id) => stores.find((s) => s.id === id)?.name ?? '…')
  return (
    <Table.Row>
      <Table.Cell>
        <span className={styles.name}>{row.name}</span>
        {row.priceCents !== null && (
          <span className={styles.muted}>
            {intl.formatNumber(row.priceCents / 100, { style: 'currency', currency: row.currencyCode })}
          </span>
        )}
      </Table.Cell>
      <Table.Cell>
        {t(`news.type.${row.type}` as MessageId)}
        {row.happyHourStart && row.happyHourEnd && (
          <span className={styles.muted}>
            {t('news.slot', { start: row.happyHourStart, end: row.happyHourEnd })}
          </span>
        )}
      </Table.Cell>
      <Table.Cell>{t('news.period', { start: day(row.startDate), end: day(row.endDate) })}</Table.Cell>
      <Table.Cell>{storeNames.length ? storeNames.join(', ') : t('news.allStores')}</Table.Cell>
      <Table.Cell>
        <Badge tone={NEWS_STATUS_TONE[row.status]}>{t(`news.status.${row.status}` as MessageId)}</Badge>
      </Table.Cell>
      <Table.Cell data-align="end">
        {row.canEdit && (
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="ghost"
              tone="neutral"
              aria-label={t('news.actions.editNamed', { name: row.name })}
              onClick={() => send({ type: 'news.edit', item: row, listed })}
            >
              {t('news.actions.edit')}
            </Button>
            {row.isStopped ? (
              <Button
                size="sm"
                variant="ghost"
                tone="neutral"
                aria-label={t('news.actions.restartNamed', { name: row.name })}
                onClick={() => send({ type: 'news.restart', item: row })}
              >
                {t('news.actions.restart')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                tone="neutral"
                aria-label={t('news.actions.stopNamed', { name: row.name })}
                onClick={() => send({ type: 'news.stop', item: row })}
              >
                {t('news.actions.stop')}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              tone="danger"
              aria-label={t('news.actions.deleteNamed', { name: row.name })}
              onClick={() => send({ type: 'news.delete', item: row })}
            >
              {t('news.actions.delete')}
            </Button>
          </div>
        )}
      </Table.Cell>
    </Table.Row>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '6xl', mx: 'auto', w: 'full' }),
  notice: css({ p: '4', borderWidth: '1px', borderRadius: 'l3', bg: 'bg.subtle' }),
  srOnly: css({ srOnly: true }),
  actions: css({ display: 'flex', gap: '1', justifyContent: 'flex-end', flexWrap: 'wrap' }),
  refreshing: css({ opacity: 0.55, transition: 'opacity {durations.normal}' }),
  name: css({ fontWeight: 'semibold', display: 'block' }),
  muted: css({ display: 'block', color: 'fg.muted', textStyle: 'sm' }),
  conflicts: css({ display: 'block', mt: '3', color: 'danger.text' }),
}
