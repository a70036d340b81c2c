// The default actor of the client form: create or update through src/api.
import { fromPromise } from 'xstate'
import { clientsApi } from '../../src/api/clients'
import type { ClientDetail } from '../../src/domain/clients'
import type { SaveClientInput } from './client-form.machine'

/** POST (create) or PUT (update) api/v2/franchises/{id}/users. */
export const saveClient = fromPromise<ClientDetail, SaveClientInput>(({ input }) =>
  input.mode === 'edit' && input.input.id
    ? clientsApi.update(input.franchiseId, { ...input.input, id: input.input.id })
    : clientsApi.create(input.franchiseId, input.input),
)
