// Twilio's and Vonage's callbacks (issue 35 §3): delivery receipts and customers' replies, each
// verified with the provider's own scheme before anything is read. Twilio: X-Twilio-Signature over the
// public URL and the form fields (twilio.validateRequest, the auth token as key). Vonage: signed
// webhooks, the `sig` field over the sorted fields (the SDK's verifySignature, the signature secret
// and method set in its dashboard); POST, form or JSON. Raw bodies, kept in this scope. Replies go to
// the opt-out service as the generic provider's do (services/sms-opt-outs.ts); both are idempotent.
import { Vonage } from '@vonage/server-sdk'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { define } from 'superstruct'
import twilio from 'twilio'
import { SmsReceiptResponse, VonageInboundResponse } from '../../domain/sms-providers'
import { smsCallbacks } from '../adapters/sms/settings'
import { TWILIO_UNREACHABLE } from '../adapters/sms/twilio'
import { badRequest, parse, unauthorized } from '../errors'
import { describeMedia } from '../openapi/struct-schema'
import { AUTH_NEUTRAL } from '../plugins/auth'
import { allow, type StructTypeProvider } from '../plugins/route-contract'
import { applyInboundSms, InboundSms, phoneOf } from '../services/sms-opt-outs'
import { applyReceipt, type Delivery } from '../services/sms-receipts'

const TwimlEmpty = describeMedia(
  define<string>('twiml', (v) => typeof v === 'string'),
  'text/xml',
  'An empty TwiML response: no answer is sent to the customer',
)
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

const TWILIO_DELIVERY: Record<string, Delivery> = {
  delivered: 'DELIVERED',
  undelivered: 'UNDELIVERED',
  failed: 'FAILED',
}
/** Receipt codes that say the number is gone (30005 unknown destination, 30006 landline/unreachable). */
const TWILIO_RECEIPT_UNREACHABLE = new Set([...TWILIO_UNREACHABLE, 30005, 30006].map(String))
const VONAGE_DELIVERY: Record<string, Delivery> = {
  delivered: 'DELIVERED',
  expired: 'UNDELIVERED',
  failed: 'FAILED',
  rejected: 'FAILED',
}
/** Our VONAGE_SIGNATURE_METHOD names as the SDK's AlgorithmTypes values. */
const VONAGE_ALGORITHMS = {
  md5hash: 'MD5HASH',
  md5: 'MD5HMAC',
  sha1: 'SHA1HMAC',
  sha256: 'SHA256HMAC',
  sha512: 'SHA512HMAC',
} as const
/** DLR err-codes naming the number: 3 absent subscriber (permanent), 9 illegal number. */
const VONAGE_RECEIPT_UNREACHABLE = new Set(['3', '9'])

/** The fields of a form or JSON body, as strings (both providers sign strings). */
function fieldsOf(request: FastifyRequest): Record<string, string> {
  const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : ''
  const type = String(request.headers['content-type'] ?? '')
  if (type.startsWith('application/json')) {
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      throw badRequest('WEBHOOK_INVALID_BODY', 'The body is not JSON', { field: 'body', in: 'body' })
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('WEBHOOK_INVALID_BODY', 'The body is not an object', { field: 'body', in: 'body' })
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v ?? '')]))
  }
  return Object.fromEntries(new URLSearchParams(raw))
}

function need(fields: Record<string, string>, name: string, max = 64): string {
  const value = fields[name]
  if (!value || value.length > max)
    throw badRequest('WEBHOOK_INVALID_BODY', `${name} is missing or too long`, { field: name, in: 'body' })
  return value
}

const forged = () => unauthorized('The webhook signature is missing or wrong', 'WEBHOOK_SIGNATURE_INVALID')

