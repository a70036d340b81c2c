// The preferences actor in the app: the machine writes local storage and <html> itself
// (machines/preferences/preferences.actors.ts); the app bridges it to the session actor and gives it
// its toasts. Tests and stories provide their own. (The toaster is imported here, not taken from the
// app's effects: this module is shared with public.html, and without the toaster in the shared chunk
// the bundler splits the back-office entry into more chunks, over its budget.)
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { StoredPreferences } from '../../../machines/preferences/preferences'
import { type SignedInUser, watchSessionOf } from '../../../machines/preferences/preferences.actors'
import { type PreferencesInput, preferencesMachine } from '../../../machines/preferences/preferences.machine'
import type { sessionMachine } from '../../../machines/session/session.machine'
import { readKey } from '../../api/storage'
import type { Locale } from '../../domain/locale'
import { notify } from '../Toast'

type SessionRef = ActorRefFrom<typeof sessionMachine>

/** The user the preferences follow: only a signed-in session has one. */
export function signedInUser(snapshot: unknown): SignedInUser {
  const s = snapshot as SnapshotFrom<typeof sessionMachine>
  const account = s.context.account
  if (!s.matches('signedIn') || !account) return null
  return { id: account.info.id, settings: account.info.data.settings ?? null }
}

export function readStoredPreferences(): StoredPreferences {
  return {
    language: readKey('language'),
    folded: readKey('folded'),
    layout: readKey('layout'),
    theme: readKey('theme'),
    direction: readKey('direction'),
    animations: readKey('animations'),
    unsaved: readKey('unsaved'),
  }
}

export function preferencesInput(language?: Locale): PreferencesInput {
  return {
    stored: readStoredPreferences(),
    browserLanguage: typeof navigator === 'undefined' ? null : navigator.language,
    ...(language ? { language } : {}),
  }
}

/** The preferences machine following the given session actor, its toasts the app's. */
export function appPreferencesMachine(session: SessionRef) {
  return preferencesMachine.provide({
    actors: { watchSession: watchSessionOf(session, signedInUser) },
    actions: { notify: (_, p: { id: 'preferences.saveError' }) => notify.error(p.id) },
  })
}
