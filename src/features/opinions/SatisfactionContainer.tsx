// Satisfaction (/pages/satisfaction): the satisfaction machine for this visit; a store change in the
// toolbar does not narrow it (the page compares the stores), the page's own filter does.
import { createActorContext } from '@xstate/react'
import { satisfactionMachine } from '../../../machines/satisfaction/satisfaction.machine'
import { toSatisfactionView } from '../../../machines/satisfaction/satisfaction.view'
import { useProvided } from '../../ui/machines/provided'
import { SatisfactionPage } from './SatisfactionPage'

export const SatisfactionContext = createActorContext(satisfactionMachine)

export function SatisfactionContainer() {
  return (
    <SatisfactionContext.Provider
      logic={useProvided(satisfactionMachine)}
      options={{ input: { storeId: null } }}
    >
      <ConnectedSatisfaction />
    </SatisfactionContext.Provider>
  )
}

function ConnectedSatisfaction() {
  const view = SatisfactionContext.useSelector(toSatisfactionView)
  const actor = SatisfactionContext.useActorRef()
  return <SatisfactionPage view={view} send={actor.send} />
}
