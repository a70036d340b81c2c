// The administration (/pages/admin/dashboard, admins only: the route guard sends anyone else away): the
// merchant list (a createListMachine list, its query in the address) and its row actions and dialogs
// (admin-merchants-actions: a changed row goes back to the list, a created franchise reloads it).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/admin-merchants/admin-merchants.actors'
import {
  adminMerchantsListMachine,
  toMerchantsListView,
} from '../../../machines/admin-merchants/admin-merchants.list'
import { merchantActionsMachine } from '../../../machines/admin-merchants/admin-merchants-actions.machine'
import {
  type AdminMerchantsEvent,
  toMerchantActionsView,
} from '../../../machines/admin-merchants/admin-merchants-actions.view'
import type { MerchantRow } from '../../domain/admin'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { useSession } from '../../ui/session/hooks'
import { ADMIN_PATH, AdminDashboardPage, panelPath } from './AdminDashboardPage'

export const AdminMerchantsContext = createActorContext(adminMerchantsListMachine)
export const MerchantActionsContext = createActorContext(merchantActionsMachine)

export function AdminDashboardContainer() {
  const effects = useAppEffects()
  const search = useSearch()
  const provided = useProvided(adminMerchantsListMachine)
  const [list] = useState(() =>
    provided.provide({
      actors: { watchLocation: watchLocationOf(effects.location, ADMIN_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) =>
          effects.navigate(`${ADMIN_PATH}${p.search}`, { replace: true }),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', params: {} }
  return (
    <AdminMerchantsContext.Provider logic={list} options={{ input }}>
      <MerchantActionsScope />
    </AdminMerchantsContext.Provider>
  )
}

function MerchantActionsScope() {
  const effects = useAppEffects()
  const session = useSession()
  const list = AdminMerchantsContext.useActorRef()
  // The machine calls src/api and acts as the merchant itself; a test hands one provided with fakes.
  const provided = useProvided(merchantActionsMachine)
  const [actions] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          effects.notify(p.level, p.id as MessageId, p.values),
        openPanel: (_, p: { franchiseId: string }) => effects.navigate(panelPath(p.franchiseId)),
        rowChanged: (_, p: { row: MerchantRow }) => list.send({ type: 'list.updateRow', row: p.row }),
        listChanged: () => list.send({ type: 'list.reload' }),
      },
    }),
  )
  return (
    <MerchantActionsContext.Provider logic={actions} options={{ input: { adminId: session.user?.id ?? '' } }}>
      <ConnectedDashboard />
    </MerchantActionsContext.Provider>
  )
}

function ConnectedDashboard() {
  const listView = AdminMerchantsContext.useSelector(toMerchantsListView)
  const actionsView = MerchantActionsContext.useSelector(toMerchantActionsView)
  const list = AdminMerchantsContext.useActorRef()
  const actions = MerchantActionsContext.useActorRef()
  const send = (event: AdminMerchantsEvent) => {
    if (event.type.startsWith('list.')) list.send(event as Parameters<typeof list.send>[0])
    else actions.send(event as Parameters<typeof actions.send>[0])
  }
  return <AdminDashboardPage view={{ ...listView, ...actionsView }} send={send} />
}
