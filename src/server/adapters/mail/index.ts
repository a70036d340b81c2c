// E-mail goes through this adapter. The default keeps every message in the outbox table (readable by
// the merchant and by tests: nothing leaves the machine); with MAIL_API_URL set, messages are posted
// to that provider and recorded in the outbox as sent.
import type { Db } from '../../db/client'
import { callProvider } from '../http-call'
import { recordOutbox } from '../outbox'

export type MailMessage = {
  to: string
  subject: string
  text: string
  franchiseId?: string | null
  dedupeKey?: string
}

export type Mailer = { kind: 'local' | 'http'; send(db: Db, message: MailMessage): Promise<{ id: string }> }

const row = (m: MailMessage) =>
  ({
    franchiseId: m.franchiseId,
    channel: 'email',
    recipient: m.to,
    subject: m.subject,
    body: m.text,
    dedupeKey: m.dedupeKey,
  }) as const

export function localMailer(): Mailer {
  return { kind: 'local', send: (db, m) => recordOutbox(db, { ...row(m), provider: 'local' }) }
}

/** A JSON mail API: POST {to, subject, text} with a bearer key, answering {id}. */
export function httpMailer(url: string, key: string | undefined): Mailer {
  return {
    kind: 'http',
    async send(db, m) {
      // Retried on a lost answer or a passing error with a fresh time limit each time (http-call.ts).
      const res = await callProvider<{ id: string }>(url, {
        method: 'POST',
        body: { to: m.to, subject: m.subject, text: m.text },
        headers: key ? { authorization: `Bearer ${key}` } : {},
        timeoutMs: 10_000,
        retries: 2,
      })
      return recordOutbox(db, { ...row(m), provider: 'http', providerMessageId: res.id })
    },
  }
}

export function createMailer(config: { url?: string | undefined; key?: string | undefined }): Mailer {
  return config.url ? httpMailer(config.url, config.key) : localMailer()
}
