import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import type { NavEntry, NavGroup, NavItem } from '../../domain/navigation'
import { ChevronDownIcon, NavIcon } from './icons'
import { menuStyles } from './menuStyles'

/** The horizontal layout's navigation (§1): the same entries in a bar under the toolbar; groups open menus. */
export function TopNav({ entries, current }: { entries: readonly NavEntry[]; current: NavItem | null }) {
  const intl = useIntl()
  return (
    <nav aria-label={intl.formatMessage({ id: 'shell.nav.label' })} className={styles.bar}>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.kind === 'item' ? (
              <Link
                href={entry.path}
                className={styles.link}
                aria-current={current?.id === entry.id ? 'page' : undefined}
              >
                <NavIcon name={entry.icon} className={styles.icon} />
                {intl.formatMessage({ id: entry.messageId })}
              </Link>
            ) : (
              <GroupMenu group={entry} current={current} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

function GroupMenu({ group, current }: { group: NavGroup; current: NavItem | null }) {
  const intl = useIntl()
  const [, navigate] = useLocation()
  const active = group.children.some((c) => c.id === current?.id)
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-start', gutter: 6 }}
      onSelect={(d) => {
        const item = group.children.find((c) => c.id === d.value)
        if (item) navigate(item.path)
      }}
    >
      <Menu.Trigger className={cx(styles.link, styles.trigger)} data-active={active || undefined}>
        <NavIcon name={group.icon} className={styles.icon} />
        {intl.formatMessage({ id: group.messageId })}
        <ChevronDownIcon className={styles.chevron} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner className={menuStyles.positioner}>
          <Menu.Content className={menuStyles.content}>
            {group.children.map((item) => (
              <Menu.Item
                key={item.id}
                value={item.id}
                className={menuStyles.item}
                aria-current={current?.id === item.id ? 'page' : undefined}
              >
                <NavIcon name={item.icon} className={menuStyles.itemIcon} />
                {intl.formatMessage({ id: item.messageId })}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

const styles = {
  bar: css({
    bg: 'bg.default',
    borderBottomWidth: '1px',
    px: { base: '4', md: '6' },
    overflowX: 'auto',
    '@media (max-width: 959.98px)': { display: 'none' },
  }),
  list: css({ display: 'flex', alignItems: 'center', gap: '1', listStyle: 'none', m: '0', py: '2' }),
  link: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    h: '9',
    px: '3',
    borderRadius: 'l2',
    color: 'fg.muted',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    outline: 'none',
    _hover: { bg: 'bg.subtle', color: 'fg.default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-2px' },
    '&[aria-current=page], &[data-active]': {
      bg: 'accent.subtle',
      color: 'accent.text',
      fontWeight: 'semibold',
    },
  }),
  trigger: css({ bg: 'transparent' }),
  icon: css({ width: '4.5', height: '4.5', flexShrink: '0' }),
  chevron: css({ width: '4', height: '4', opacity: 0.7 }),
}
