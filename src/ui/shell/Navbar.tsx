import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import { Link } from 'wouter'
import type { NavEntry, NavItem } from '../../domain/navigation'
import { BrandMark } from '../BrandMark'
import { ChevronsIcon } from './icons'
import { NavList } from './NavList'

export const NAVBAR_ID = 'shell-navbar'

export interface NavbarProps {
  entries: readonly NavEntry[]
  current: NavItem | null
  folded: boolean
  direction: 'ltr' | 'rtl'
  onToggle: () => void
}

/**
 * The left navbar of the vertical layout (§1, §9): 64 px with icons and tooltips when folded, 280 px
 * with labels when not. Hidden under 960 px, where the toolbar opens the same entries in a drawer.
 */
export function Navbar({ entries, current, folded, direction, onToggle }: NavbarProps) {
  const intl = useIntl()
  return (
    <nav
      id={NAVBAR_ID}
      aria-label={intl.formatMessage({ id: 'shell.nav.label' })}
      className={cx(styles.navbar, folded ? styles.folded : styles.unfolded)}
      data-folded={folded || undefined}
    >
      <div className={styles.header}>
        {/* Named with the product's name it shows (WCAG 2.5.3), the stamp alone when folded. */}
        <Link
          href="/"
          className={styles.home}
          aria-label={intl.formatMessage(
            { id: 'shell.nav.home' },
            { app: intl.formatMessage({ id: 'app.name' }) },
          )}
        >
          <BrandMark className={folded ? styles.brandFolded : undefined} />
        </Link>
      </div>
      <div className={styles.scroll}>
        <NavList
          entries={entries}
          current={current}
          folded={folded}
          tooltipSide={direction === 'rtl' ? 'left' : 'right'}
        />
      </div>
      <div className={styles.footer}>
        <button
          type="button"
          className={cx(styles.toggle, folded && styles.toggleFolded)}
          aria-expanded={!folded}
          aria-controls={NAVBAR_ID}
          // Named by what it does, the words it shows when unfolded (WCAG 2.5.3); the icon alone when folded.
          aria-label={intl.formatMessage({ id: folded ? 'shell.nav.unfold' : 'shell.nav.fold' })}
          title={intl.formatMessage({ id: folded ? 'shell.nav.unfold' : 'shell.nav.fold' })}
          onClick={onToggle}
        >
          <ChevronsIcon className={cx(styles.toggleIcon, folded && styles.toggleIconFolded)} />
          {!folded && (
            <span aria-hidden="true" className={styles.toggleText}>
              {intl.formatMessage({ id: 'shell.nav.fold' })}
            </span>
          )}
        </button>
      </div>
    </nav>
  )
}

/** Below this width the navbar gives way to the toolbar's drawer (the CSS below says the same). */
export const NAVBAR_HIDDEN = '(max-width: 959.98px)'

const styles = {
  navbar: css({
    position: 'sticky',
    top: '0',
    height: '100dvh',
    flexShrink: '0',
    display: 'flex',
    flexDirection: 'column',
    bg: 'bg.default',
    borderInlineEndWidth: '1px',
    transitionProperty: 'width',
    transitionDuration: 'normal',
    transitionTimingFunction: 'default',
    overflow: 'hidden',
    zIndex: 20,
    '@media (max-width: 959.98px)': { display: 'none' },
  }),
  // §9: 280 unfolded, 64 folded.
  unfolded: css({ width: '280px' }),
  folded: css({ width: '64px' }),
  header: css({
    display: 'flex',
    alignItems: 'center',
    h: '16',
    px: '3.5',
    flexShrink: '0',
    borderBottomWidth: '1px',
    '[data-folded] &': { justifyContent: 'center', px: '0' },
  }),
  home: css({
    display: 'inline-flex',
    borderRadius: 'l2',
    color: 'fg.default',
    textDecoration: 'none',
    outline: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  }),
  // The name goes when folded; the stamp stays.
  brandFolded: css({ '& > span:last-of-type': { display: 'none' } }),
  scroll: css({ flex: '1', overflowY: 'auto', overflowX: 'hidden', px: '3', py: '4' }),
  footer: css({ flexShrink: '0', borderTopWidth: '1px', p: '3' }),
  toggle: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    w: 'full',
    h: '10',
    px: '3',
    borderRadius: 'l2',
    color: 'fg.muted',
    cursor: 'pointer',
    fontWeight: 'medium',
    outline: 'none',
    _hover: { bg: 'bg.subtle', color: 'fg.default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '-2px' },
  }),
  toggleFolded: css({ justifyContent: 'center', px: '0' }),
  toggleIcon: css({
    width: '5',
    height: '5',
    flexShrink: '0',
    transition: 'transform {durations.normal}',
    _rtl: { transform: 'scaleX(-1)' },
  }),
  toggleIconFolded: css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } }),
  toggleText: css({ whiteSpace: 'nowrap' }),
}
