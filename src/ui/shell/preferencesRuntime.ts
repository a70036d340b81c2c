// The preferences actor's effects in the app: local storage, the <html> element (lang, dir, theme,
// animations) and toasts, and its bridge to the session actor. Tests and stories provide their own.
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import {
  type Preferences,
  type StoredPreferences,
  toStorage,
} from '../../../machines/preferences/preferences'
import { type SignedInUser, watchSessionOf } from '../../../machines/preferences/preferences.actors'
import { type PreferencesInput, preferencesMachine } from '../../../machines/preferences/preferences.machine'
import type { sessionMachine } from '../../../machines/session/session.machine'
import { readKey, writeKey } from '../../api/storage'
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
  }
}

export function writeStoredPreferences(p: Preferences): void {
  for (const [key, value] of Object.entries(toStorage(p))) writeKey(key as keyof StoredPreferences, value)
}

/**
 * <html> follows the preferences: `lang` (screen readers, hyphenation), `dir`, the theme (class and
 * data attribute, both understood by the Panda conditions) and `data-animations`.
 */
export function applyToDocument(p: Preferences, root: HTMLElement = document.documentElement): void {
  root.lang = p.language
  root.dir = p.direction
  root.dataset.theme = p.theme
  root.classList.toggle('dark', p.theme === 'dark')
  root.classList.toggle('light', p.theme === 'light')
  root.dataset.animations = p.animations ? 'on' : 'off'
}

export function preferencesInput(language?: Locale): PreferencesInput {
  return {
    stored: readStoredPreferences(),
    browserLanguage: typeof navigator === 'undefined' ? null : navigator.language,
    ...(language ? { language } : {}),
  }
}

/** The preferences machine with the app's effects, following the given session actor. */
export function appPreferencesMachine(session: SessionRef) {
  return preferencesMachine.provide({
    actors: { watchSession: watchSessionOf(session, signedInUser) },
    actions: {
      persist: (_, p: Preferences) => writeStoredPreferences(p),
      applyToDocument: (_, p: Preferences) => applyToDocument(p),
      notify: (_, p: { id: 'preferences.saveError' }) => notify.error(p.id),
    },
  })
}

/** The preferences machine of the public pages (public.html): nobody signs in, nothing is saved. */
export function publicPreferencesMachine() {
  return preferencesMachine.provide({
    actions: {
      persist: (_, p: Preferences) => writeStoredPreferences(p),
      applyToDocument: (_, p: Preferences) => applyToDocument(p),
    },
  })
}
