// E-mail goes through this adapter. The default keeps every message in the outbox table (readable by
// the merchant and by tests: nothing leaves the machine); with MAIL_SMTP_URL set, messages go to that
// SMTP server (smtp.ts); with MAIL_API_URL, they are posted to that provider; both are recorded in the
// outbox as sent.
import type { Db } from '../../db/client'
import { callProvider } from '../http-call'
import { recordOutbox } from '../outbox'
import { type SmtpConfig, smtpMailer } from './smtp'

export type MailMessage = {
  to: string
  subject: string
  text: string
  franchiseId?: string | null
  dedupeKey?: string
}

export type Mailer = {
  kind: 'local' | 'http' | 'smtp'
  send(db: Db, message: MailMessage): Promise<{ id: string }>
  /** Closes pooled connections (SMTP). */
  close?(): void
}

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

export function createMailer(config: {
  url?: string | undefined
  key?: string | undefined
  smtp?: SmtpConfig | undefined
}): Mailer {
  if (config.smtp) return smtpMailer(config.smtp)
  return config.url ? httpMailer(config.url, config.key) : localMailer()
}
