// Store owners management (/pages/owners, full access). A store owner reaches the page too (the route
// lets owners in for this): it is told to contact the franchise manager (§6) instead of a 403.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/owners/owners.actors'
import { ownersMachine } from '../../../machines/owners/owners.machine'
import { toOwnersView } from '../../../machines/owners/owners.view'
import { GROUPS, hasPermission } from '../../domain/roles'
import { useSession } from '../../ui/session/hooks'
import { useOwnersLogic } from './logic'
import { OWNERS_PATH, OwnersDenied, OwnersPage } from './OwnersPage'

export const OwnersActorContext = createActorContext(ownersMachine)

export function OwnersContainer() {
  const session = useSession()
  if (!hasPermission(GROUPS.fullAccess, session.role)) return <OwnersDenied />
  return <OwnersScreen />
}

function OwnersScreen() {
  const logic = useOwnersLogic()
  const session = useSession()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [machine] = useState(() =>
    logic.owners.provide({
      actors: { watchLocation: watchLocationOf(logic.location, OWNERS_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) => navigate(`${OWNERS_PATH}${p.search}`, { replace: true }),
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          logic.notify(p.level, p.id, p.values),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', stores: session.stores }
  return (
    <OwnersActorContext.Provider logic={machine} options={{ input }}>
      <ConnectedOwners />
    </OwnersActorContext.Provider>
  )
}

function ConnectedOwners() {
  const view = OwnersActorContext.useSelector(toOwnersView)
  const actor = OwnersActorContext.useActorRef()
  return <OwnersPage view={view} send={actor.send} />
}
