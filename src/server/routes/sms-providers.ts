// Twilio's and Vonage's callbacks (issue 35 §3): delivery receipts and customers' replies. Raw bodies,
// kept in this scope: the adapter checks each provider's signature over them (adapters/sms/callbacks.ts)
// and services/sms-callbacks.ts applies them.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { define } from 'superstruct'
import { SmsReceiptResponse, VonageInboundResponse } from '../../domain/sms-providers'
import { describeMedia } from '../openapi/struct-schema'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { bound } from '../services/bound'
import * as smsCallbacks from '../services/sms-callbacks'

const TwimlEmpty = describeMedia(
  define<string>('twiml', (v) => typeof v === 'string'),
  'text/xml',
  'An empty TwiML response: no answer is sent to the customer',
)
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

export default async function smsProviderRoutes(app: FastifyInstance) {
  const { receiveSmsReceipt, receiveSmsReply } = bound(app, smsCallbacks, (a) => a.smsCallbacks)
  const raw = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0))
  const receipt = (kind: 'twilio-status' | 'vonage-status', request: FastifyRequest) =>
    receiveSmsReceipt(kind, raw(request), request.headers)
  const reply = (kind: 'twilio-inbound' | 'vonage-inbound', request: FastifyRequest) =>
    receiveSmsReply(kind, raw(request), request.headers)

  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<StructTypeProvider>()
    hook.removeAllContentTypeParsers()
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    const common = { ...allow('public', AUTH_NEUTRAL), bodyLimit: 16 * 1024 }

    hook.post(
      '/webhooks/sms/twilio/status',
      { ...common, schema: { response: { 200: SmsReceiptResponse } } },
      async (request) => {
        const outcome = await receipt('twilio-status', request)
        request.log.info({ outcome }, 'sms receipt')
        return { received: true as const, outcome }
      },
    )
    hook.post(
      '/webhooks/sms/twilio/inbound',
      { ...common, schema: { response: { 200: TwimlEmpty } } },
      async (request, res) => {
        const outcome = await reply('twilio-inbound', request)
        request.log.info({ outcome }, 'inbound sms')
        return res.type('text/xml').send(EMPTY_TWIML)
      },
    )
    hook.post(
      '/webhooks/sms/vonage/status',
      { ...common, schema: { response: { 200: SmsReceiptResponse } } },
      async (request) => {
        const outcome = await receipt('vonage-status', request)
        request.log.info({ outcome }, 'sms receipt')
        return { received: true as const, outcome }
      },
    )
    hook.post(
      '/webhooks/sms/vonage/inbound',
      { ...common, schema: { response: { 200: VonageInboundResponse } } },
      async (request) => {
        const outcome = await reply('vonage-inbound', request)
        request.log.info({ outcome }, 'inbound sms')
        return { received: true as const, outcome }
      },
    )
  })
}
