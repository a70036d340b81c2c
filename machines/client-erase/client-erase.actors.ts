// The default actor of a client's erasure: the src/api call, aborted through `signal`.
import { fromPromise } from 'xstate'
import { gdprApi } from '../../src/api/gdpr'
import type { EraseClientInput, EraseClientOutput } from './client-erase.machine'

export const eraseClient = fromPromise<EraseClientOutput, EraseClientInput>(({ input, signal }) =>
  gdprApi.erase(input.franchiseId, input.clientId, signal),
)
