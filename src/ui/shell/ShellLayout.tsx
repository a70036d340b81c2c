import type { CSSProperties, ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css, cx } from 'styled-system/css'
import type { Preferences } from '../../../machines/preferences/preferences'
import { ClockProvider } from '../i18n/clock'
import { SessionContext } from '../session/SessionContext'
import { useMediaQuery } from '../useMediaQuery'
import { Footer } from './Footer'
import { ImpersonationBanner } from './ImpersonationBanner'
import { NAVBAR_HIDDEN, Navbar } from './Navbar'
import { EnsurePreferences, usePreferences, usePreferencesRef } from './preferences'
import { type SaleButtons, Toolbar } from './Toolbar'
import { TopNav } from './TopNav'
import { useShell } from './useShell'

export const MAIN_ID = 'main-content'

/**
 * The signed-in app's frame (§1): the navbar (left, or a top bar in the horizontal layout, or a drawer
 * on small screens), the toolbar, an acting-as banner, the page and the footer. Without the navbar
 * (`navbar={false}`, the reset-password page of §2) the toolbar and footer frame the page alone.
 */
export type ShellPanel = 'navigation' | 'settings' | 'quickPanel'

export interface ShellLayoutProps {
  children: ReactNode
  /** A panel open from the start (stories, deep links). */
  initialPanel?: ShellPanel
  /** False: no navbar in any layout, nor the toolbar's navigation drawer and quick panel. */
  navbar?: boolean
  /** The toolbar's create-sale and scanner buttons (the route table hands the sale screens' own). */
  saleButtons?: SaleButtons
}

export function ShellLayout({ children, initialPanel, navbar = true, saleButtons }: ShellLayoutProps) {
  return (
    <EnsurePreferences>
      <Shell initialPanel={initialPanel} navbar={navbar} saleButtons={saleButtons}>
        {children}
      </Shell>
    </EnsurePreferences>
  )
}

function Shell({ children, initialPanel, navbar, saleButtons }: ShellLayoutProps) {
  const intl = useIntl()
  const { session, entries, current, showStoreSelector } = useShell()
  const sessionRef = SessionContext.useActorRef()
  const preferences = usePreferences()
  const preferencesRef = usePreferencesRef()
  const shortcuts = SessionContext.useSelector((s) => s.context.account?.info.data.settings.shortcuts)
  const vertical = preferences.layout === 'vertical'
  // On a phone the navbar is hidden (the drawer has the same links): not rendered at all, so a phone
  // does not build sixteen links and their tooltips it never shows.
  const narrow = useMediaQuery(NAVBAR_HIDDEN)
  const sideNav = navbar && vertical && !narrow
  const topNav = navbar && !vertical
  const change = (changes: Partial<Preferences>) =>
    preferencesRef.send({ type: 'preferences.change', changes })
  // The franchise's colours (§3 theme) as CSS variables, and a stripe of its primary colour on top.
  const theme = session.franchise?.theme
  const themeVars = theme
    ? ({
        '--franchise-primary': theme.primaryColor,
        '--franchise-secondary': theme.secondaryColor,
        '--franchise-tertiary': theme.tertiaryColor,
      } as CSSProperties)
    : undefined
  return (
    <ClockProvider timeZone={session.franchise?.timezone}>
      <div
        className={styles.shell}
        data-layout={preferences.layout}
        data-franchise-primary={theme?.primaryColor}
        style={themeVars}
      >
        <a href={`#${MAIN_ID}`} className={styles.skip}>
          {intl.formatMessage({ id: 'shell.skipToContent' })}
        </a>
        {sideNav && (
          <Navbar
            entries={entries}
            current={current}
            folded={preferences.navbarFolded}
            direction={preferences.direction}
            onToggle={() => preferencesRef.send({ type: 'preferences.toggleNavbar' })}
          />
        )}
        <div
          className={styles.column}
          style={theme ? { borderTop: `4px solid ${theme.primaryColor}` } : undefined}
        >
          <Toolbar
            session={session}
            preferences={preferences}
            entries={entries}
            current={current}
            showStoreSelector={showStoreSelector}
            showBrand={sideNav ? 'smallScreens' : 'always'}
            navigation={navbar}
            shortcuts={shortcuts}
            onPreferences={change}
            onStoreChange={(storeId) => sessionRef.send({ type: 'session.storeChange', storeId })}
            onAdministration={() => sessionRef.send({ type: 'session.administration' })}
            onLogout={() => sessionRef.send({ type: 'session.logout' })}
            initialPanel={initialPanel}
            saleButtons={saleButtons}
          />
          {topNav && <TopNav entries={entries} current={current} />}
          {session.isImpersonating && session.user && (
            <ImpersonationBanner
              name={session.user.displayName}
              onBack={() => sessionRef.send({ type: 'session.administration' })}
            />
          )}
          <main id={MAIN_ID} tabIndex={-1} className={cx(styles.main, !vertical && styles.mainWide)}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
    </ClockProvider>
  )
}

const styles = {
  shell: css({ display: 'flex', minH: '100dvh', bg: 'bg.canvas', color: 'fg.default' }),
  column: css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' }),
  // At least a screen tall: the footer starts below the first screen, so it does not jump down when
  // a page's code or data arrives (it was the largest shift of a phone's first load).
  main: css({
    flex: '1',
    minH: '100dvh',
    w: 'full',
    px: { base: '4', md: '8' },
    py: { base: '6', md: '8' },
    outline: 'none',
  }),
  mainWide: css({}),
  skip: css({
    position: 'absolute',
    insetStart: '3',
    top: '3',
    zIndex: 2000,
    px: '4',
    py: '2',
    borderRadius: 'l2',
    bg: 'accent.solid',
    color: 'accent.contrast',
    fontWeight: 'semibold',
    transform: 'translateY(-200%)',
    _focusVisible: {
      transform: 'none',
      outline: '2px solid',
      outlineColor: 'accent.focusRing',
      outlineOffset: '2px',
    },
  }),
}
