// The actors and effects of the preferences flow: the server save and the language guess (src/api),
// local storage and the <html> element, and the bridge that turns the session's sign-in and sign-out
// into preferences events.
import { type AnyActorRef, fromCallback, fromPromise } from 'xstate'
import { authApi, geoApi } from '../../src/api/auth'
import { writeKey } from '../../src/api/storage'
import type { UserSettings } from '../../src/domain/auth'
import { type Preferences, type StoredPreferences, toStorage } from './preferences'
import type { PreferencesEvent, SaveSettingsInput } from './preferences.machine'

export const saveSettings = fromPromise<unknown, SaveSettingsInput>(({ input }) =>
  authApi.updateSettings(input.userId, input.settings),
)

/** §7 IP geolocation: the visitor's languages. */
export const detectLanguage = fromPromise<{ languages: string }>(({ signal }) => geoApi.locate(signal))

/** Every choice goes to local storage, one key each, so a reload restores it. */
export function writeStoredPreferences(p: Preferences): void {
  for (const [key, value] of Object.entries(toStorage(p))) writeKey(key as keyof StoredPreferences, value)
}

/** The user whose changes this browser has not saved yet (null: none), kept across reloads. */
export function writeUnsaved(userId: string | null): void {
  writeKey('unsaved', userId)
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

/** Who is signed in, as the session actor's snapshot tells it. */
export type SignedInUser = { id: string; settings: UserSettings | null } | null
type SessionLike = Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>

/**
 * Follows a session actor: when its account's user changes, sends `preferences.signIn` with that
 * user's server settings, or `preferences.signOut` when nobody is signed in any more.
 */
export function watchSessionOf(session: SessionLike, userOf: (snapshot: unknown) => SignedInUser) {
  return fromCallback(({ sendBack }) => {
    let userId: string | null = null
    const check = (snapshot: unknown) => {
      const user = userOf(snapshot)
      if ((user?.id ?? null) === userId) return
      userId = user?.id ?? null
      const event: PreferencesEvent = user
        ? { type: 'preferences.signIn', userId: user.id, settings: user.settings }
        : { type: 'preferences.signOut' }
      sendBack(event)
    }
    check(session.getSnapshot())
    const subscription = session.subscribe((snapshot: unknown) => check(snapshot))
    return () => subscription.unsubscribe()
  })
}
