// The default actors of the merchant page: the list call (the list machine's `loadPage`), the admin
// calls (src/api, aborted through `signal`), the impostor token, and the paged lists' address watcher
// (on this page's path).
import { fromPromise } from 'xstate'
import { adminApi } from '../../src/api/admin'
import { authApi } from '../../src/api/auth'
import { writeKey } from '../../src/api/storage'
import {
  type CreatedFranchise,
  type CreatedFranchiseOwner,
  type FranchiseOwnerForm,
  type MerchantRow,
  toCreateFranchiseOwnerRequest,
  toCreateFranchiseRequest,
} from '../../src/domain/admin'
import type { ListMerchantsInput, ListMerchantsOutput } from './admin-merchants.list'
import type { CreateFranchiseInput } from './admin-merchants.types'

export { browserLocation, type LocationSource, watchLocationOf } from '../paged-list/paged-list.actors'

export const listMerchants = fromPromise<ListMerchantsOutput, ListMerchantsInput>(
  async ({ input, signal }) => ({
    requestId: input.requestId,
    page: await adminApi.merchants(
      {
        filter: input.query.filter,
        page: input.query.page,
        size: input.query.size,
        sort: input.query.sort,
        sortOrder: input.query.sortOrder,
      },
      signal,
    ),
  }),
)

export const setSubscription = fromPromise<MerchantRow, { id: string; subscribed: boolean }>(
  ({ input, signal }) => adminApi.setSubscription(input.id, input.subscribed, signal),
)

export const encodeToken = fromPromise<{ id: string }, { userId: string; impostorId: string }>(({ input }) =>
  authApi.encodeToken(input.userId, input.impostorId),
)

export const createFranchiseOwner = fromPromise<CreatedFranchiseOwner, { values: FranchiseOwnerForm }>(
  ({ input, signal }) => adminApi.createFranchiseOwner(toCreateFranchiseOwnerRequest(input.values), signal),
)

export const createFranchise = fromPromise<CreatedFranchise, CreateFranchiseInput>(({ input, signal }) =>
  adminApi.createFranchise(toCreateFranchiseRequest(input.values, input.userId), signal),
)

/**
 * §4 acting as a merchant: the impostor token is kept beside the admin's own (which the
 * "administration" entry restores), the merchant starts without the admin's store, tag or start page,
 * and the app loads again from the root, where startup reads the merchant with that token.
 */
export function startActingAs(token: string): void {
  for (const key of ['selectedTag', 'startPage', 'currentStore'] as const) writeKey(key, null)
  writeKey('impostorToken', token)
  window.location.assign('/')
}
