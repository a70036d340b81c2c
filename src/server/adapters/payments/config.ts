// The payments settings (README "Configuration"): PAYMENTS=local|stripe picks the adapter; Stripe
// wants its secret key, its webhook signing secret and one price id per currency we sell in.
import { CURRENCIES, type CurrencyCode } from '../../../domain/constants'

export type StripeApi = { host: string; port: number; protocol: 'http' | 'https' }

export type PaymentsConfig = {
  kind: 'local' | 'stripe'
  /** STRIPE_SECRET_KEY (sk_live_… / sk_test_… or a restricted rk_… key). */
  secretKey?: string | undefined
  /** STRIPE_WEBHOOK_SECRET (whsec_…): verifies POST /stripe/webhook. */
  webhookSecret?: string | undefined
  /** STRIPE_PRICES: the recurring price of the monthly plan, per currency. */
  prices: Partial<Record<CurrencyCode, string>>
  /** STRIPE_API_HOST/PORT/PROTOCOL: another Stripe API address (tests' fake); unset: api.stripe.com. */
  api?: StripeApi | undefined
  /** PAYMENTS_GRACE_DAYS: how long the owner pages stay open after a renewal failed. */
  graceDays: number
}

export const DEFAULT_GRACE_DAYS = 7

/** "EUR:price_1,USD:price_2": a wrong entry or an unknown currency stops the start. */
export function parsePrices(value: string | undefined): Partial<Record<CurrencyCode, string>> {
  const prices: Partial<Record<CurrencyCode, string>> = {}
  for (const entry of (value ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue
    const [currency, price] = entry.split(':').map((p) => p.trim())
    if (!currency || !price || !(CURRENCIES as readonly string[]).includes(currency.toUpperCase()))
      throw new Error(
        `STRIPE_PRICES: "${entry}" is not CURRENCY:price_id (currencies: ${CURRENCIES.join(', ')})`,
      )
    prices[currency.toUpperCase() as CurrencyCode] = price
  }
  return prices
}

/** Stripe when PAYMENTS=stripe, or when PAYMENTS is unset and STRIPE_SECRET_KEY is set; else local. */
export function paymentsKind(env: NodeJS.ProcessEnv): 'local' | 'stripe' {
  if (env.PAYMENTS === 'local' || env.PAYMENTS === 'stripe') return env.PAYMENTS
  if (env.PAYMENTS) throw new Error(`PAYMENTS must be local or stripe (got "${env.PAYMENTS}")`)
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'local'
}

export function paymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const grace = Number(env.PAYMENTS_GRACE_DAYS ?? DEFAULT_GRACE_DAYS)
  if (!Number.isInteger(grace) || grace < 0)
    throw new Error('PAYMENTS_GRACE_DAYS must be a whole number of days')
  const protocol = env.STRIPE_API_PROTOCOL ?? 'https'
  if (protocol !== 'http' && protocol !== 'https')
    throw new Error('STRIPE_API_PROTOCOL must be http or https')
  return {
    kind: paymentsKind(env),
    secretKey: env.STRIPE_SECRET_KEY || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    prices: parsePrices(env.STRIPE_PRICES),
    api: env.STRIPE_API_HOST
      ? { host: env.STRIPE_API_HOST, port: Number(env.STRIPE_API_PORT || 443), protocol }
      : undefined,
    graceDays: grace,
  }
}
