// What the SMS providers post back (issue 35 §3): delivery receipts and customers' replies, read and
// verified by the adapter (adapters/sms/callbacks.ts), applied here: a receipt to the messages it
// names (sms-receipts.ts), a reply to the opt-outs (sms-opt-outs.ts). Both are idempotent, so a
// provider's retry changes nothing. A forged callback is a 401, a body without what it must carry a
// 400 naming the field; nothing is written for either.
import type { SmsCallbackKind, SmsCallbacks } from '../adapters/sms/callbacks'
import type { Db } from '../db/client'
import { badRequest, parse, unauthorized } from '../errors'
import { applyInboundSms, type InboundOutcome, InboundSms, parseInboundSms, phoneOf } from './sms-opt-outs'
import { applyReceipt, type ReceiptOutcome } from './sms-receipts'

type Headers = Record<string, string | string[] | undefined>

const forged = () => unauthorized('The webhook signature is missing or wrong', 'WEBHOOK_SIGNATURE_INVALID')

function need({ field, value }: { field: string; value: string | undefined }, max = 64): string {
  if (!value || value.length > max)
    throw badRequest('WEBHOOK_INVALID_BODY', `${field} is missing or too long`, { field, in: 'body' })
  return value
}

/** The callback once verified, or a 401/400 with nothing written. */
function verified(callbacks: SmsCallbacks, kind: SmsCallbackKind, raw: Buffer, headers: Headers) {
  const c = callbacks.read(kind, raw, headers)
  if (!('refused' in c)) return c
  if (c.refused === 'forged') throw forged()
  throw badRequest('WEBHOOK_INVALID_BODY', c.message, { field: 'body', in: 'body' })
}

/** A Twilio or Vonage delivery receipt, applied to the messages it names. */
export async function receiveSmsReceipt(
  db: Db,
  callbacks: SmsCallbacks,
  kind: 'twilio-status' | 'vonage-status',
  raw: Buffer,
  headers: Headers,
): Promise<ReceiptOutcome> {
  const c = verified(callbacks, kind, raw, headers)
  if (c.kind !== 'receipt') throw new Error(`${kind} read as a ${c.kind}`)
  const messageId = need(c.messageId)
  need(c.status)
  return applyReceipt(db, {
    provider: c.provider,
    messageId,
    delivery: c.delivery,
    errorCode: c.errorCode,
    unreachablePhone: c.unreachableTo ? phoneOf(c.unreachableTo) : null,
    clientRef: c.clientRef,
  })
}

/** A customer's reply through Twilio or Vonage: a STOP opts the phone out. */
export async function receiveSmsReply(
  db: Db,
  callbacks: SmsCallbacks,
  kind: 'twilio-inbound' | 'vonage-inbound',
  raw: Buffer,
  headers: Headers,
): Promise<InboundOutcome> {
  const c = verified(callbacks, kind, raw, headers)
  if (c.kind !== 'reply') throw new Error(`${kind} read as a ${c.kind}`)
  return applyInboundSms(db, parse(InboundSms, { from: need(c.from, 32), to: c.to, text: c.text }, 'body'))
}

/** The generic provider's signed reply (POST /webhooks/sms/inbound). */
export async function receiveGenericSms(
  db: Db,
  callbacks: SmsCallbacks,
  raw: Buffer,
  headers: Headers,
): Promise<InboundOutcome> {
  if (!callbacks.isSignedGeneric(raw, headers)) throw forged()
  return applyInboundSms(db, parseInboundSms(raw))
}
