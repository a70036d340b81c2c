// Production mode (issue 35 §5): with NODE_ENV=production the server refuses to start on a setting that
// would run it as a demo or unsafely, with one line per problem, before it opens the database. Without
// NODE_ENV=production (`npm start` on a laptop) nothing here applies and the offline defaults stay.
import { CURRENCIES } from '../domain/constants'
import { parsePrices } from './adapters/payments/config'

export function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production'
}

/** What stops a production start, one sentence each (empty outside production). */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  if (!isProduction(env)) return []
  const problems: string[] = []
  const set = (name: string) => (env[name] ?? '').trim() !== ''
  const stripe = env.PAYMENTS === 'stripe' || (!env.PAYMENTS && set('STRIPE_SECRET_KEY'))
  if (!stripe && env.PAYMENTS !== 'local')
    problems.push(
      'PAYMENTS is unset: subscriptions would go through the local checkout and cost nothing. Set PAYMENTS=stripe with its STRIPE_* settings, or PAYMENTS=local to run the local checkout on purpose.',
    )
  if (!set('MAIL_SMTP_URL') && !set('MAIL_API_URL') && env.MAIL !== 'local')
    problems.push(
      'MAIL_SMTP_URL is unset: password resets, invitations and sign-up links would stay in the outbox and reach nobody. Set the SMTP server (or MAIL_API_URL), or MAIL=local on purpose.',
    )
  if (!set('COOKIE_SECRET'))
    problems.push(
      'COOKIE_SECRET is unset: each start would draw a new key and every remembered scan-page device would be forgotten. Set a long random secret.',
    )
  let url: URL | null = null
  try {
    url = set('PUBLIC_URL') ? new URL(env.PUBLIC_URL!) : null
  } catch {
    url = null
  }
  if (url?.protocol !== 'https:')
    problems.push(
      `PUBLIC_URL must be the https address customers and providers reach (got "${env.PUBLIC_URL ?? ''}").`,
    )
  if (stripe) problems.push(...stripeProblems(env))
  const sms = env.SMS_PROVIDER?.trim() || (set('SMS_API_URL') ? 'http' : 'local')
  if (sms === 'http' && !set('SMS_WEBHOOK_SECRET'))
    problems.push('SMS_WEBHOOK_SECRET is unset: the SMS provider’s inbound messages could not be verified.')
  // Twilio signs its callbacks with the account's auth token; Vonage with the signature secret.
  if (sms === 'twilio' && !set('TWILIO_AUTH_TOKEN'))
    problems.push(
      'TWILIO_AUTH_TOKEN is unset: Twilio could not be called nor its receipts and replies verified.',
    )
  if (sms === 'vonage' && !set('VONAGE_SIGNATURE_SECRET'))
    problems.push(
      'VONAGE_SIGNATURE_SECRET is unset: Vonage’s delivery receipts and replies could not be verified (turn on signed webhooks in its dashboard).',
    )
  return problems
}

/** Stripe's settings: its key, its webhook secret, and a price for each currency we sell in. */
function stripeProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = []
  if (!(env.STRIPE_SECRET_KEY ?? '').trim())
    problems.push('STRIPE_SECRET_KEY is unset: Stripe cannot be called (PAYMENTS=stripe).')
  if (!(env.STRIPE_WEBHOOK_SECRET ?? '').trim())
    problems.push('STRIPE_WEBHOOK_SECRET is unset: Stripe’s webhooks could not be verified.')
  let prices: Partial<Record<string, string>> = {}
  try {
    prices = parsePrices(env.STRIPE_PRICES)
  } catch (err) {
    return [...problems, (err as Error).message]
  }
  const missing = CURRENCIES.filter((c) => !prices[c])
  if (missing.length)
    problems.push(
      `STRIPE_PRICES has no price for ${missing.join(', ')}: merchants paying in it could not subscribe (e.g. STRIPE_PRICES=EUR:price_…,USD:price_…).`,
    )
  return problems
}
