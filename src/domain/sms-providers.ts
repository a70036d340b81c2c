// Answers of the SMS providers' callbacks (issue 35 §3): the outcome only, never the phone or the text.
import { enums, literal, type } from 'superstruct'
import { SMS_INBOUND_OUTCOMES } from './sms'

export const SMS_RECEIPT_OUTCOMES = ['recorded', 'passing', 'early'] as const
export const SmsReceiptResponse = type({ received: literal(true), outcome: enums(SMS_RECEIPT_OUTCOMES) })
export const VonageInboundResponse = type({ received: literal(true), outcome: enums(SMS_INBOUND_OUTCOMES) })
