// Store owners management (/pages/owners, full access). A store owner reaches the page too (the route
// lets owners in for this): it is told to contact the franchise manager (§6) instead of a 403. The page
// is the owners list (a createListMachine list, its query in the address) and its dialogs
// (owners-actions, whose changes reload the list).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/owners/owners.actors'
import { ownersListMachine, toOwnersListView } from '../../../machines/owners/owners.list'
import { ownersActionsMachine } from '../../../machines/owners/owners-actions.machine'
import { type OwnersEvent, toOwnersActionsView } from '../../../machines/owners/owners-actions.view'
import { canManageOwners } from '../../domain/owners'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { OWNERS_PATH, OwnersDenied, OwnersPage } from './OwnersPage'

export const OwnersListContext = createActorContext(ownersListMachine)
export const OwnersActionsContext = createActorContext(ownersActionsMachine)

export function OwnersContainer() {
  const session = useSession()
  if (!canManageOwners(session.role)) return <OwnersDenied />
  return <OwnersScreen />
}

function OwnersScreen() {
  const effects = useAppEffects()
  const provided = useProvided(ownersListMachine)
  const search = useSearch()
  const [list] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, OWNERS_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${OWNERS_PATH}${p.search}`, { replace: true }),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', params: {} }
  return (
    <OwnersListContext.Provider logic={list} options={{ input }}>
      <OwnersActionsScope />
    </OwnersListContext.Provider>
  )
}

function OwnersActionsScope() {
  const effects = useAppEffects()
  const provided = useProvided(ownersActionsMachine)
  const session = useSession()
  const list = OwnersListContext.useActorRef()
  const [actions] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          effects.notify(p.level, p.id as MessageId, p.values),
        listChanged: () => list.send({ type: 'list.reload' }),
      },
    }),
  )
  return (
    <OwnersActionsContext.Provider logic={actions} options={{ input: { stores: session.stores } }}>
      <ConnectedOwners />
    </OwnersActionsContext.Provider>
  )
}

function ConnectedOwners() {
  const listView = OwnersListContext.useSelector(toOwnersListView)
  const actionsView = OwnersActionsContext.useSelector(toOwnersActionsView)
  const list = OwnersListContext.useActorRef()
  const actions = OwnersActionsContext.useActorRef()
  const send = (event: OwnersEvent) => {
    if (event.type.startsWith('list.')) list.send(event as Parameters<typeof list.send>[0])
    else actions.send(event as Parameters<typeof actions.send>[0])
  }
  return <OwnersPage view={{ ...listView, ...actionsView }} send={send} />
}
