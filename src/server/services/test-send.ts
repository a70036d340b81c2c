// Staff's test message (issue 35 §6): one SMS or e-mail through the adapter the server is configured
// with, answered with the provider's id or its refusal. An e-mail goes to the transport directly (not
// the mail queue), so that the provider's answer is the one shown. Nothing is logged: the address and
// the provider's answer go back to the staff member only.
import { randomUUID } from 'node:crypto'
import { EMAIL_PATTERN } from '../../domain/auth'
import { E164, type TestSendRequest, type TestSendResult } from '../../domain/test-send'
import type { Mailer } from '../adapters/mail'
import type { Sms } from '../adapters/sms'
import type { Db } from '../db/client'
import { AppError, badRequest } from '../errors'
import { hit, type Limit } from './rate-limit'

/** Test messages per staff member: enough to fix a set-up, too few to spam anyone. */
export const TEST_SEND_LIMIT: Limit = { max: 10, windowSeconds: 10 * 60 }

type Transport = {
  deliver(m: {
    id: string
    to: string
    subject: string
    text: string
  }): Promise<{ providerMessageId: string }>
}
export type TestSendAdapters = { sms: Sms; mail: Mailer & { transport?: Transport } }

export async function limitTestSend(db: Db, userId: string, limit = TEST_SEND_LIMIT) {
  const wait = await hit(db, `test-send:${userId}`, limit)
  if (wait)
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many test messages. Try again later.', {
      retryAfter: wait,
    })
}

const stamp = (now: Date) => now.toISOString().slice(0, 16).replace('T', ' ')

/** The provider's refusal as it said it (its message, bounded). */
const refusal = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500)

export async function sendTest(
  db: Db,
  adapters: TestSendAdapters,
  input: TestSendRequest,
  now = new Date(),
): Promise<TestSendResult> {
  const to = input.to.trim()
  if (input.channel === 'sms') {
    if (!E164.test(to))
      throw badRequest('INVALID_PHONE', 'Enter the number as +<country code><number>', { field: 'to' })
    const provider = adapters.sms.kind
    try {
      const sent = await adapters.sms.send(db, {
        to,
        text: `Test SMS sent ${stamp(now)} UTC: the SMS set-up works.`,
      })
      return { channel: 'sms', provider, accepted: true, id: sent.id, error: null }
    } catch (err) {
      return { channel: 'sms', provider, accepted: false, id: null, error: refusal(err) }
    }
  }
  if (!EMAIL_PATTERN.test(to)) throw badRequest('INVALID_EMAIL', 'Enter an e-mail address', { field: 'to' })
  const mail = adapters.mail
  const message = {
    to: to.toLowerCase(),
    subject: 'Test e-mail',
    text: `Test e-mail sent ${stamp(now)} UTC: the mail set-up works.`,
  }
  try {
    const id = mail.transport
      ? (await mail.transport.deliver({ id: randomUUID(), ...message })).providerMessageId
      : (await mail.send(db, message)).id
    return { channel: 'email', provider: mail.kind, accepted: true, id, error: null }
  } catch (err) {
    return { channel: 'email', provider: mail.kind, accepted: false, id: null, error: refusal(err) }
  }
}
