// The actors of the preferences flow: the server save and the language guess (src/api), and the bridge
// that turns the session's sign-in and sign-out into preferences events.
import { type AnyActorRef, fromCallback, fromPromise } from 'xstate'
import { authApi, geoApi } from '../../src/api/auth'
import type { UserSettings } from '../../src/domain/auth'
import type { PreferencesEvent, SaveSettingsInput } from './preferences.machine'

export const saveSettings = fromPromise<unknown, SaveSettingsInput>(({ input }) =>
  authApi.updateSettings(input.userId, input.settings),
)

/** §7 IP geolocation: the visitor's languages. */
export const detectLanguage = fromPromise<{ languages: string }>(({ signal }) => geoApi.locate(signal))

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
