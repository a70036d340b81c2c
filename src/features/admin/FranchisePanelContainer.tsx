// The franchise panel (/pages/admin/franchise-panel/:id, admins only). A new id starts a new machine.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { franchisePanelMachine } from '../../../machines/franchise-panel/franchise-panel.machine'
import { toFranchisePanelView } from '../../../machines/franchise-panel/franchise-panel.view'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { FranchisePanelPage } from './FranchisePanelPage'

export const FranchisePanelContext = createActorContext(franchisePanelMachine)

export function FranchisePanelContainer({ id }: { id: string }) {
  return <PanelScreen key={id} id={id} />
}

function PanelScreen({ id }: { id: string }) {
  const effects = useAppEffects()
  // The machine calls src/api itself; a test or a story hands one provided with fakes.
  const provided = useProvided(franchisePanelMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          effects.notify(p.level, p.id as MessageId, p.values),
      },
    }),
  )
  return (
    <FranchisePanelContext.Provider logic={machine} options={{ input: { franchiseId: id } }}>
      <ConnectedPanel />
    </FranchisePanelContext.Provider>
  )
}

function ConnectedPanel() {
  const view = FranchisePanelContext.useSelector(toFranchisePanelView)
  const actor = FranchisePanelContext.useActorRef()
  return <FranchisePanelPage view={view} send={actor.send} />
}
