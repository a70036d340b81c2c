// /pages/franchise (full access): the franchise settings machine for this visit. Saved changes are
// announced to the session, so the shell's name, logo and colours follow without a reload.
import { createActorContext } from '@xstate/react'
import { type ComponentType, Suspense, useState } from 'react'
import { franchiseSettingsMachine } from '../../../machines/franchise-settings/franchise-settings.machine'
import { toFranchiseSettingsView } from '../../../machines/franchise-settings/franchise-settings.view'
import { useSession, useSessionRef } from '../../ui/session/hooks'
import { FranchisePage } from './FranchisePage'
import { summaryOf, useFranchiseLogic } from './logic'

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
  const logic = useFranchiseLogic()
  const session = useSession()
  const sessionRef = useSessionRef()
  const [machine] = useState(() =>
    logic.machine.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
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
