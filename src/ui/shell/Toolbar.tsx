import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import type { Preferences } from '../../../machines/preferences/preferences'
import type { SessionView } from '../../../machines/session/session.view'
import type { Locale } from '../../domain/locale'
import type { NavEntry, NavItem } from '../../domain/navigation'
import { isOwnerRole } from '../../domain/roles'
import { BrandMark } from '../BrandMark'
import { PanelRightIcon, SlidersIcon } from './icons'
import { LanguageMenu } from './LanguageMenu'
import { MobileNav } from './MobileNav'
import { toolbarIconButton } from './menuStyles'
import { QuickPanel } from './QuickPanel'
import { SettingsPanel } from './SettingsPanel'
import { StoreSelector } from './StoreSelector'
import { UserMenu } from './UserMenu'

/** The toolbar's store buttons (§1 create sale, scanner), drawn by the sale screens. */
export type SaleButtons = { createSale: ReactNode; scanner: ReactNode }

export interface ToolbarProps {
  session: SessionView
  preferences: Preferences
  entries: readonly NavEntry[]
  current: NavItem | null
  showStoreSelector: boolean
  /** The brand shows in the toolbar when no navbar carries it (horizontal layout, small screens). */
  showBrand: 'always' | 'smallScreens'
  /** False on pages without the navbar (§2): no navigation drawer, no quick panel of links. */
  navigation?: boolean
  shortcuts: readonly string[] | undefined
  onPreferences: (changes: Partial<Preferences>) => void
  onStoreChange: (storeId: string) => void
  onAdministration: () => void
  onLogout: () => void
  initialPanel?: 'navigation' | 'settings' | 'quickPanel'
  saleButtons?: SaleButtons | undefined
}

/** The top toolbar (§1). */
export function Toolbar(props: ToolbarProps) {
  const intl = useIntl()
  const [, navigate] = useLocation()
  const { session, navigation = true } = props
  return (
    <header className={styles.toolbar}>
      <div className={styles.start}>
        {navigation && (
          <MobileNav
            entries={props.entries}
            current={props.current}
            defaultOpen={props.initialPanel === 'navigation'}
          />
        )}
        <Link
          href="/"
          aria-label={intl.formatMessage(
            { id: 'shell.nav.home' },
            { app: intl.formatMessage({ id: 'app.name' }) },
          )}
          className={
            props.showBrand === 'smallScreens'
              ? `${styles.brand} ${styles.brandSmall}`
              : navigation
                ? styles.brand
                : styles.brandOnPhones
          }
        >
          <BrandMark />
        </Link>
      </div>
      <div className={styles.end}>
        {session.canCreateSale && props.saleButtons?.createSale}
        {session.canScan && props.saleButtons?.scanner}
        {props.showStoreSelector && (
          <StoreSelector
            stores={session.stores}
            withAllStores={session.canChooseAllStores}
            currentStoreId={session.storeChoice}
            onChange={props.onStoreChange}
          />
        )}
        <span className={styles.separator} aria-hidden="true" />
        <LanguageMenu
          language={props.preferences.language}
          onChange={(language: Locale) => props.onPreferences({ language })}
        />
        <SettingsPanel
          defaultOpen={props.initialPanel === 'settings'}
          preferences={props.preferences}
          onChange={props.onPreferences}
          trigger={
            <button
              type="button"
              className={toolbarIconButton}
              aria-label={intl.formatMessage({ id: 'shell.settings.open' })}
            >
              <SlidersIcon />
            </button>
          }
        />
        {navigation && (
          <span className={styles.notOnPhones}>
            <QuickPanel
              defaultOpen={props.initialPanel === 'quickPanel'}
              entries={props.entries}
              shortcuts={props.shortcuts}
              trigger={
                <button
                  type="button"
                  className={toolbarIconButton}
                  aria-label={intl.formatMessage({ id: 'shell.quickPanel.open' })}
                >
                  <PanelRightIcon />
                </button>
              }
            />
          </span>
        )}
        {session.user && (
          <UserMenu
            displayName={session.user.displayName}
            email={session.user.email}
            photoURL={session.user.photoURL}
            roleLabel={session.roleLabel}
            canOpenProfile={isOwnerRole(session.role)}
            canOpenAdministration={session.isSuperAdmin || session.isImpersonating}
            onProfile={() => navigate('/pages/profile')}
            onAdministration={props.onAdministration}
            onLogout={props.onLogout}
          />
        )}
      </div>
    </header>
  )
}

const brand = css.raw({
  color: 'fg.default',
  textDecoration: 'none',
  borderRadius: 'l2',
  outline: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  '& > span > span:last-of-type': { display: { base: 'none', sm: 'inline' } },
})

const styles = {
  toolbar: css({
    position: 'sticky',
    top: '0',
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    h: '16',
    px: { base: '3', md: '6' },
    bg: 'bg.default/92',
    backdropFilter: 'saturate(1.6) blur(8px)',
    borderBottomWidth: '1px',
  }),
  start: css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: '0' }),
  end: css({ display: 'flex', alignItems: 'center', gap: { base: '0.5', sm: '1', md: '2' }, minW: '0' }),
  // Phones: the drawer shows the brand; the toolbar keeps its room for the actions.
  brand: css(brand, { display: { base: 'none', sm: 'inline-flex' } }),
  // No drawer (pages without the navbar): the toolbar shows the brand's mark on phones too.
  brandOnPhones: css(brand, { display: 'inline-flex' }),
  brandSmall: css({ '@media (min-width: 960px)': { display: 'none' } }),
  // Phones keep the essentials; the quick panel's links are in the navigation drawer too.
  notOnPhones: css({ display: { base: 'none', sm: 'contents' } }),
  separator: css({ w: '1px', h: '6', bg: 'border.default', mx: '1', display: { base: 'none', md: 'block' } }),
}
