// The CRM clients list's default actor: the list call (aborted through `signal` when a newer query
// replaces it), provided as the list machine's `loadPage`.
import { fromPromise } from 'xstate'
import { crmApi } from '../../src/api/crm'
import type { ListCrmClientsInput, ListCrmClientsOutput } from './crm-clients.list'

export const listCrmClients = fromPromise<ListCrmClientsOutput, ListCrmClientsInput>(
  async ({ input, signal }) => {
    const { search, field, page, size } = input.query
    return {
      requestId: input.requestId,
      page: await crmApi.clients(input.params.franchiseId, { search, field, page, size }, signal),
    }
  },
)
