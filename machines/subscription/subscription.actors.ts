// The default actors of the subscription machine: src/api calls.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import type { SubscriptionDetail } from '../../src/domain/subscription'

/** GET /stripe/subscriptions. */
export const loadSubscription = fromPromise<SubscriptionDetail, { userId: string }>(() =>
  authApi.subscription(),
)

/** POST /stripe/subscriptions/cancel or /resume. */
export const changeRenewal = fromPromise<SubscriptionDetail, { userId: string; cancel: boolean }>(
  ({ input }) => authApi.changeRenewal(input.cancel),
)

/** POST /stripe/portal-sessions: Stripe's customer portal. */
export const portalLink = fromPromise<{ url: string }, { userId: string }>(() => authApi.portalSession())

/** The first subscription product's payment link (the local adapter's checkout page, or the provider's). */
export const paymentLink = fromPromise<{ url: string }, { userId: string }>(async () => {
  const [product] = await authApi.paymentLinks()
  if (!product) throw new Error('no subscription product')
  return authApi.paymentLink(product.id)
})
