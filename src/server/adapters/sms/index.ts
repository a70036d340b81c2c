// SMS goes through this adapter (adapters/messaging.ts), chosen by SMS_PROVIDER (issue 35 §3):
// - local (the default): every message kept in the outbox table (the merchant reads what went out;
//   nothing leaves the machine);
// - http (the default when SMS_API_URL is set): posted to that provider ({to, from, text} with a bearer
//   key and an Idempotency-Key, answering {id}) and recorded in the outbox as sent;
// - twilio (sms/twilio.ts) and vonage (sms/vonage.ts): their Messages/SMS APIs through their official
//   libraries, with delivery receipts and replies on their own signed callbacks.
import { httpMessenger, localMessenger, type Messenger, type OutgoingMessage } from '../messaging'
import { type TwilioConfig, twilioSms } from './twilio'
import { type VonageConfig, vonageSms } from './vonage'

export type SmsMessage = OutgoingMessage
export type Sms = Messenger
export type SmsProvider = 'local' | 'http' | 'twilio' | 'vonage'

export const localSms = (): Sms => localMessenger('sms')

export const httpSms = (url: string, key: string | undefined, timeoutMs?: number): Sms =>
  httpMessenger('sms', url, key, (m) => ({ to: m.to, from: m.from ?? undefined, text: m.text }), timeoutMs)

export function createSms(config: {
  provider?: SmsProvider | undefined
  url?: string | undefined
  key?: string | undefined
  timeoutMs?: number
  twilio?: TwilioConfig | undefined
  vonage?: VonageConfig | undefined
}): Sms {
  const provider = config.provider ?? (config.url ? 'http' : 'local')
  const timeout = config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}
  if (provider === 'twilio' && config.twilio) return twilioSms({ ...config.twilio, ...timeout })
  if (provider === 'vonage' && config.vonage) return vonageSms({ ...config.vonage, ...timeout })
  if (provider === 'http' && config.url) return httpSms(config.url, config.key, config.timeoutMs)
  if (provider !== 'local') throw new Error(`SMS_PROVIDER=${provider} lacks its settings`)
  return localSms()
}
