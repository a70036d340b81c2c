// The administration (/pages/admin/dashboard, admins only: the route guard sends anyone else away).
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { watchLocationOf } from '../../../machines/admin-merchants/admin-merchants.actors'
import { adminMerchantsMachine } from '../../../machines/admin-merchants/admin-merchants.machine'
import { toAdminMerchantsView } from '../../../machines/admin-merchants/admin-merchants.view'
import { useSession } from '../../ui/session/hooks'
import { ADMIN_PATH, AdminDashboardPage, panelPath } from './AdminDashboardPage'
import { useAdminLogic } from './logic'

export const AdminMerchantsContext = createActorContext(adminMerchantsMachine)

export function AdminDashboardContainer() {
  const logic = useAdminLogic()
  const session = useSession()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [machine] = useState(() =>
    logic.merchants.provide({
      actors: { watchLocation: watchLocationOf(logic.location, ADMIN_PATH) },
      actions: {
        writeUrl: (_, p: { search: string }) => navigate(`${ADMIN_PATH}${p.search}`, { replace: true }),
        notify: (_, p: { level: 'success' | 'error'; id: string; values?: Record<string, string> }) =>
          logic.notify(p.level, p.id, p.values),
        actAs: (_, p: { token: string }) => logic.actAs(p.token),
        openPanel: (_, p: { franchiseId: string }) => navigate(panelPath(p.franchiseId)),
      },
    }),
  )
  const input = { location: search ? `?${search}` : '', adminId: session.user?.id ?? '' }
  return (
    <AdminMerchantsContext.Provider logic={machine} options={{ input }}>
      <ConnectedDashboard />
    </AdminMerchantsContext.Provider>
  )
}

function ConnectedDashboard() {
  const view = AdminMerchantsContext.useSelector(toAdminMerchantsView)
  const actor = AdminMerchantsContext.useActorRef()
  return <AdminDashboardPage view={view} send={actor.send} />
}
