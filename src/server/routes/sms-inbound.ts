// The SMS provider's inbound messages (issue 18): a customer's reply, posted to us signed with
// SMS_WEBHOOK_SECRET exactly like the payments webhook (adapters/webhook-signature.ts: `x-signature`,
// hex HMAC-SHA256 of the raw body). The body is kept raw in its own scope and parsed once the
// signature holds. A STOP opts the phone out (services/sms-opt-outs.ts); replays change nothing.
// `npm run sms:reply -- <phone> STOP` posts here as a provider would. Twilio's and Vonage's own
// callbacks (receipts, replies) are routes/sms-providers.ts, registered with these.
import type { FastifyInstance } from 'fastify'
import { SmsInboundResponse } from '../../domain/sms'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as smsCallbacks from '../services/sms-callbacks'
import smsProviderRoutes from './sms-providers'

export const SMS_INBOUND_PATH = '/webhooks/sms/inbound'

export default async function smsInboundRoutes(app: FastifyInstance) {
  const { receiveGenericSms } = bound(app, smsCallbacks, (a) => a.smsCallbacks)
  await app.register(smsProviderRoutes)
  await app.register(async (scope) => {
    const webhook = scope.withTypeProvider<StructTypeProvider>()
    webhook.removeAllContentTypeParsers()
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    webhook.post(
      SMS_INBOUND_PATH,
      {
        ...allow('public', AUTH_NEUTRAL),
        bodyLimit: 16 * 1024,
        schema: { response: { 200: SmsInboundResponse } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const outcome = await receiveGenericSms(raw, request.headers)
        // The outcome only: never the phone or the text.
        request.log.info({ outcome }, 'inbound sms')
        return { received: true as const, outcome }
      },
    )
  })
}
