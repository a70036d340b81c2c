// The pages of a long list: the range shown, previous/next, the page numbers and the rows per page.
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from './Button'

/** The page numbers to show: first, last, and the current one with its neighbours; gaps as null. */
export function pageItems(page: number, count: number): (number | null)[] {
  const pages = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count))
  const sorted = [...pages].sort((a, b) => a - b)
  const items: (number | null)[] = []
  for (const p of sorted) {
    const last = items.at(-1)
    if (typeof last === 'number' && p - last === 2) items.push(last + 1)
    else if (typeof last === 'number' && p - last > 2) items.push(null)
    items.push(p)
  }
  return items
}

export interface PaginationProps {
  /** Names the navigation landmark ("Pages of the client list"). */
  label: string
  page: number
  pageCount: number
  total: number
  /** `total` is "at least" (a broad search): shown as "1,000+". */
  totalIsLowerBound?: boolean
  rowsPerPage: number
  onPage: (page: number) => void
  /** With the rows-per-page choice (§9: 5 or 10). */
  pageSizes?: readonly number[]
  onRowsPerPage?: (rows: number) => void
  disabled?: boolean
}

export function Pagination({
  label,
  page,
  pageCount,
  total,
  totalIsLowerBound = false,
  rowsPerPage,
  onPage,
  pageSizes,
  onRowsPerPage,
  disabled = false,
}: PaginationProps) {
  const intl = useIntl()
  const sizeId = useId()
  const first = total === 0 ? 0 : (page - 1) * rowsPerPage + 1
  const last = Math.min(total, page * rowsPerPage)
  return (
    <div className={styles.pagination}>
      {pageSizes && onRowsPerPage && (
        <div className={styles.rows}>
          <label htmlFor={sizeId}>{intl.formatMessage({ id: 'pages.clients.pagination.rowsPerPage' })}</label>
          <select
            id={sizeId}
            className={styles.nativeSelect}
            value={rowsPerPage}
            onChange={(e) => onRowsPerPage(Number(e.currentTarget.value))}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className={styles.range} aria-live="polite">
        {intl.formatMessage(
          { id: 'pages.clients.pagination.range' },
          {
            first: intl.formatNumber(first),
            last: intl.formatNumber(last),
            total: `${intl.formatNumber(total)}${totalIsLowerBound ? '+' : ''}`,
          },
        )}
      </p>
      <nav aria-label={label} className={styles.pages}>
        <Button
          size="sm"
          variant="ghost"
          tone="neutral"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {intl.formatMessage({ id: 'pages.clients.pagination.previous' })}
        </Button>
        {pageItems(page, pageCount).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
            <span key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={p}
              size="sm"
              iconOnly
              variant={p === page ? 'solid' : 'ghost'}
              tone={p === page ? 'accent' : 'neutral'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={intl.formatMessage({ id: 'pages.clients.pagination.page' }, { page: p })}
              disabled={disabled}
              onClick={() => p !== page && onPage(p)}
            >
              {intl.formatNumber(p)}
            </Button>
          ),
        )}
        <Button
          size="sm"
          variant="ghost"
          tone="neutral"
          disabled={disabled || page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          {intl.formatMessage({ id: 'pages.clients.pagination.next' })}
        </Button>
      </nav>
    </div>
  )
}

const styles = {
  pagination: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: { base: '3', md: '5' },
    pt: '3',
    textStyle: 'sm',
    color: 'fg.muted',
  }),
  rows: css({ display: 'flex', alignItems: 'center', gap: '2' }),
  nativeSelect: css({
    h: '8',
    px: '2',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
  }),
  range: css({ fontVariantNumeric: 'tabular-nums' }),
  pages: css({ display: 'flex', alignItems: 'center', gap: '1' }),
  gap: css({ px: '1', color: 'fg.subtle' }),
}
