// Satisfaction (/pages/satisfaction): the satisfaction machine for this visit; a store change in the
// toolbar does not narrow it (the page compares the stores), the page's own filter does.
import { createActorContext } from '@xstate/react'
import { satisfactionMachine } from '../../../machines/satisfaction/satisfaction.machine'
import { toSatisfactionView } from '../../../machines/satisfaction/satisfaction.view'
import { useOpinionsLogic } from './logic'
import { SatisfactionPage } from './SatisfactionPage'

export const SatisfactionContext = createActorContext(satisfactionMachine)

export function SatisfactionContainer() {
  const logic = useOpinionsLogic()
  return (
    <SatisfactionContext.Provider logic={logic.satisfaction} options={{ input: { storeId: null } }}>
      <ConnectedSatisfaction />
    </SatisfactionContext.Provider>
  )
}

function ConnectedSatisfaction() {
  const view = SatisfactionContext.useSelector(toSatisfactionView)
  const actor = SatisfactionContext.useActorRef()
  return <SatisfactionPage view={view} send={actor.send} />
}
