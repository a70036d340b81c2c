// Renders the real shell on the real session and preferences machines, signed in as a demo account.
// Nothing reaches the network: startup ends at once with the account, saves and logout are local.
import { type ReactNode, useState } from 'react'
import { Route, Router, Switch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { createMachine, fromCallback, fromPromise } from 'xstate'
import { accessMachine } from '../../machines/access/access.machine'
import { DEFAULT_PREFERENCES, type Preferences, toStorage } from '../../machines/preferences/preferences'
import { watchSessionOf } from '../../machines/preferences/preferences.actors'
import { preferencesMachine } from '../../machines/preferences/preferences.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import type { Locale } from '../../src/domain/locale'
import { SectionPage } from '../../src/features/shell/SectionPage'
import { SECTION_ROUTES, sectionEntry } from '../../src/features/shell/sections'
import { useSessionRef } from '../../src/ui/session/hooks'
import { SessionContext } from '../../src/ui/session/SessionContext'
import { PreferencesProvider } from '../../src/ui/shell/preferences'
import { signedInUser } from '../../src/ui/shell/preferencesRuntime'
import { ShellLayout, type ShellPanel } from '../../src/ui/shell/ShellLayout'
import { notify } from '../../src/ui/Toast'
import { wait } from '../support/fake'
import { type StoryRole, storyAccount } from './accounts'

export interface ShellStoryProps {
  role: StoryRole
  path?: string
  preferences?: Partial<Omit<Preferences, 'language'>>
  locale?: Locale
  panel?: ShellPanel
}

function sessionLogic(role: StoryRole) {
  const account = storyAccount(role)
  return sessionMachine.provide({
    actors: {
      // A startup that has already ended: the story opens signed in.
      startup: createMachine({
        id: 'storyStartup',
        initial: 'done',
        states: { done: { type: 'final' } },
        output: () => ({ kind: 'signedIn' as const, account }),
      }) as never,
      access: accessMachine.provide({ actors: { watchLocation: fromCallback(() => () => {}) } }),
      revokeSession: fromPromise<void>(async () => {
        await wait(300)
      }),
      reloadAccount: fromPromise(async () => account),
    },
    // The story's browser keeps its stored session: signing out here is only the machine's.
    actions: { forgetSession: () => {} },
  })
}

function StoryPreferences({
  children,
  stored,
  locale,
}: {
  children: ReactNode
  stored: Preferences
  locale: Locale
}) {
  const session = useSessionRef()
  const [logic] = useState(() =>
    preferencesMachine.provide({
      actors: {
        saveSettings: fromPromise(async () => wait(400)),
        watchSession: watchSessionOf(session, signedInUser),
      },
      actions: {
        // The story's browser keeps its stored choices: each story starts from its own.
        persist: () => {},
        notify: (_, p: { id: 'preferences.saveError' }) => notify.error(p.id),
      },
    }),
  )
  return (
    <PreferencesProvider
      logic={logic}
      input={{ stored: toStorage({ ...stored, language: locale }), browserLanguage: null, language: locale }}
    >
      {children}
    </PreferencesProvider>
  )
}

export function ShellStory({
  role,
  path = '/pages/dashboards/analytics',
  preferences,
  locale = 'fr',
  panel,
}: ShellStoryProps) {
  const [logic] = useState(() => sessionLogic(role))
  const [location] = useState(() => memoryLocation({ path }))
  const stored: Preferences = { ...DEFAULT_PREFERENCES, ...preferences, language: locale }
  return (
    <Router hook={location.hook}>
      <SessionContext.Provider
        logic={logic}
        options={{
          input: { hasToken: true, location: { path, search: '' }, startPage: null, currentStoreId: null },
        }}
      >
        <StoryPreferences stored={stored} locale={locale}>
          <ShellLayout initialPanel={panel}>
            <Switch>
              {SECTION_ROUTES.map((r) => (
                <Route key={r.path} path={r.path}>
                  <SectionPage entry={sectionEntry(r.navId)} />
                </Route>
              ))}
            </Switch>
          </ShellLayout>
        </StoryPreferences>
      </SessionContext.Provider>
    </Router>
  )
}
