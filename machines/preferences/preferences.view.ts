import type { SnapshotFrom } from 'xstate'
import { pickPreferences } from './preferences'
import type { preferencesMachine } from './preferences.machine'

/** What the shell renders: the current preferences and whether a server save is pending. */
export function toPreferencesView(s: SnapshotFrom<typeof preferencesMachine>) {
  return {
    ...pickPreferences(s.context),
    isSignedIn: s.matches('signedIn'),
    isSaving: s.matches({ signedIn: 'saving' }),
    hasPendingSave: s.matches({ signedIn: 'waiting' }) || s.matches({ signedIn: 'saving' }),
  }
}
export type PreferencesView = ReturnType<typeof toPreferencesView>
