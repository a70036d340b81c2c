// /pages/marketing/list (full access): the automation list machine on the session's franchise.
import { createActorContext } from '@xstate/react'
import { automationListMachine } from '../../../machines/automation-list/automation-list.machine'
import { toAutomationListView } from '../../../machines/automation-list/automation-list.view'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { AutomationListPage } from './AutomationListPage'

export const AutomationListActorContext = createActorContext(automationListMachine)

export function AutomationListContainer() {
  const session = useSession()
  const machine = useProvided(automationListMachine)
  if (!session.franchise || !session.user) return null
  return (
    <AutomationListActorContext.Provider
      logic={machine}
      options={{ input: { franchiseId: session.franchise.id, userId: session.user.id } }}
    >
      <Connected currency={session.franchise.currencyCode} />
    </AutomationListActorContext.Provider>
  )
}

function Connected({ currency }: { currency: string }) {
  const view = AutomationListActorContext.useSelector(toAutomationListView)
  const actor = AutomationListActorContext.useActorRef()
  return <AutomationListPage view={view} send={actor.send} currency={currency} />
}
