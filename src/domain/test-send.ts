// Staff's "send me a test SMS / test e-mail" (issue 35 §6): checks a provider's set-up through the
// adapter the server really uses, and answers what the provider said.
import { boolean, enums, type Infer, nullable, object, size, string, trimmed, type } from 'superstruct'

export const TEST_SEND_CHANNELS = ['sms', 'email'] as const
export type TestSendChannel = (typeof TEST_SEND_CHANNELS)[number]

/** An E.164 number (the SMS providers' format): '+', then 8 to 15 digits. */
export const E164 = /^\+[1-9]\d{7,14}$/

export const TestSendRequest = object({
  channel: enums(TEST_SEND_CHANNELS),
  /** A phone number in E.164 (sms) or an e-mail address. */
  to: size(trimmed(string()), 3, 254),
})
export type TestSendRequest = Infer<typeof TestSendRequest>

/** Accepted: the provider's id for the message; refused: the provider's own error. */
export const TestSendResult = type({
  channel: enums(TEST_SEND_CHANNELS),
  /** local (the outbox), http, smtp, twilio, vonage … */
  provider: string(),
  accepted: boolean(),
  id: nullable(string()),
  error: nullable(string()),
})
export type TestSendResult = Infer<typeof TestSendResult>
