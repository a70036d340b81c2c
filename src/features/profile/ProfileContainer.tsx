// The profile (/pages/profile): information, subscription and preferences. The profile machine owns the
// information, the subscription machine the subscription card; the language, layout and theme go to the app's preferences
// machine (the same one the toolbar and the layout settings panel drive).
import { createActorContext, useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { profileMachine } from '../../../machines/profile/profile.machine'
import { toProfileView } from '../../../machines/profile/profile.view'
import type { subscriptionMachine } from '../../../machines/subscription/subscription.machine'
import { toSubscriptionView } from '../../../machines/subscription/subscription.view'
import { useSession } from '../../ui/session/hooks'
import { usePreferences, usePreferencesRef } from '../../ui/shell/preferences'
import { useProfileLogic } from './logic'
import { ProfilePage } from './ProfilePage'
import { SubscriptionCard } from './SubscriptionCard'

export const ProfileActorContext = createActorContext(profileMachine)

export function ProfileContainer() {
  const logic = useProfileLogic()
  const session = useSession()
  const [machine] = useState(() =>
    logic.profile.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
        persistStartPage: (_, p: { path: string | null }) => logic.writeStartPage(p.path),
      },
    }),
  )
  if (!session.user) return null
  const input = { userId: session.user.id, startPage: logic.readStartPage() }
  return (
    <ProfileActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedProfile userId={session.user.id} />
    </ProfileActorContext.Provider>
  )
}

function ConnectedProfile({ userId }: { userId: string }) {
  const logic = useProfileLogic()
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
      subscription={<ConnectedSubscription machine={logic.subscription} userId={userId} />}
    />
  )
}

/** The subscription machine for this visit, with the app's toasts and page opening. */
function ConnectedSubscription({ machine, userId }: { machine: typeof subscriptionMachine; userId: string }) {
  const logic = useProfileLogic()
  const [provided] = useState(() =>
    machine.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
        openUrl: (_, p: { url: string }) => logic.openUrl(p.url),
      },
    }),
  )
  const actor = useActorRef(provided, { input: { userId } })
  const view = useSelector(actor, toSubscriptionView)
  return <SubscriptionCard view={view} send={actor.send} />
}
