// The default actor of the client detail's expiry panel: the src/api call, aborted through `signal`.
import { fromPromise } from 'xstate'
import { expiryApi } from '../../src/api/expiry'
import type { ClientExpiryResponse } from '../../src/domain/expiry'
import type { ClientExpiryInput } from './client-expiry.machine'

export const loadExpiry = fromPromise<ClientExpiryResponse, ClientExpiryInput>(({ input, signal }) =>
  expiryApi.client(input.franchiseId, input.clientId, signal),
)
