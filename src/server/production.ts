// Production mode (issue 35 §5): with NODE_ENV=production the server refuses to start on a setting that
// would run it as a demo or unsafely, with one line per problem, before it opens the database. Without
// NODE_ENV=production (`npm start` on a laptop) nothing here applies and the offline defaults stay.

export function isProduction(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production'
}

/** What stops a production start, one sentence each (empty outside production). */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  if (!isProduction(env)) return []
  const problems: string[] = []
  const set = (name: string) => (env[name] ?? '').trim() !== ''
  if (!set('PAYMENTS_API_URL') && env.PAYMENTS !== 'local')
    problems.push(
      'PAYMENTS_API_URL is unset: subscriptions would go through the local checkout and cost nothing. Set the payments provider, or PAYMENTS=local to run the local checkout on purpose.',
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
  if (set('PAYMENTS_API_URL') && !set('PAYMENTS_WEBHOOK_SECRET'))
    problems.push('PAYMENTS_WEBHOOK_SECRET is unset: the payments provider’s webhooks could not be verified.')
  if (set('SMS_API_URL') && !set('SMS_WEBHOOK_SECRET'))
    problems.push('SMS_WEBHOOK_SECRET is unset: the SMS provider’s inbound messages could not be verified.')
  return problems
}
