// Production mode (issue 35 §5): NODE_ENV=production refuses a start that would run as a demo or
// unsafely, one line per problem; without it, `npm start` keeps its offline defaults.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'
import { productionProblems } from '../../src/server/production'

const LIVE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://app.example.com',
  COOKIE_SECRET: 'a-long-random-secret',
  PAYMENTS: 'local',
  MAIL: 'local',
}

describe('production mode', () => {
  it('asks nothing outside production', () => {
    expect(productionProblems({})).toEqual([])
    expect(productionProblems({ NODE_ENV: 'development' })).toEqual([])
  })

  it('names each missing or unsafe setting', () => {
    const problems = productionProblems({ NODE_ENV: 'production', PUBLIC_URL: 'http://app.example.com' })
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/^PAYMENTS is unset: .*local checkout.*PAYMENTS=local/)
    expect(problems[1]).toMatch(/^MAIL_SMTP_URL is unset: .*MAIL=local/)
    expect(problems[2]).toMatch(/^COOKIE_SECRET is unset/)
    expect(problems[3]).toMatch(/^PUBLIC_URL must be the https address .*"http:\/\/app.example.com"/)
    expect(productionProblems({ ...LIVE, PUBLIC_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL must be/),
    ])
  })

  it('asks a configured provider for its webhook secret', () => {
    const withProviders = {
      ...LIVE,
      PAYMENTS: '',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PRICES: 'EUR:price_e,USD:price_u,CAD:price_c,CHF:price_f',
      SMS_API_URL: 'https://sms.test',
    }
    expect(productionProblems(withProviders)).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is unset/),
      expect.stringMatching(/^SMS_WEBHOOK_SECRET is unset/),
    ])
    expect(
      productionProblems({
        ...withProviders,
        STRIPE_WEBHOOK_SECRET: 'whsec',
        SMS_WEBHOOK_SECRET: 'smssec',
      }),
    ).toEqual([])
  })

  it('asks Twilio for its auth token and Vonage for its signature secret', () => {
    expect(productionProblems({ ...LIVE, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toEqual([
      expect.stringMatching(/^TWILIO_AUTH_TOKEN is unset/),
    ])
    expect(productionProblems({ ...LIVE, SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 'tok' })).toEqual([])
    const vonage = { ...LIVE, SMS_PROVIDER: 'vonage', VONAGE_API_KEY: 'k', VONAGE_API_SECRET: 's' }
    expect(productionProblems(vonage)).toEqual([expect.stringMatching(/^VONAGE_SIGNATURE_SECRET is unset/)])
    expect(productionProblems({ ...vonage, VONAGE_SIGNATURE_SECRET: 'sig' })).toEqual([])
  })

  it('reads SMS_PROVIDER and its settings, refusing a provider without them', () => {
    expect(loadConfig({}).adapters.sms.provider).toBe('local')
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER must be one of/)
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required/,
    )
    const sms = loadConfig({
      PUBLIC_URL: 'https://app.example.com/',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_FROM: '+15005550006',
    }).adapters.sms
    expect(sms.twilio?.statusCallback).toBe('https://app.example.com/webhooks/sms/twilio/status')
    // Twilio's library, loaded at the first send, would refuse it only then.
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'SK1',
        TWILIO_AUTH_TOKEN: 'tok',
        TWILIO_FROM: '+15005550006',
      }),
    ).toThrow('TWILIO_ACCOUNT_SID must start with AC')
    expect(() => loadConfig({ SMS_PROVIDER: 'vonage', VONAGE_API_KEY: 'k' })).toThrow(
      /VONAGE_API_SECRET is required/,
    )
  })

  it('asks Stripe for its key, its webhook secret and a price per currency', () => {
    expect(productionProblems({ ...LIVE, PAYMENTS: 'stripe' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY is unset/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is unset/),
      expect.stringMatching(/^STRIPE_PRICES has no price for EUR, CAD, USD, CHF/),
    ])
    const stripe = { ...LIVE, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' }
    expect(productionProblems({ ...stripe, STRIPE_PRICES: 'EUR:price_e,USD:price_u' })).toEqual([
      expect.stringMatching(/^STRIPE_PRICES has no price for CAD, CHF:/),
    ])
    expect(productionProblems({ ...stripe, STRIPE_PRICES: 'GBP:price_g' })).toEqual([
      expect.stringMatching(/^STRIPE_PRICES: "GBP:price_g" is not CURRENCY:price_id/),
    ])
  })

  it('accepts the local checkout and the outbox for mail only when said on purpose', () => {
    expect(productionProblems(LIVE)).toEqual([])
    expect(productionProblems({ ...LIVE, MAIL: '', MAIL_SMTP_URL: 'smtps://u:p@smtp.example.com' })).toEqual(
      [],
    )
  })

  it('seeds no demo data in production unless told to', () => {
    expect(loadConfig({ PORT: '0' }).seedWhenEmpty).toBe(true)
    expect(loadConfig({ PORT: '0', NODE_ENV: 'production' }).seedWhenEmpty).toBe(false)
    expect(loadConfig({ PORT: '0', NODE_ENV: 'production', SEED: 'on' }).seedWhenEmpty).toBe(true)
    expect(loadConfig({ PORT: '0', SEED: 'off' }).seedWhenEmpty).toBe(false)
  })

  it('stops a real production start with one line per problem, before touching a database', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        DATA_DIR: '/nonexistent/never-created',
      },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n').filter((l) => l.startsWith('Cannot start in production: '))
    expect(lines.map((l) => l.split(': ')[1]?.split(' ')[0])).toEqual([
      'PAYMENTS',
      'MAIL_SMTP_URL',
      'COOKIE_SECRET',
      'PUBLIC_URL',
    ])
  }, 90_000)
})