export default async function smsProviderRoutes(app: FastifyInstance) {
  const sms = app.config.adapters.sms
  const urls = smsCallbacks(app.config.publicUrl)

  const twilioFields = (request: FastifyRequest, url: string) => {
    const fields = fieldsOf(request)
    const token = sms.twilio?.authToken
    const signature = request.headers['x-twilio-signature']
    if (!token || typeof signature !== 'string' || !twilio.validateRequest(token, signature, url, fields))
      throw forged()
    return fields
  }
  const vonageSigner = sms.vonage
    ? new Vonage({ apiKey: sms.vonage.apiKey, apiSecret: sms.vonage.apiSecret })
    : null
  const vonageFields = (request: FastifyRequest) => {
    const fields = fieldsOf(request)
    const v = sms.vonage
    if (!v?.signatureSecret || !vonageSigner || !fields.sig) throw forged()
    let valid = false
    try {
      valid = vonageSigner.sms.verifySignature(
        fields.sig,
        fields,
        v.signatureSecret,
        VONAGE_ALGORITHMS[v.signatureMethod] as never,
      )
    } catch {
      valid = false
    }
    if (!valid) throw forged()
    return fields
  }

  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<StructTypeProvider>()
    hook.removeAllContentTypeParsers()
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    const common = { ...allow('public', AUTH_NEUTRAL), bodyLimit: 16 * 1024 }

    hook.post(
      '/webhooks/sms/twilio/status',
      { ...common, schema: { response: { 200: SmsReceiptResponse } } },
      async (request) => {
        const f = twilioFields(request, urls.twilioStatus)
        const code = f.ErrorCode || null
        const outcome = await applyReceipt(app.database.db, {
          provider: 'twilio',
          messageId: need(f, 'MessageSid'),
          delivery: TWILIO_DELIVERY[need(f, 'MessageStatus')] ?? null,
          errorCode: code,
          unreachablePhone: code && TWILIO_RECEIPT_UNREACHABLE.has(code) && f.To ? phoneOf(f.To) : null,
        })
        request.log.info({ outcome }, 'sms receipt')
        return { received: true as const, outcome }
      },
    )
    hook.post(
      '/webhooks/sms/twilio/inbound',
      { ...common, schema: { response: { 200: TwimlEmpty } } },
      async (request, reply) => {
        const f = twilioFields(request, urls.twilioInbound)
        const message = parse(InboundSms, { from: need(f, 'From', 32), to: f.To, text: f.Body ?? '' }, 'body')
        const outcome = await applyInboundSms(app.database.db, message)
        request.log.info({ outcome }, 'inbound sms')
        return reply.type('text/xml').send(EMPTY_TWIML)
      },
    )
    hook.post(
      '/webhooks/sms/vonage/status',
      { ...common, schema: { response: { 200: SmsReceiptResponse } } },
      async (request) => {
        const f = vonageFields(request)
        const code = f['err-code'] && f['err-code'] !== '0' ? f['err-code'] : null
        const outcome = await applyReceipt(app.database.db, {
          provider: 'vonage',
          messageId: need(f, 'messageId'),
          delivery: VONAGE_DELIVERY[need(f, 'status')] ?? null,
          errorCode: code,
          unreachablePhone:
            code && VONAGE_RECEIPT_UNREACHABLE.has(code) && f.msisdn ? phoneOf(f.msisdn) : null,
          clientRef: f['client-ref'] || undefined,
        })
        request.log.info({ outcome }, 'sms receipt')
        return { received: true as const, outcome }
      },
    )
    hook.post(
      '/webhooks/sms/vonage/inbound',
      { ...common, schema: { response: { 200: VonageInboundResponse } } },
      async (request) => {
        const f = vonageFields(request)
        const message = parse(
          InboundSms,
          { from: need(f, 'msisdn', 32), to: f.to, text: f.text ?? '' },
          'body',
        )
        const outcome = await applyInboundSms(app.database.db, message)
        request.log.info({ outcome }, 'inbound sms')
        return { received: true as const, outcome }
      },
    )
  })
}
