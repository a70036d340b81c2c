// The default actors of account confirmation: each wraps src/api calls.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import type { Offer } from './confirmation.machine'

/** PATCH /api/v2/users/accept-terms (the CGV of §4). */
export const acceptTerms = fromPromise<void>(async () => {
  await authApi.acceptTerms()
})

/** The subscription plan (the first product on sale) and a payment link for this user. */
export const loadOffer = fromPromise<Offer | null>(async () => {
  const [plan] = await authApi.paymentLinks()
  if (!plan) return null
  const { url } = await authApi.paymentLink(plan.id)
  return {
    plan: { id: plan.id, name: plan.name, amountCents: plan.amountCents, currencyCode: plan.currencyCode },
    url,
  }
})
