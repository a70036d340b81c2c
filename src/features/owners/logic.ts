// The owners page's machine with the app's real actors (src/api) and effects. Tests and stories hand
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
import { ownersMachine } from '../../../machines/owners/owners.machine'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type OwnersLogic = {
  owners: typeof ownersMachine
  /** The address the list follows (the browser's; a memory router's in tests). */
  location: LocationSource
  notify: (level: 'success' | 'error', id: string, values?: Record<string, string>) => void
}

export const appOwnersLogic: OwnersLogic = {
  owners: ownersMachine.provide({
    actors: { listOwners, createOwner, unlinkOwner, updateOwnerStores, resendInvitation },
  }),
  location: browserLocation,
  notify: (level, id, values) => notify[level](id as MessageId, values ? { values } : {}),
}

export const OwnersLogicContext = createContext<OwnersLogic>(appOwnersLogic)
export const useOwnersLogic = () => useContext(OwnersLogicContext)
