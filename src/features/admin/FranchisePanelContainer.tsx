// The franchise panel (/pages/admin/franchise-panel/:id, admins only). A new id starts a new machine.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { franchisePanelMachine } from '../../../machines/franchise-panel/franchise-panel.machine'
import { toFranchisePanelView } from '../../../machines/franchise-panel/franchise-panel.view'
import { FranchisePanelPage } from './FranchisePanelPage'
import { useAdminLogic } from './logic'

export const FranchisePanelContext = createActorContext(franchisePanelMachine)

export function FranchisePanelContainer({ id }: { id: string }) {
  return <PanelScreen key={id} id={id} />
}

function PanelScreen({ id }: { id: string }) {
  const logic = useAdminLogic()
  const [machine] = useState(() =>
    logic.panel.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          logic.notify(p.level, p.id, p.values),
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
