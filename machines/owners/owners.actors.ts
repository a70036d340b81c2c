// The default actors of the owners page: the list call (the list machine's `loadPage`), the create,
// stores, invitation and unlink calls (src/api, aborted through `signal`) and the paged lists' address
// watcher (on this page's path).
import { fromPromise } from 'xstate'
import { ownersApi } from '../../src/api/owners'
import { type OwnerFormValues, type OwnerRow, toCreateOwnerRequest } from '../../src/domain/owners'
import type { ListOwnersInput, ListOwnersOutput } from './owners.list'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listOwners = fromPromise<ListOwnersOutput, ListOwnersInput>(async ({ input, signal }) => ({
  requestId: input.requestId,
  page: await ownersApi.list(
    { search: input.query.search, page: input.query.page, size: input.query.size },
    signal,
  ),
}))

export const createOwner = fromPromise<OwnerRow, { values: OwnerFormValues }>(({ input, signal }) =>
  ownersApi.create(toCreateOwnerRequest(input.values), signal),
)

export const unlinkOwner = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  ownersApi.unlink(input.id, signal),
)

export const updateOwnerStores = fromPromise<OwnerRow, { id: string; storeIds: string[] }>(
  ({ input, signal }) => ownersApi.updateStores(input.id, input.storeIds, signal),
)

export const resendInvitation = fromPromise<OwnerRow, { id: string }>(({ input, signal }) =>
  ownersApi.resendInvitation(input.id, signal),
)
