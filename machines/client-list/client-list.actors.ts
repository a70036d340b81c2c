// The actors of the client list: the list call (src/api, aborted through `signal` when a newer query
// replaces it) and the paged lists' address watcher.
import { fromPromise } from 'xstate'
import { clientsApi } from '../../src/api/clients'
import { loyaltyApi } from '../../src/api/loyalty'
import type { ListClientsInput, ListClientsOutput } from './client-list.list'
import { clientQueryOf } from './query'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

/**
 * GET api/v2/franchises/clients, or api/v2/stores/{id}/clients when a store is chosen; a loyalty card's
 * list without a store: GET api/v2/loyalty-models/{id}/clients.
 */
export const listClients = fromPromise<ListClientsOutput, ListClientsInput>(async ({ input, signal }) => {
  const query = clientQueryOf(input)
  const { modelId } = input.params
  return {
    requestId: input.requestId,
    page:
      modelId && !query.store
        ? await loyaltyApi.clients(modelId, query, signal)
        : await clientsApi.list(query, signal),
  }
})
