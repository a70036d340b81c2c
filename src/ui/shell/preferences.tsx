// The preferences actor for React: one per app, following the session actor. The language it holds
// drives react-intl (and <html lang> through the machine's applyToDocument effect).
import { createActorContext } from '@xstate/react'
import { createContext, type ReactNode, useContext, useState } from 'react'
import type { AnyStateMachine } from 'xstate'
import { type PreferencesInput, preferencesMachine } from '../../../machines/preferences/preferences.machine'
import { toPreferencesView } from '../../../machines/preferences/preferences.view'
import type { Locale } from '../../domain/locale'
import { AppIntlProvider } from '../i18n/IntlProvider'
import { useSessionRef } from '../session/hooks'
import { appPreferencesMachine, preferencesInput } from './preferencesRuntime'

export const PreferencesContext = createActorContext(preferencesMachine)

export const usePreferences = () => PreferencesContext.useSelector(toPreferencesView)
export const usePreferencesRef = () => PreferencesContext.useActorRef()

const Present = createContext(false)
/** Whether a PreferencesProvider is mounted above (the shell mounts one of its own otherwise). */
export const useHasPreferences = () => useContext(Present)

function PreferencesIntl({ children }: { children: ReactNode }) {
  const language = PreferencesContext.useSelector((s) => s.context.language)
  return <AppIntlProvider locale={language}>{children}</AppIntlProvider>
}

export interface PreferencesProviderProps {
  children: ReactNode
  /** The machine to run (tests and stories give theirs); the app's, bound to the session, by default. */
  logic?: AnyStateMachine
  /** A language to use when none is stored, instead of the browser's. */
  language?: Locale
  /** The start-up values (stories); read from local storage and the browser by default. */
  input?: PreferencesInput
  /** Provide react-intl in the chosen language (the app does; an embedding with its own may not). */
  intl?: boolean
}

/** Must sit inside the session provider: the preferences follow who signs in. */
export function PreferencesProvider({
  children,
  logic,
  language,
  input: given,
  intl = true,
}: PreferencesProviderProps) {
  const session = useSessionRef()
  // Created once: the provider keeps the first machine it is given.
  const [machine] = useState(
    () => (logic as typeof preferencesMachine | undefined) ?? appPreferencesMachine(session),
  )
  const [input] = useState(() => given ?? preferencesInput(language))
  return (
    <Present.Provider value={true}>
      <PreferencesContext.Provider logic={machine} options={{ input }}>
        {intl ? <PreferencesIntl>{children}</PreferencesIntl> : children}
      </PreferencesContext.Provider>
    </Present.Provider>
  )
}

/** Mounts a PreferencesProvider unless one is already there (parts of the app rendered on their own). */
export function EnsurePreferences({ children }: { children: ReactNode }) {
  if (useHasPreferences()) return <>{children}</>
  return <PreferencesProvider intl={false}>{children}</PreferencesProvider>
}
