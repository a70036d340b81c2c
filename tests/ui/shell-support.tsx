// Renders the signed-in app with the shell on the real session, access and preferences machines
// (tests/support/session-harness.tsx fakes the API calls). The preferences write the real local
// storage and <html>, and record their server saves and toasts, so a test can remount to "reload".
import { screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { type ReactNode, useState } from 'react'
import { fromPromise } from 'xstate'
import { watchSessionOf } from '../../machines/preferences/preferences.actors'
import { preferencesMachine, type SaveSettingsInput } from '../../machines/preferences/preferences.machine'
import { type Account, buildAccount } from '../../machines/session/account'
import { Gate } from '../../src/App'
import type { Locale } from '../../src/domain/locale'
import { useSessionRef } from '../../src/ui/session/hooks'
import { PreferencesProvider } from '../../src/ui/shell/preferences'
import { signedInUser } from '../../src/ui/shell/preferencesRuntime'
import { account } from '../support/fixtures'
import { type AccountKind, renderApp } from '../support/session-harness'

// jsdom lacks what Ark's positioned parts (Select) measure with; the real browser has both.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Element.prototype.scrollTo ??= () => {}

/** The owner of the fixtures, with a manual-amount loyalty programme (create-sale button). */
export function manualAmountOwner(): Account {
  const a = account('owner')
  return { ...a, franchises: a.franchises.map((f) => ({ ...f, loyaltyType: 'MANUAL_AMOUNT' })) }
}

/** A store owner of the fixtures' franchise, with one store and no scanner. */
export function storeOwner(): Account {
  const a = account('owner')
  const info = { ...a.info, role: 'STORE_OWNER', displayName: 'Paul Martin', email: 'paul@demo.test' }
  return buildAccount({ ...a.me, acl: { role: 'STORE_OWNER' } }, info, a.franchises, [a.stores[1]!], [])
}

export type ShellOptions = {
  path?: string
  /** A fixture kind, or an account of its own (signed in through the fake back end either way). */
  as?: AccountKind | Account
  locale?: Locale
  /** The server's answer to a settings save (resolves by default). */
  saveSettings?: (input: SaveSettingsInput) => Promise<unknown>
  /** Wraps the app's routes (e.g. in the client screens' logic with a fake back end). */
  wrap?: (routes: ReactNode) => ReactNode
  /** The top bar's saved choice (a store id or ALL_STORES); the first store by default. */
  currentStoreId?: string | null
}

export function renderShell({
  path = '/pages/dashboards/analytics',
  as = 'owner',
  locale = 'en',
  saveSettings,
  wrap = (routes) => routes,
  currentStoreId = null,
}: ShellOptions = {}) {
  const saves: SaveSettingsInput[] = []
  const toasts: string[] = []
  function Preferences({ children }: { children: ReactNode }) {
    const session = useSessionRef()
    const [logic] = useState(() =>
      preferencesMachine.provide({
        actors: {
          saveSettings: fromPromise<unknown, SaveSettingsInput>(async ({ input }) => {
            saves.push(input)
            return saveSettings ? saveSettings(input) : {}
          }),
          watchSession: watchSessionOf(session, signedInUser),
        },
        actions: {
          notify: (_, p: { id: string }) => toasts.push(p.id),
        },
      }),
    )
    return (
      <PreferencesProvider logic={logic} language={locale}>
        {children}
      </PreferencesProvider>
    )
  }
  const own = typeof as === 'string' ? null : as
  const app = renderApp({
    path,
    locale,
    signedInAs: typeof as === 'string' ? as : 'owner',
    currentStoreId,
    ...(own ? { api: { loadAccount: async () => own } } : {}),
    ui: <Preferences>{wrap(<Gate />)}</Preferences>,
  })
  return { ...app, saves, toasts }
}

/**
 * Chooses a menu item with the keyboard, as a keyboard user does: arrows to the item, then Enter.
 * (The menu must be open; Ark highlights items as the arrows move.)
 */
export async function chooseMenuItem(user: UserEvent, name: string | RegExp) {
  const item = await screen.findByRole('menuitem', { name })
  for (let i = 0; i < 12 && !item.hasAttribute('data-highlighted'); i++) await user.keyboard('{ArrowDown}')
  if (!item.hasAttribute('data-highlighted')) throw new Error(`menu item ${String(name)} never highlighted`)
  await user.keyboard('{Enter}')
}

// A test that "reloads" midway clears the browser itself; ui-setup clears it before each test.
export { resetBrowser } from '../support/fresh-browser'
