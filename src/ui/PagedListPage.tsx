// The page around a paged list (clients, owners, merchants; campaigns, news and games to come): the
// title with its count and actions, the filters, then the list region — the failure with its retry, an
// empty panel, or the rows with their pages. It renders what its page passes (from the list machine's
// view) and sends nothing itself: the page wires each callback to an event.
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from './Button'
import { ClockZoneNote } from './i18n/clock'
import { Pagination, type PaginationProps } from './Pagination'
import { EmptyPanel, ErrorPanel } from './Panels'

/** What the empty panel says, what can be done (create…), and the way back to the whole list. */
export interface EmptyList {
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
  /** Clear the search or the filters that found nothing. */
  clear?: { label: ReactNode; onClear: () => void }
}

export interface PagedListPageProps {
  title: string
  /** The document title; none when the list sits inside another page. */
  documentTitle?: string
  /** h1 for a page of its own, h2 for a list embedded in another page. */
  headingLevel?: 1 | 2
  /** Under the title: the count, or that the list is loading. */
  subtitle?: ReactNode
  /** The header's actions (create…). */
  actions?: ReactNode
  /** A note between the header and the filters (what is missing before the list can be used). */
  notice?: ReactNode
  /** The search field, or a filter bar holding it. */
  filters?: ReactNode
  /** The load failed: its message and the retry; shown instead of the list. */
  error?: { message: ReactNode; onRetry: () => void } | null
  /** Nothing to list (none yet, or none for the search): shown instead of the rows. */
  empty?: EmptyList | null
  /** The rows (a table) while neither the failure nor the empty panel is shown. */
  children: ReactNode
  /** The pages under the rows; none while there is nothing to page. */
  pagination?: PaginationProps | null
  /** The page's dialogs (create, confirm…), rendered after the list. */
  dialogs?: ReactNode
  /** The page's width and placement (a max width, centred). */
  className?: string
}

export function PagedListPage({
  title,
  documentTitle,
  headingLevel = 1,
  subtitle,
  actions,
  notice,
  filters,
  error,
  empty,
  children,
  pagination,
  dialogs,
  className,
}: PagedListPageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <div className={cx(styles.page, className)}>
      {documentTitle && <title>{documentTitle}</title>}
      <header className={styles.header}>
        <div>
          <Heading className={styles.title}>{title}</Heading>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          <ClockZoneNote />
        </div>
        {/* One group: given as a fragment, each action became a flex item of the header, and
            space-between floated the first ones mid-title (issue 34). */}
        {actions && <div className={styles.headerActions}>{actions}</div>}
      </header>
      {notice}
      {filters}
      {error ? (
        <ErrorPanel message={error.message} onRetry={error.onRetry} />
      ) : empty ? (
        <div className={styles.panel}>
          <EmptyPanel
            title={empty.title}
            description={empty.description}
            action={
              (empty.action || empty.clear) && (
                <div className={styles.actions}>
                  {empty.action}
                  {empty.clear && (
                    <Button variant="outline" tone="neutral" onClick={empty.clear.onClear}>
                      {empty.clear.label}
                    </Button>
                  )}
                </div>
              )
            }
          />
        </div>
      ) : (
        <div className={styles.rows}>
          {children}
          {pagination && <Pagination {...pagination} />}
        </div>
      )}
      {dialogs}
    </div>
  )
}

/** The filter box a plain search field sits in (a page with more filters lays out its own bar). */
export const pagedListFilters = css({
  p: '4',
  bg: 'bg.default',
  borderWidth: '1px',
  borderRadius: 'l3',
  maxW: { lg: 'md' },
})

/** The page and its header, for a page that is not a list but looks like one (a franchise's panel). */
export const pageStyles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '5', w: 'full' }),
  header: css({
    display: 'flex',
    alignItems: { base: 'flex-start', sm: 'center' },
    justifyContent: 'space-between',
    flexDirection: { base: 'column', sm: 'row' },
    gap: '3',
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  subtitle: css({ color: 'fg.muted', textStyle: 'sm', mt: '0.5' }),
  headerActions: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', flexShrink: '0' }),
}

const styles = {
  ...pageStyles,
  panel: css({ bg: 'bg.default', borderWidth: '1px', borderRadius: 'l3' }),
  rows: css({ overflowX: 'auto' }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' }),
}
