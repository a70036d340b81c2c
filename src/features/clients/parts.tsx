// Small parts of the client screens: badges, the empty and error panels, a select (one or several
// values, Ark UI) and the pagination.
import { createListCollection, Select } from '@ark-ui/react/select'
import { type ReactNode, useId, useMemo } from 'react'
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { Button } from '../../ui/Button'
import { ErrorCircleIcon } from '../../ui/icons'
import { ChevronDownIcon, InboxIcon } from '../../ui/shell/icons'
import { SelectOptions } from '../../ui/shell/SelectOptions'

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info'

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  )
}

export const clientTypeTone = (type: string): BadgeTone =>
  type === 'LOST_CUSTOMER' ? 'danger' : type === 'NEW_CUSTOMER' ? 'info' : 'success'

/** An empty list, said plainly, with what can be done about it. */
export function EmptyPanel({
  title,
  description,
  action,
}: {
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
}) {
  const id = useId()
  return (
    <section className={styles.empty} aria-labelledby={id}>
      <span className={styles.emptyIcon} aria-hidden="true">
        <InboxIcon />
      </span>
      <h2 id={id} className={styles.emptyTitle}>
        {title}
      </h2>
      {description && <p className={styles.emptyText}>{description}</p>}
      {action}
    </section>
  )
}

/** A failure with its retry (§8 "retry buttons offered"). */
export function ErrorPanel({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  const intl = useIntl()
  return (
    <div role="alert" className={styles.error}>
      <ErrorCircleIcon className={styles.errorIcon} />
      <p className={styles.errorText}>{message}</p>
      {onRetry && (
        <Button size="sm" variant="outline" tone="neutral" onClick={onRetry}>
          {intl.formatMessage({ id: 'common.retry' })}
        </Button>
      )}
    </div>
  )
}

export type Option = { value: string; label: string }

export interface SelectFieldProps {
  label: string
  options: readonly Option[]
  value: readonly string[]
  onChange: (value: string[]) => void
  /** Several values may be chosen (the list's acquired-from and client-type filters). */
  multiple?: boolean
  placeholder?: string
  className?: string
}

/** A labelled Ark UI select: the trigger is a combobox named by the label, the items are options. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  multiple = false,
  placeholder,
  className,
}: SelectFieldProps) {
  const collection = useMemo(
    () =>
      createListCollection({
        items: [...options],
        itemToValue: (o) => o.value,
        itemToString: (o) => o.label,
      }),
    [options],
  )
  return (
    <Select.Root
      collection={collection}
      multiple={multiple}
      value={[...value]}
      onValueChange={(d) => onChange(d.value)}
      positioning={{ sameWidth: true, gutter: 4 }}
      // A multiple select stays open while choosing; a single one closes on a choice.
      closeOnSelect={!multiple}
      className={cx(styles.select, className)}
    >
      <Select.Label className={styles.label}>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger className={styles.trigger}>
          <Select.ValueText className={styles.value} placeholder={placeholder} />
          <Select.Indicator className={styles.indicator}>
            <ChevronDownIcon />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <SelectOptions
        items={collection.items}
        itemKey={(item) => item.value}
        itemLabel={(item) => item.label}
      />
      <Select.HiddenSelect />
    </Select.Root>
  )
}

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

export const styles = {
  badge: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    textStyle: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    bg: 'bg.subtle',
    color: 'fg.muted',
    '&[data-tone=accent]': { bg: 'accent.subtle', color: 'accent.text' },
    '&[data-tone=success]': { bg: 'success.subtle', color: 'success.text' },
    '&[data-tone=warning]': { bg: 'warning.subtle', color: 'warning.text' },
    '&[data-tone=danger]': { bg: 'danger.subtle', color: 'danger.text' },
    '&[data-tone=info]': { bg: 'info.subtle', color: 'info.text' },
  }),
  empty: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: '2',
    px: '6',
    py: { base: '10', md: '14' },
  }),
  emptyIcon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '12',
    height: '12',
    mb: '1',
    borderRadius: 'full',
    bg: 'bg.subtle',
    color: 'fg.subtle',
    '& svg': { width: '6', height: '6' },
  }),
  emptyTitle: css({ textStyle: 'md', fontWeight: 'semibold', color: 'fg.default' }),
  emptyText: css({ color: 'fg.muted', maxW: 'md', textStyle: 'sm', mb: '2' }),
  error: css({
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '3',
    px: '4',
    py: '3',
    borderRadius: 'l3',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    color: 'danger.text',
  }),
  errorIcon: css({ width: '5', height: '5', flexShrink: '0' }),
  errorText: css({ flex: '1', minW: '48', fontWeight: 'medium' }),
  select: css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' }),
  label: css({ textStyle: 'sm', fontWeight: 'medium', color: 'fg.default' }),
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    w: 'full',
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l2',
    bg: 'bg.default',
    color: 'fg.default',
    textAlign: 'start',
    cursor: 'pointer',
    outline: 'none',
    _hover: { borderColor: 'border.emphasized' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '1px' },
    '&[data-placeholder-shown]': { color: 'fg.subtle' },
  }),
  value: css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minW: '0' }),
  indicator: css({
    display: 'inline-flex',
    color: 'fg.subtle',
    flexShrink: '0',
    '& svg': { width: '4', height: '4' },
    _open: { transform: 'rotate(180deg)' },
  }),
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
