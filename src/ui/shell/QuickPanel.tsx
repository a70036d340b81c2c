import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { findItem, type NavEntry, type NavItem, navItems } from '../../domain/navigation'
import { useFormatDate } from '../i18n/IntlProvider'
import { CalendarIcon, NavIcon, StarIcon } from './icons'
import { SideDrawer, useCloseDrawer } from './SideDrawer'

/**
 * §9 "Default shortcuts calendar and contacts": the template's names. Contacts are the client list
 * here; the calendar is the date at the top of the panel, so it needs no link.
 */
export const DEFAULT_SHORTCUTS = ['calendar', 'contacts'] as const
const ALIASES: Record<string, string> = { contacts: 'clients' }

/** The shortcuts the user may follow: entries named by id or path in the settings, in their order. */
export function resolveShortcuts(
  shortcuts: readonly string[] | undefined,
  entries: readonly NavEntry[],
): NavItem[] {
  const out: NavItem[] = []
  for (const key of shortcuts ?? DEFAULT_SHORTCUTS) {
    const item = findItem(entries, ALIASES[key] ?? key)
    if (item && !out.includes(item)) out.push(item)
  }
  return out
}

export interface QuickPanelProps {
  entries: readonly NavEntry[]
  shortcuts: readonly string[] | undefined
  /** Today (a fixed date in stories and tests). */
  today?: Date
  trigger?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The right quick panel (§1): today's date, the user's shortcuts and links to every visible entry. */
export function QuickPanel({
  entries,
  shortcuts,
  today,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
}: QuickPanelProps) {
  const intl = useIntl()
  const formatDate = useFormatDate()
  const date = today ?? new Date()
  const items = navItems(entries)
  const favourites = resolveShortcuts(shortcuts, entries)
  return (
    <SideDrawer
      side="end"
      title={intl.formatMessage({ id: 'shell.quickPanel.title' })}
      trigger={trigger}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      width={340}
    >
      <div className={styles.sections}>
        <section aria-labelledby="quick-today" className={styles.today}>
          <h3 id="quick-today" className={styles.heading}>
            {intl.formatMessage({ id: 'shell.quickPanel.today' })}
          </h3>
          <div className={styles.dateCard}>
            <CalendarIcon className={styles.dateIcon} />
            <div>
              <p className={styles.dateLong}>
                {intl.formatDate(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
              </p>
              <p className={styles.dateShort}>
                <time dateTime={date.toISOString().slice(0, 10)}>{formatDate(date)}</time>
              </p>
            </div>
          </div>
        </section>
        <section aria-labelledby="quick-shortcuts">
          <h3 id="quick-shortcuts" className={styles.heading}>
            {intl.formatMessage({ id: 'shell.quickPanel.shortcuts' })}
          </h3>
          {favourites.length === 0 ? (
            <p className={styles.empty}>{intl.formatMessage({ id: 'shell.quickPanel.noShortcuts' })}</p>
          ) : (
            <LinkList items={favourites} starred />
          )}
        </section>
        <section aria-labelledby="quick-links">
          <h3 id="quick-links" className={styles.heading}>
            {intl.formatMessage({ id: 'shell.quickPanel.links' })}
          </h3>
          <LinkList items={items} />
        </section>
      </div>
    </SideDrawer>
  )
}

function LinkList({ items, starred = false }: { items: NavItem[]; starred?: boolean }) {
  const intl = useIntl()
  const close = useCloseDrawer()
  return (
    <ul className={styles.links}>
      {items.map((item) => (
        <li key={item.id}>
          <Link href={item.path} className={styles.link} onClick={close}>
            <span className={styles.linkIcon}>{starred ? <StarIcon /> : <NavIcon name={item.icon} />}</span>
            {intl.formatMessage({ id: item.messageId })}
          </Link>
        </li>
      ))}
    </ul>
  )
}

const styles = {
  sections: css({ display: 'flex', flexDirection: 'column', gap: '7' }),
  today: css({}),
  heading: css({
    mb: '2.5',
    textStyle: 'xs',
    fontWeight: 'semibold',
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
    color: 'fg.subtle',
  }),
  dateCard: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3.5',
    p: '4',
    borderRadius: 'l3',
    bg: 'accent.subtle',
    color: 'accent.text',
  }),
  dateIcon: css({ width: '7', height: '7', flexShrink: '0' }),
  dateLong: css({
    fontWeight: 'semibold',
    textStyle: 'md',
    color: 'fg.default',
    _firstLetter: { textTransform: 'uppercase' },
  }),
  dateShort: css({ textStyle: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' }),
  empty: css({ color: 'fg.muted' }),
  links: css({ display: 'flex', flexDirection: 'column', gap: '0.5', listStyle: 'none', m: '0', p: '0' }),
  link: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minH: '10',
    px: '2.5',
    borderRadius: 'l2',
    color: 'fg.default',
    fontWeight: 'medium',
    textDecoration: 'none',
    outline: 'none',
    _hover: { bg: 'bg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-2px' },
  }),
  linkIcon: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '8',
    height: '8',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    color: 'fg.muted',
    '& svg': { width: '4.5', height: '4.5' },
  }),
}
