// E-mail goes through this adapter. The default keeps every message in the outbox table (readable by
// the merchant and by tests: nothing leaves the machine). With MAIL_SMTP_URL (smtp.ts) or MAIL_API_URL
// (http.ts) set, a message is queued in the outbox, in the caller's transaction, and the mail job
// sends it (services/mail-delivery.ts): a server that is down or drops the connection delays a
// password reset, it does not lose it, and the request never waits for the mail server.
import type { Db, Tx } from '../../db/client'
import { recordOutbox } from '../outbox'
import { httpMailTransport } from './http'
import { type SmtpConfig, smtpTransport } from './smtp'
import type { MailMessage, MailTransport } from './types'

export type { MailEnvelope, MailMessage, MailTransport } from './types'
export { MailError } from './types'

export type Mailer = {
  kind: 'local' | 'http' | 'smtp'
  /** Local: delivered into the outbox. Otherwise queued there for the mail job. */
  send(db: Db | Tx, message: MailMessage): Promise<{ id: string }>
  /** The transport the mail job sends with (absent for the local outbox). */
  transport?: MailTransport
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
    forgetRecipient: m.forgetRecipient,
  }) as const

export function localMailer(): Mailer {
  return { kind: 'local', send: (db, m) => recordOutbox(db, { ...row(m), provider: 'local' }) }
}

/** Queues each message for `transport` (the mail job sends it). */
export function queuedMailer(transport: MailTransport): Mailer {
  const mailer: Mailer = {
    kind: transport.kind,
    transport,
    // The row's insert notifies the mail job's workers at commit (sql/mail_due_notify.sql).
    send: (db, m) => recordOutbox(db, { ...row(m), provider: transport.kind, queued: true }),
    close: () => transport.close?.(),
  }
  return mailer
}

export function createMailer(config: {
  url?: string | undefined
  key?: string | undefined
  smtp?: SmtpConfig | undefined
}): Mailer {
  if (config.smtp) return queuedMailer(smtpTransport(config.smtp))
  return config.url ? queuedMailer(httpMailTransport(config.url, config.key)) : localMailer()
}
