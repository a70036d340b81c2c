// Stand-ins for the real providers, to follow README "Going live" on one machine (issue 35 §6):
// an SMTP server (smtp-server), Twilio's Messages API and Stripe's API on 127.0.0.1, as the tests use
// them. Prints the environment to start the server with (NODE_ENV=production), then what each receives.
//   node --import tsx tests/support/golive-fakes.ts > /tmp/golive.env
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { startFakeStripe } from './fake-stripe'
import { startFakeTwilio, TWILIO_SID, TWILIO_TOKEN } from './fake-twilio'

const prices = { EUR: 'price_eur', USD: 'price_usd', CAD: 'price_cad', CHF: 'price_chf' }
const stripe = await startFakeStripe({ key: 'sk_test_golive', prices })
const twilio = await startFakeTwilio()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream).then((mail) => {
      console.error(
        `smtp: to ${JSON.stringify(mail.to && !Array.isArray(mail.to) ? mail.to.text : '')} subject ${JSON.stringify(mail.subject)}`,
      )
      done()
    }, done)
  },
})
await new Promise<void>((resolve) => smtp.listen(2525, '127.0.0.1', resolve))
const env = {
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_golive',
  STRIPE_WEBHOOK_SECRET: 'whsec_golive',
  STRIPE_PRICES: Object.entries(prices)
    .map(([c, p]) => `${c}:${p}`)
    .join(','),
  STRIPE_API_HOST: stripe.api.host,
  STRIPE_API_PORT: String(stripe.api.port),
  STRIPE_API_PROTOCOL: stripe.api.protocol,
  MAIL_SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Loyalty <no-reply@loyalty.test>',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: new URL(twilio.url).origin,
}
for (const [k, v] of Object.entries(env)) console.log(`${k}=${JSON.stringify(v)}`)
setInterval(() => {
  for (const a of twilio.accepted.splice(0)) console.error(`twilio: ${JSON.stringify(a)}`)
}, 500)
