// SMS goes through this adapter (adapters/messaging.ts). The default keeps every message in the outbox
// table (the merchant reads what went out; nothing leaves the machine); with SMS_API_URL set, messages
// are posted to that provider ({to, from, text} with a bearer key and an Idempotency-Key, answering
// {id}) and recorded in the outbox as sent.
import { httpMessenger, localMessenger, type Messenger, type OutgoingMessage } from '../messaging'

export type SmsMessage = OutgoingMessage
export type Sms = Messenger

export const localSms = (): Sms => localMessenger('sms')

export const httpSms = (url: string, key: string | undefined, timeoutMs?: number): Sms =>
  httpMessenger('sms', url, key, (m) => ({ to: m.to, from: m.from ?? undefined, text: m.text }), timeoutMs)

export function createSms(config: {
  url?: string | undefined
  key?: string | undefined
  timeoutMs?: number
}): Sms {
  return config.url ? httpSms(config.url, config.key, config.timeoutMs) : localSms()
}
