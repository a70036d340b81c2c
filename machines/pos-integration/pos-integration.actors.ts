// The default actors of the POS integration dialog: src/api calls, passing the abort signal on.
import { fromPromise } from 'xstate'
import { posApi } from '../../src/api/pos'
import type { PosAccount } from '../../src/domain/pos'
import type { PosActivity, SavePosInput } from './pos-integration.machine'

/** GET /pos-merchant-accounts/search?storeId= (a 404 NOT_FOUND is the machine's to read). */
export const loadAccount = fromPromise<PosAccount, { storeId: string }>(({ input, signal }) =>
  posApi.search(input.storeId, signal),
)

/** The webhook status, the products and the last orders of the store, together. */
export const loadActivity = fromPromise<PosActivity, { storeId: string }>(async ({ input, signal }) => {
  const [status, products, orders] = await Promise.all([
    posApi.webhookStatus(input.storeId, signal),
    posApi.products(input.storeId, signal),
    posApi.orders(input.storeId, 20, signal),
  ])
  return { status, products, orders }
})

/** POST /pos-merchant-accounts for a new account, PUT /pos-merchant-accounts/{id} otherwise. */
export const saveAccount = fromPromise<PosAccount, SavePosInput>(({ input, signal }) =>
  input.accountId
    ? posApi.update(input.accountId, input.body, signal)
    : posApi.create({ storeId: input.storeId, ...input.body }, signal),
)

/** POST /pos-merchant-accounts/{id}/secret. */
export const regenerateSecret = fromPromise<PosAccount, { accountId: string }>(({ input, signal }) =>
  posApi.regenerateSecret(input.accountId, signal),
)
