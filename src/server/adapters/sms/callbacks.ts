// The SMS providers' callbacks as they sign and word them (issue 35 §3), read into one shape: a
// delivery receipt or a customer's reply. Twilio: X-Twilio-Signature over the public URL and the form
// fields (twilio.validateRequest, the auth token as key). Vonage: signed webhooks, the `sig` field over
// the sorted fields (the SDK's verifySignature, the signature secret and method set in its dashboard);
// POST, form or JSON. The generic provider: `x-signature`, hex HMAC-SHA256 of the raw body
// (webhook-signature.ts), a JSON message the opt-out service parses. Nothing is read before the
// signature holds; what the callback means is services/sms-callbacks.ts's. Each SDK is loaded at its
// provider's first callback (0.25–0.3 s of CPU each), not by every server start.
import type { Vonage } from '@vonage/server-sdk'
import type twilio from 'twilio'
import { requiredLazily } from '../../lazy'
import { isValidSignature, SIGNATURE_HEADER } from '../webhook-signature'
import { type SmsConfig, smsCallbacks } from './settings'
import { TWILIO_UNREACHABLE } from './twilio'

export type SmsDelivery = 'DELIVERED' | 'UNDELIVERED' | 'FAILED'
export type SmsCallbackKind = 'twilio-status' | 'twilio-inbound' | 'vonage-status' | 'vonage-inbound'

/** A provider's callback in our words; `field` names where each value came from (for a 400). */
export type SmsCallback =
  | {
      kind: 'receipt'
      provider: 'twilio' | 'vonage'
      messageId: { field: string; value: string | undefined }
      status: { field: string; value: string | undefined }
      /** null: a passing status (queued, sent, accepted…). */
      delivery: SmsDelivery | null
      errorCode: string | null
      /** The recipient's number, when the code says it is gone for good. */
      unreachableTo: string | null
      clientRef?: string | undefined
    }
  | {
      kind: 'reply'
      from: { field: string; value: string | undefined }
      to?: string | undefined
      text: string
    }

/** Why a callback is refused: a signature that does not hold, or a body that is not form or JSON fields. */
export type SmsCallbackRefusal = { refused: 'forged' } | { refused: 'body'; message: string }

export type SmsCallbacks = {
  read(
    kind: SmsCallbackKind,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): SmsCallback | SmsCallbackRefusal
  /** The generic provider's signed message (POST /webhooks/sms/inbound). */
  isSignedGeneric(raw: Buffer, headers: Record<string, string | string[] | undefined>): boolean
}

// Maps: a provider's status is data, never an object's property name.
const TWILIO_DELIVERY = new Map<string, SmsDelivery>([
  ['delivered', 'DELIVERED'],
  ['undelivered', 'UNDELIVERED'],
  ['failed', 'FAILED'],
])
/** Receipt codes that say the number is gone (30005 unknown destination, 30006 landline/unreachable). */
const TWILIO_RECEIPT_UNREACHABLE = new Set([...TWILIO_UNREACHABLE, 30005, 30006].map(String))
const VONAGE_DELIVERY = new Map<string, SmsDelivery>([
  ['delivered', 'DELIVERED'],
  ['expired', 'UNDELIVERED'],
  ['failed', 'FAILED'],
  ['rejected', 'FAILED'],
])
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
function fieldsOf(raw: Buffer, contentType: string): { fields: Record<string, string> } | SmsCallbackRefusal {
  const text = raw.toString('utf8')
  if (!contentType.startsWith('application/json'))
    return { fields: Object.fromEntries(new URLSearchParams(text)) }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { refused: 'body', message: 'The body is not JSON' }
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { refused: 'body', message: 'The body is not an object' }
  // Both providers send flat fields; a nested value is not theirs (and String() of a deep array
  // overflows the stack: the fuzz's 500).
  const entries = Object.entries(body)
  const nested = entries.find(([, v]) => v !== null && typeof v === 'object')
  if (nested) return { refused: 'body', message: `${nested[0]} is not a text, number or boolean` }
  return { fields: Object.fromEntries(entries.map(([k, v]) => [k, String(v ?? '')])) }
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name]
  return typeof v === 'string' ? v : undefined
}

const twilioSdk = requiredLazily<typeof twilio>('twilio')
const vonageSdk = requiredLazily<{ Vonage: typeof Vonage }>('@vonage/server-sdk')

export function createSmsCallbacks(sms: SmsConfig, publicUrl: string): SmsCallbacks {
  const urls = smsCallbacks(publicUrl)
  let vonageSigner: Vonage | undefined
  const twilioSigned = (fields: Record<string, string>, signature: string | undefined, url: string) => {
    const token = sms.twilio?.authToken
    return !!token && !!signature && twilioSdk().validateRequest(token, signature, url, fields)
  }
  const vonageSigned = (fields: Record<string, string>) => {
    const v = sms.vonage
    if (!v?.signatureSecret || !fields.sig) return false
    vonageSigner ??= new (vonageSdk().Vonage)({ apiKey: v.apiKey, apiSecret: v.apiSecret })
    try {
      return vonageSigner.sms.verifySignature(
        fields.sig,
        fields,
        v.signatureSecret,
        VONAGE_ALGORITHMS[v.signatureMethod] as never,
      )
    } catch {
      return false
    }
  }

  return {
    read(kind, raw, headers) {
      const body = fieldsOf(raw, header(headers, 'content-type') ?? '')
      if ('refused' in body) return body
      const f = body.fields
      if (kind === 'twilio-status' || kind === 'twilio-inbound') {
        const url = kind === 'twilio-status' ? urls.twilioStatus : urls.twilioInbound
        if (!twilioSigned(f, header(headers, 'x-twilio-signature'), url)) return { refused: 'forged' }
        if (kind === 'twilio-inbound')
          return { kind: 'reply', from: { field: 'From', value: f.From }, to: f.To, text: f.Body ?? '' }
        const code = f.ErrorCode || null
        return {
          kind: 'receipt',
          provider: 'twilio',
          messageId: { field: 'MessageSid', value: f.MessageSid },
          status: { field: 'MessageStatus', value: f.MessageStatus },
          delivery: TWILIO_DELIVERY.get(f.MessageStatus ?? '') ?? null,
          errorCode: code,
          unreachableTo: code && TWILIO_RECEIPT_UNREACHABLE.has(code) && f.To ? f.To : null,
        }
      }
      if (!vonageSigned(f)) return { refused: 'forged' }
      if (kind === 'vonage-inbound')
        return { kind: 'reply', from: { field: 'msisdn', value: f.msisdn }, to: f.to, text: f.text ?? '' }
      const code = f['err-code'] && f['err-code'] !== '0' ? f['err-code'] : null
      return {
        kind: 'receipt',
        provider: 'vonage',
        messageId: { field: 'messageId', value: f.messageId },
        status: { field: 'status', value: f.status },
        delivery: VONAGE_DELIVERY.get(f.status ?? '') ?? null,
        errorCode: code,
        unreachableTo: code && VONAGE_RECEIPT_UNREACHABLE.has(code) && f.msisdn ? f.msisdn : null,
        clientRef: f['client-ref'] || undefined,
      }
    },
    isSignedGeneric: (raw, headers) => isValidSignature(sms.webhookSecret, raw, headers[SIGNATURE_HEADER]),
  }
}
