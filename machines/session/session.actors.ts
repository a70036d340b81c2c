// The default actors of the session flows: each wraps src/api calls and passes the abort signal on.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import { franchisesApi } from '../../src/api/franchises'
import { activeToken, clearSession, writeKey } from '../../src/api/storage'
import { effectiveRole, isOwnerRole } from '../../src/domain/roles'
import { type Account, buildAccount } from './account'

/** Fetches who the token belongs to and what it may see (franchise and stores for owners). */
export const loadAccount = fromPromise<Account>(async ({ signal }) => {
  const me = await authApi.me(signal)
  const info = await authApi.userInfo(me.id, signal)
  const role = effectiveRole({
    role: info.role,
    hasAcceptedCgv: info.hasAcceptedCGV,
    isSubscribedRetailer: info.isSubscribedRetailer,
  })
  const owner = isOwnerRole(role)
  const [franchises, stores, categories] = await Promise.all([
    owner ? franchisesApi.owned(signal) : Promise.resolve([]),
    owner ? franchisesApi.ownedStores(signal) : Promise.resolve([]),
    authApi.categories(signal),
  ])
  return buildAccount(me, info, franchises, stores, categories)
})

/** A payment link for the subscription (§4 Login: accepted but not subscribed); null when none. */
export const fetchPaymentLink = fromPromise<string | null>(async () => {
  const products = await authApi.paymentLinks()
  const first = products[0]
  if (!first) return null
  return (await authApi.paymentLink(first.id)).url
})

/** Revokes the token on the server; the session is cleared whatever the answer. */
export const revokeSession = fromPromise<void>(async () => {
  if (!activeToken()) return
  await authApi.logout().catch(() => undefined)
})

export const signIn = fromPromise<{ id: string; userId: string }, { email: string; password: string }>(
  async ({ input, signal }) => {
    const res = await authApi.login(input.email, input.password, signal)
    // The token is kept before the account is loaded: the next calls need it.
    writeKey('token', res.id)
    writeKey('userId', res.userId)
    writeKey('impostorToken', null)
    return res
  },
)

export const forgetSession = () => clearSession()
