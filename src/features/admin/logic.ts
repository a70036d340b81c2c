// The administration pages' machines with the app's real actors (src/api) and effects. Tests and stories
// hand their own (the same machines with a fake back end) through AdminLogicContext.
import { createContext, useContext } from 'react'
import {
  browserLocation,
  createFranchise,
  createFranchiseOwner,
  encodeToken,
  type LocationSource,
  listMerchants,
  setSubscription,
  startActingAs,
} from '../../../machines/admin-merchants/admin-merchants.actors'
import { adminMerchantsListMachine } from '../../../machines/admin-merchants/admin-merchants.list'
import { merchantActionsMachine } from '../../../machines/admin-merchants/admin-merchants-actions.machine'
import {
  applyChange,
  checkSender,
  createOwner,
  loadAudit,
  loadPanel,
  saveSender,
} from '../../../machines/franchise-panel/franchise-panel.actors'
import { franchisePanelMachine } from '../../../machines/franchise-panel/franchise-panel.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type AdminLogic = {
  /** The merchant list (its `loadPage` provided) and its row actions and dialogs. */
  merchants: typeof adminMerchantsListMachine
  merchantActions: typeof merchantActionsMachine
  panel: typeof franchisePanelMachine
  /** The address the list follows (the browser's; a memory router's in tests). */
  location: LocationSource
  notify: (level: 'success' | 'error', id: string, values?: Record<string, string>) => void
  /** Keeps the impostor token and reloads the app as the merchant. */
  actAs: (token: string) => void
}

export const appAdminLogic: AdminLogic = {
  merchants: adminMerchantsListMachine.provide({ actors: { loadPage: listMerchants } }),
  merchantActions: merchantActionsMachine.provide({
    actors: { setSubscription, encodeToken, createFranchiseOwner, createFranchise },
  }),
  panel: franchisePanelMachine.provide({
    actors: { loadPanel, loadAudit, applyChange, checkSender, saveSender, createOwner },
  }),
  location: browserLocation,
  notify: (level, id, values) => notify[level](id as MessageId, values ? { values } : {}),
  actAs: startActingAs,
}

export const AdminLogicContext = createContext<AdminLogic>(appAdminLogic)
export const useAdminLogic = () => useContext(AdminLogicContext)
