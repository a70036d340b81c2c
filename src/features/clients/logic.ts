// The client screens' machines with the app's real actors (src/api) and effects. Tests and stories hand
// their own (the same machines with a fake back end) through ClientsLogicContext.
import { createContext, useContext } from 'react'
import { fromPromise } from 'xstate'
import { loadValues, saveValues } from '../../../machines/client-crm/client-crm.actors'
import { clientCrmMachine } from '../../../machines/client-crm/client-crm.machine'
import {
  deleteClient,
  loadClient,
  loadCoupons,
  movePoints,
  recordSale,
  redeemCoupon,
  redeemOffer,
} from '../../../machines/client-detail/client-detail.actors'
import { clientDetailMachine } from '../../../machines/client-detail/client-detail.machine'
import { eraseClient } from '../../../machines/client-erase/client-erase.actors'
import { clientEraseMachine } from '../../../machines/client-erase/client-erase.machine'
import { loadExpiry } from '../../../machines/client-expiry/client-expiry.actors'
import { clientExpiryMachine } from '../../../machines/client-expiry/client-expiry.machine'
import { saveClient } from '../../../machines/client-form/client-form.actors'
import { clientFormMachine } from '../../../machines/client-form/client-form.machine'
import {
  browserLocation,
  type LocationSource,
  listClients,
} from '../../../machines/client-list/client-list.actors'
import type { ListClientsInput, ListClientsOutput } from '../../../machines/client-list/client-list.machine'
import { clientListMachine } from '../../../machines/client-list/client-list.machine'
import { clientsApi } from '../../api/clients'
import { loyaltyApi } from '../../api/loyalty'
import type { MessageId } from '../../ui/i18n/messages'
import { notify } from '../../ui/Toast'

export type NoticeLevel = 'success' | 'error'

export type ClientsLogic = {
  clientList: typeof clientListMachine
  clientDetail: typeof clientDetailMachine
  /** The client's answers to the registration form (issue 21). */
  clientCrm: typeof clientCrmMachine
  /** The client's coming points expiry (issue 23); without it the detail has no such panel. */
  clientExpiry?: typeof clientExpiryMachine
  /** A client's GDPR erasure (issue 23). */
  clientErase: typeof clientEraseMachine
  /** The address the list follows (the browser's; a memory router's in tests). */
  location: LocationSource
  /** A toast (§8 message ids). */
  notify: (level: NoticeLevel, id: string) => void
  /** A loyalty card's clients: one of its stores when the filter names one, else all of its stores. */
  listCardClients: (modelId: string) => ReturnType<typeof fromPromise<ListClientsOutput, ListClientsInput>>
}

const clientForm = clientFormMachine.provide({ actors: { saveClient } })

export const appClientsLogic: ClientsLogic = {
  clientList: clientListMachine.provide({ actors: { listClients, clientForm } }),
  clientDetail: clientDetailMachine.provide({
    actors: {
      loadClient,
      loadCoupons,
      movePoints,
      recordSale,
      redeemOffer,
      redeemCoupon,
      deleteClient,
      clientForm,
    },
  }),
  clientCrm: clientCrmMachine.provide({ actors: { loadValues, saveValues } }),
  clientExpiry: clientExpiryMachine.provide({ actors: { loadExpiry } }),
  clientErase: clientEraseMachine.provide({ actors: { eraseClient } }),
  location: browserLocation,
  notify: (level, id) => notify[level](id as MessageId),
  listCardClients: (modelId) =>
    fromPromise<ListClientsOutput, ListClientsInput>(async ({ input, signal }) => ({
      requestId: input.requestId,
      page: input.query.store
        ? await clientsApi.list(input.query, signal)
        : await loyaltyApi.clients(modelId, input.query, signal),
    })),
}

export const ClientsLogicContext = createContext<ClientsLogic>(appClientsLogic)
export const useClientsLogic = () => useContext(ClientsLogicContext)
