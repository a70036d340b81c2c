// The Stripe library's client, pinned to the API version this code was written against, and how a
// failed call reaches the client (a 502) and the log (Stripe's error type and code). The library
// (0.2–0.27 s of CPU) is required when the Stripe adapter is made (PAYMENTS=stripe), not by every
// server start.
import type Stripe from 'stripe'
import { AppError } from '../../errors'
import { requiredLazily } from '../../lazy'
import type { PaymentsConfig } from './config'

/** The API version this adapter was written and tested against (the one stripe@23.1.0 ships with). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const
export const STRIPE_TIMEOUT_MS = 10_000
/** The header Stripe signs its webhook calls in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature'

export const stripeLibrary = requiredLazily<typeof Stripe>('stripe')

/** A failed Stripe call: a 502 for the client; Stripe's type and code kept for the server log. */
export function stripeError(what: string, cause: unknown): AppError {
  const code =
    cause instanceof stripeLibrary().errors.StripeError
      ? ` (${cause.type}${cause.code ? `: ${cause.code}` : ''})`
      : ''
  const error = new AppError(502, 'PAYMENT_PROVIDER_ERROR', `The payment provider could not ${what}${code}`)
  return Object.assign(error, { cause })
}

export function stripeClient(config: PaymentsConfig): Stripe {
  if (!config.secretKey) throw new Error('STRIPE_SECRET_KEY is required when PAYMENTS=stripe')
  return new (stripeLibrary())(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'loyalty' },
    ...(config.api ?? {}),
  })
}
