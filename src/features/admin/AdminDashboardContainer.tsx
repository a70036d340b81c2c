// The administration (/pages/admin/dashboard, admins only: the route guard sends anyone else away): the
// merchant list (a createListMachine list, its query in the address) and its row actions and dialogs
// (admin-merchants-actions: a changed row goes back to the list, a created franchise reloads it).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
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
import { useSession } from '../../ui/session/hooks'
import { ADMIN_PATH, AdminDashboardPage, panelPath } from './AdminDashboardPage'
import { useAdminLogic } from './logic'

export const AdminMerchantsContext = createActorContext(adminMerchantsListMachine)
export const MerchantActionsContext = createActorContext(merchantActionsMachine)

export function AdminDashboardContainer() {
  const logic = useAdminLogic()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [list] = useState(() =>
    logic.merchants.provide({
      actors: { watchLocation: watchLocationOf(logic.location, ADMIN_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) => navigate(`${ADMIN_PATH}${p.search}`, { replace: true }),
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
  const logic = useAdminLogic()
  const session = useSession()
  const [, navigate] = useLocation()
  const list = AdminMerchantsContext.useActorRef()
  const [actions] = useState(() =>
    logic.merchantActions.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          logic.notify(p.level, p.id, p.values),
        actAs: (_, p: { token: string }) => logic.actAs(p.token),
        openPanel: (_, p: { franchiseId: string }) => navigate(panelPath(p.franchiseId)),
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
