// The owners page's machines with the app's real actors (src/api) and effects. Tests and stories hand
// their own (the same machine with a fake back end) through OwnersLogicContext.
import { createContext, useContext } from 'react'
import {
  browserLocation,
  createOwner,
  type LocationSource,
  listOwners,
  resendInvitation,
  unlinkOwner,
  updateOwnerStores,
} from '../../../machines/owners/owners.actors'
import { ownersListMachine } from '../../../machines/owners/owners.list'
import { ownersActionsMachine } from '../../../machines/owners/owners-actions.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type OwnersLogic = {
  /** The list (its `loadPage` provided) and the dialogs (create, stores, invitation, unlink calls). */
  list: typeof ownersListMachine
  actions: typeof ownersActionsMachine
  /** The address the list follows (the browser's; a memory router's in tests). */
  location: LocationSource
  notify: (level: 'success' | 'error', id: string, values?: Record<string, string>) => void
}

export const appOwnersLogic: OwnersLogic = {
  list: ownersListMachine.provide({ actors: { loadPage: listOwners } }),
  actions: ownersActionsMachine.provide({
    actors: { createOwner, unlinkOwner, updateOwnerStores, resendInvitation },
  }),
  location: browserLocation,
  notify: (level, id, values) => notify[level](id as MessageId, values ? { values } : {}),
}

export const OwnersLogicContext = createContext<OwnersLogic>(appOwnersLogic)
export const useOwnersLogic = () => useContext(OwnersLogicContext)
