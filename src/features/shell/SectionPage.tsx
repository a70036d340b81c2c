import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { NavItem } from '../../domain/navigation'
import { InboxIcon, NavIcon } from '../../ui/shell/icons'

/**
 * A section whose screens come with a later issue: its title and an honest empty state. Nothing is
 * made up: no sample numbers, no mock rows.
 */
export function SectionPage({ entry }: { entry: NavItem }) {
  const intl = useIntl()
  const title = intl.formatMessage({ id: entry.messageId })
  return (
    <div className={styles.page}>
      <title>{`${title} · ${intl.formatMessage({ id: 'app.name' })}`}</title>
      <header className={styles.header}>
        <span className={styles.badge} aria-hidden="true">
          <NavIcon name={entry.icon} />
        </span>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <section className={styles.empty} aria-labelledby="section-empty-title">
        <span className={styles.emptyIcon} aria-hidden="true">
          <InboxIcon />
        </span>
        <h2 id="section-empty-title" className={styles.emptyTitle}>
          {intl.formatMessage({ id: 'shell.emptyState.title' })}
        </h2>
        <p className={styles.emptyText}>{intl.formatMessage({ id: 'shell.emptyState.description' })}</p>
      </section>
    </div>
  )
}

const styles = {
  page: css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '7xl', mx: 'auto', w: 'full' }),
  header: css({ display: 'flex', alignItems: 'center', gap: '3.5' }),
  badge: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '10',
    height: '10',
    borderRadius: 'l3',
    bg: 'accent.subtle',
    color: 'accent.text',
    '& svg': { width: '5', height: '5' },
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold', color: 'fg.default' }),
  empty: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: '2',
    px: '6',
    py: { base: '12', md: '20' },
    bg: 'bg.default',
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'border.emphasized',
    borderRadius: 'l4',
  }),
  emptyIcon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '14',
    height: '14',
    mb: '2',
    borderRadius: 'full',
    bg: 'bg.subtle',
    color: 'fg.subtle',
    '& svg': { width: '7', height: '7' },
  }),
  emptyTitle: css({ textStyle: 'lg', fontWeight: 'semibold', color: 'fg.default' }),
  emptyText: css({ color: 'fg.muted', maxW: 'md' }),
}
