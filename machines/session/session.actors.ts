// The default actors of the session flows: each wraps src/api calls and passes the abort signal on.
import { fromCallback, fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import { onUnauthorized } from '../../src/api/client'
import { activeToken, clearSession, writeKey } from '../../src/api/storage'
import { type Account, buildAccount } from './account'
import type { SessionEvent } from './session.machine'

/**
 * Fetches who the token belongs to and what it may see (franchise and stores for owners), in one round
 * trip: on a slow connection each round before the first page's own call costs its latency again.
 */
export const loadAccount = fromPromise<Account>(async ({ signal }) => {
  const start = await authApi.session(signal)
  return buildAccount(start.me, start.info, start.franchises, start.stores, start.categories)
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

/** Keeps the top bar's choice; the selected tag belongs to a store (§4 create-sale): a new store starts without one. */
export function saveCurrentStore(storeId: string | null) {
  writeKey('currentStore', storeId)
  writeKey('selectedTag', null)
}

/** §4 administration entry: the tag, start page, store and impostor token of the merchant go. */
export function leaveImpersonation() {
  for (const key of ['selectedTag', 'startPage', 'currentStore', 'impostorToken'] as const)
    writeKey(key, null)
}

/** Any call answered 401 while signed in (a revoked or expired token) ends the session. */
export const watchUnauthorized = fromCallback<SessionEvent>(({ sendBack }) =>
  onUnauthorized(() => sendBack({ type: 'session.expired' })),
)
