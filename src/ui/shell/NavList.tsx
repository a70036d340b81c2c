import { Portal } from '@ark-ui/react/portal'
import { Tooltip } from '@ark-ui/react/tooltip'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import type { NavEntry, NavGroup, NavItem } from '../../domain/navigation'
import { NavIcon } from './icons'

export interface NavListProps {
  entries: readonly NavEntry[]
  current: NavItem | null
  /** Icons only (64 px navbar): labels stay for screen readers and show as tooltips. */
  folded?: boolean
  /** Which side tooltips open on (the navbar's outer side). */
  tooltipSide?: 'left' | 'right'
  /** Called after a link is followed (the small-screen drawer closes). */
  onNavigate?: () => void
}

/** The side navigation's entries (§2): links, and groups with a heading. */
export function NavList({
  entries,
  current,
  folded = false,
  tooltipSide = 'right',
  onNavigate,
}: NavListProps) {
  return (
    <ul className={styles.list} data-folded={folded || undefined}>
      {entries.map((entry) =>
        entry.kind === 'item' ? (
          <li key={entry.id}>
            <NavLink
              item={entry}
              current={current?.id === entry.id}
              folded={folded}
              tooltipSide={tooltipSide}
              onNavigate={onNavigate}
            />
          </li>
        ) : (
          <Group
            key={entry.id}
            group={entry}
            current={current}
            folded={folded}
            tooltipSide={tooltipSide}
            onNavigate={onNavigate}
          />
        ),
      )}
    </ul>
  )
}

function Group({
  group,
  current,
  folded,
  tooltipSide,
  onNavigate,
}: {
  group: NavGroup
  current: NavItem | null
  folded: boolean
  tooltipSide: 'left' | 'right'
  onNavigate: (() => void) | undefined
}) {
  const intl = useIntl()
  const id = useId()
  return (
    <li className={styles.group}>
      <span id={id} className={cx(styles.groupLabel, folded && styles.srOnly)}>
        {intl.formatMessage({ id: group.messageId })}
      </span>
      {folded && <span className={styles.divider} aria-hidden="true" />}
      <ul className={styles.list} aria-labelledby={id}>
        {group.children.map((item) => (
          <li key={item.id}>
            <NavLink
              item={item}
              current={current?.id === item.id}
              folded={folded}
              tooltipSide={tooltipSide}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </li>
  )
}

function NavLink({
  item,
  current,
  folded,
  tooltipSide,
  onNavigate,
}: {
  item: NavItem
  current: boolean
  folded: boolean
  tooltipSide: 'left' | 'right'
  onNavigate: (() => void) | undefined
}) {
  const intl = useIntl()
  const label = intl.formatMessage({ id: item.messageId })
  const link = (
    <Link
      href={item.path}
      className={cx(styles.link, folded && styles.linkFolded)}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
    >
      <NavIcon name={item.icon} className={styles.icon} />
      {/* Hidden, not removed, when folded: the link keeps its accessible name. */}
      <span className={folded ? styles.srOnly : styles.label}>{label}</span>
    </Link>
  )
  if (!folded) return link
  return (
    <Tooltip.Root openDelay={150} closeDelay={0} positioning={{ placement: tooltipSide, gutter: 10 }}>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner className={styles.tooltipPositioner}>
          <Tooltip.Content className={styles.tooltip}>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  )
}

const styles = {
  list: css({ display: 'flex', flexDirection: 'column', gap: '0.5', listStyle: 'none', m: '0', p: '0' }),
  group: css({ display: 'flex', flexDirection: 'column', gap: '0.5', mt: '3' }),
  groupLabel: css({
    px: '3',
    pb: '1',
    textStyle: 'xs',
    fontWeight: 'semibold',
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
    color: 'fg.subtle',
  }),
  divider: css({ display: 'block', mx: '3', mb: '2', borderTopWidth: '1px' }),
  link: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    h: '10',
    px: '3',
    borderRadius: 'l2',
    color: 'fg.muted',
    fontWeight: 'medium',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    outline: 'none',
    transitionProperty: 'background, color',
    transitionDuration: 'fast',
    _hover: { bg: 'bg.subtle', color: 'fg.default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-2px' },
    '&[aria-current=page]': {
      bg: 'accent.subtle',
      color: 'accent.text',
      fontWeight: 'semibold',
      _hover: { bg: 'accent.subtleHover' },
    },
  }),
  linkFolded: css({ justifyContent: 'center', px: '0', w: '10', mx: 'auto' }),
  icon: css({ flexShrink: '0', width: '5', height: '5' }),
  label: css({ overflow: 'hidden', textOverflow: 'ellipsis' }),
  srOnly: css({ srOnly: true }),
  tooltipPositioner: css({ zIndex: 1800 }),
  tooltip: css({
    bg: 'neutral.solid',
    color: 'neutral.contrast',
    textStyle: 'xs',
    fontWeight: 'medium',
    px: '2.5',
    py: '1.5',
    borderRadius: 'l2',
    boxShadow: 'md',
    _open: { animation: 'fade-in {durations.fast} {easings.default}' },
  }),
}
