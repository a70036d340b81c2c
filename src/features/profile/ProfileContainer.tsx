// The profile (/pages/profile): information, subscription and preferences. The profile machine owns the
// information and subscription flows; the language, layout and theme go to the app's preferences
// machine (the same one the toolbar and the layout settings panel drive).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { profileMachine } from '../../../machines/profile/profile.machine'
import { toProfileView } from '../../../machines/profile/profile.view'
import { useSession } from '../../ui/session/hooks'
import { usePreferences, usePreferencesRef } from '../../ui/shell/preferences'
import { useProfileLogic } from './logic'
import { ProfilePage } from './ProfilePage'

export const ProfileActorContext = createActorContext(profileMachine)

export function ProfileContainer() {
  const logic = useProfileLogic()
  const session = useSession()
  const [machine] = useState(() =>
    logic.profile.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
        openUrl: (_, p: { url: string }) => logic.openUrl(p.url),
        persistStartPage: (_, p: { path: string | null }) => logic.writeStartPage(p.path),
      },
    }),
  )
  if (!session.user) return null
  const input = { userId: session.user.id, startPage: logic.readStartPage() }
  return (
    <ProfileActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedProfile />
    </ProfileActorContext.Provider>
  )
}

function ConnectedProfile() {
  const view = ProfileActorContext.useSelector(toProfileView)
  const actor = ProfileActorContext.useActorRef()
  const preferences = usePreferences()
  const preferencesRef = usePreferencesRef()
  return (
    <ProfilePage
      view={view}
      send={actor.send}
      preferences={preferences}
      onPreferences={(changes) => preferencesRef.send({ type: 'preferences.change', changes })}
    />
  )
}
