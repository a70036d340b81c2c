import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { NavEntry, NavItem } from '../../domain/navigation'
import { BrandMark } from '../BrandMark'
import { MenuIcon } from './icons'
import { toolbarIconButton } from './menuStyles'
import { NavList } from './NavList'
import { SideDrawer, useCloseDrawer } from './SideDrawer'

export interface MobileNavProps {
  entries: readonly NavEntry[]
  current: NavItem | null
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
}

/** Under 960 px the navbar is a temporary drawer (§1), opened from the toolbar's menu button. */
export function MobileNav({ entries, current, open, defaultOpen, onOpenChange }: MobileNavProps) {
  const intl = useIntl()
  return (
    <SideDrawer
      side="start"
      width={300}
      title={intl.formatMessage({ id: 'shell.nav.label' })}
      header={
        <SideDrawer.Title className={styles.title}>
          <BrandMark />
          <span className={styles.srOnly}>{intl.formatMessage({ id: 'shell.nav.label' })}</span>
        </SideDrawer.Title>
      }
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      trigger={
        <button
          type="button"
          className={`${toolbarIconButton} ${styles.trigger}`}
          aria-label={intl.formatMessage({ id: 'shell.nav.open' })}
        >
          <MenuIcon />
        </button>
      }
    >
      <DrawerNav entries={entries} current={current} />
    </SideDrawer>
  )
}

function DrawerNav({ entries, current }: { entries: readonly NavEntry[]; current: NavItem | null }) {
  const intl = useIntl()
  const close = useCloseDrawer()
  return (
    <nav aria-label={intl.formatMessage({ id: 'shell.nav.label' })}>
      <NavList entries={entries} current={current} onNavigate={close} />
    </nav>
  )
}

const styles = {
  trigger: css({ '@media (min-width: 960px)': { display: 'none' } }),
  title: css({ display: 'flex', alignItems: 'center', minH: '9', whiteSpace: 'nowrap' }),
  srOnly: css({ srOnly: true }),
}
