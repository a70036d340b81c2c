// The CRM clients list's default actors: the list call (aborted through `signal` when a newer query
// replaces it) and the paged lists' address watcher.
import { fromPromise } from 'xstate'
import { crmApi } from '../../src/api/crm'
import type { ListCrmClientsInput, ListCrmClientsOutput } from './crm-clients.machine'

export const listCrmClients = fromPromise<ListCrmClientsOutput, ListCrmClientsInput>(
  async ({ input, signal }) => ({
    requestId: input.requestId,
    page: await crmApi.clients(input.franchiseId, input.query, signal),
  }),
)
