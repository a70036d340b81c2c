// /pages/franchise (full access): the franchise settings machine for this visit. Saved changes are
// announced to the session, so the shell's name, logo and colours follow without a reload.
import { createActorContext } from '@xstate/react'
import { type ComponentType, Suspense, useState } from 'react'
import { franchiseSettingsMachine } from '../../../machines/franchise-settings/franchise-settings.machine'
import { toFranchiseSettingsView } from '../../../machines/franchise-settings/franchise-settings.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { FranchisePage } from './FranchisePage'
import { summaryOf } from './summary'

export const FranchiseSettingsContext = createActorContext(franchiseSettingsMachine)

/**
 * `webhooks`: the webhooks panel (issue 23), another area's lazy chunk that the route table hands in
 * (areas do not import each other), shown below the settings.
 */
export function FranchiseContainer({
  webhooks: WebhooksSection,
}: {
  webhooks?: ComponentType<{ franchiseId: string }>
}) {
  const effects = useAppEffects()
  const session = useSession()
  const sessionRef = useSessionRef()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(franchiseSettingsMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        announceFranchise: (_, p) =>
          sessionRef.send({ type: 'session.franchiseChange', franchise: summaryOf(p.franchise) }),
      },
    }),
  )
  return (
    <FranchiseSettingsContext.Provider
      logic={machine}
      options={{ input: { franchiseId: session.franchise?.id ?? null } }}
    >
      <ConnectedFranchise />
      {session.franchise && WebhooksSection && (
        <Suspense fallback={null}>
          <WebhooksSection franchiseId={session.franchise.id} />
        </Suspense>
      )}
    </FranchiseSettingsContext.Provider>
  )
}

function ConnectedFranchise() {
  const view = FranchiseSettingsContext.useSelector(toFranchiseSettingsView)
  const actor = FranchiseSettingsContext.useActorRef()
  return <FranchisePage view={view} send={actor.send} />
}
