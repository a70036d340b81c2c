// The profile (/pages/profile): information, subscription and preferences. The profile machine owns the
// information, the subscription machine the subscription card; the language, layout and theme go to the app's preferences
// machine (the same one the toolbar and the layout settings panel drive).
import { createActorContext, useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { profileMachine } from '../../../machines/profile/profile.machine'
import { toProfileView } from '../../../machines/profile/profile.view'
import { subscriptionMachine } from '../../../machines/subscription/subscription.machine'
import { toSubscriptionView } from '../../../machines/subscription/subscription.view'
import { readKey } from '../../api/storage'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { usePreferences, usePreferencesRef } from '../../ui/shell/preferences'
import { ProfilePage } from './ProfilePage'
import { SubscriptionCard } from './SubscriptionCard'

export const ProfileActorContext = createActorContext(profileMachine)

export function ProfileContainer() {
  const effects = useAppEffects()
  const provided = useProvided(profileMachine)
  const session = useSession()
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  if (!session.user) return null
  const input = { userId: session.user.id, startPage: readKey('startPage') }
  return (
    <ProfileActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedProfile userId={session.user.id} />
    </ProfileActorContext.Provider>
  )
}

function ConnectedProfile({ userId }: { userId: string }) {
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
      subscription={<ConnectedSubscription userId={userId} />}
    />
  )
}

/** The subscription machine for this visit, with the app's toasts. */
function ConnectedSubscription({ userId }: { userId: string }) {
  const effects = useAppEffects()
  const machine = useProvided(subscriptionMachine)
  const [provided] = useState(() =>
    machine.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  const actor = useActorRef(provided, { input: { userId } })
  const view = useSelector(actor, toSubscriptionView)
  return <SubscriptionCard view={view} send={actor.send} />
}
