// The two states a list or page shows instead of its content: nothing there yet, or a failure.
import { type ReactNode, useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from './Button'
import { ErrorCircleIcon } from './icons'
import { InboxIcon } from './shell/icons'

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

const styles = {
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
}
