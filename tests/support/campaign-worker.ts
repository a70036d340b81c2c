// A dispatch worker in a process of its own, for the crash test (tests/server/campaign-crash.test.ts):
// it runs one campaign against PostgreSQL and a provider (PROVIDER_KIND: the generic HTTP one, or
// Twilio's API at PROVIDER_URL, tests/support/fake-twilio.ts) until the campaign is sent, and is
// killed with SIGKILL at random moments. Its clock is the test's (CLOCK_OFFSET_MS), shared by every
// worker, so that leases mean the same thing to all of them.
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { openPostgres } from '../../src/server/db/client'
import { runDispatch } from '../../src/server/services/campaign-dispatch'
import { TWILIO_SID, TWILIO_TOKEN } from './twilio-account'

const { DATABASE_URL, PROVIDER_URL, PROVIDER_KIND, CAMPAIGN_ID, CLOCK_OFFSET_MS } = process.env
const database = await openPostgres(DATABASE_URL!, 4)
const offset = Number(CLOCK_OFFSET_MS)
const sms =
  PROVIDER_KIND === 'twilio'
    ? createSms({
        provider: 'twilio',
        timeoutMs: 300,
        twilio: {
          accountSid: TWILIO_SID,
          authToken: TWILIO_TOKEN,
          from: '+15005550006',
          statusCallback: 'https://shop.test/webhooks/sms/twilio/status',
          baseUrl: PROVIDER_URL!,
        },
      })
    : createSms({ url: PROVIDER_URL!, timeoutMs: 300 })
for (;;) {
  const step = await runDispatch(
    {
      db: database.db,
      channels: { SMS: sms, PUSH: createPush({}) },
      now: () => new Date(Date.now() + offset),
      options: {
        batchSize: 20,
        ratePerSecond: 0,
        leaseMs: 1_000,
        retryBaseMs: 50,
        maxAttempts: 20,
        breakerThreshold: 1_000,
      },
    },
    CAMPAIGN_ID!,
  )
  if (step.kind === 'wait')
    await new Promise((r) => setTimeout(r, Math.min(1_000, step.until.getTime() - Date.now() - offset)))
  else break
}
await database.close()
process.stdout.write('done\n')
