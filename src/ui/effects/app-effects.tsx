// The app's side effects every flow shares (issue 36 §2): notifications, navigation and the address.
// Machines own their back-end actors; these are the few effects a page hands them, from one provider,
// so a test or a story swaps them in one place instead of one context per feature.
import { createContext, type ReactNode, useContext } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { browserLocation, type LocationSource } from '../../../machines/paged-list/paged-list.actors'
import type { MessageId } from '../i18n/messages'
import { notify } from '../Toast'

export type { LocationSource }

export type AppEffects = {
  notify(level: 'success' | 'error' | 'info', id: MessageId, values?: Record<string, string | number>): void
  navigate(to: string, options?: { replace?: boolean }): void
  /** Back `pages` entries of the history (one by default). */
  goBack(pages?: number): void
  location: LocationSource
}

/** The real effects: the app's toaster, wouter's browser navigation and the browser's address. */
export const browserEffects: AppEffects = {
  notify: (level, id, values) => {
    notify[level](id, { values })
  },
  navigate: (to, options) => navigate(to, { replace: options?.replace ?? false }),
  goBack: (pages = 1) => history.go(-pages),
  location: browserLocation,
}

const AppEffectsContext = createContext<AppEffects>(browserEffects)

/** Mounted once in src/App.tsx; tests and stories pass their own `value`. */
export function AppEffectsProvider({
  value = browserEffects,
  children,
}: {
  value?: AppEffects
  children: ReactNode
}) {
  return <AppEffectsContext.Provider value={value}>{children}</AppEffectsContext.Provider>
}

export const useAppEffects = () => useContext(AppEffectsContext)
