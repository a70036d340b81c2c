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

/** The product's payment link (a checkout page): the profile's, shared. */
export { paymentLink } from '../profile/profile.actors'
