// The default actors of the client list: the list call (src/api, aborted through `signal` when a newer
// query replaces it) and the paged lists' address watcher.
import { fromPromise } from 'xstate'
import { clientsApi } from '../../src/api/clients'
import type { ListClientsInput, ListClientsOutput } from './client-list.machine'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

/** GET api/v2/franchises/clients, or api/v2/stores/{id}/clients when a store is chosen. */
export const listClients = fromPromise<ListClientsOutput, ListClientsInput>(async ({ input, signal }) => ({
  requestId: input.requestId,
  page: await clientsApi.list(input.query, signal),
}))
