// E-mail through any SMTP server (issue 35 §2) with nodemailer: pooled connections, STARTTLS or TLS
// from the URL (smtp:// upgrades when the server offers it, smtps:// is TLS from the start), optional
// DKIM signing, and every message with a plain-text and an HTML part. What the server accepted is
// recorded in the outbox, as the other adapters do.
import nodemailer from 'nodemailer'
import type { Db } from '../../db/client'
import { recordOutbox } from '../outbox'
import type { Mailer, MailMessage } from './index'

export type SmtpConfig = {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 (nodemailer's connection URL). */
  url: string
  /** The sender, e.g. "Loyalty Back-office <no-reply@example.com>". */
  from: string
  /** DKIM signing (all three or none). */
  dkim?: { domainName: string; keySelector: string; privateKey: string } | undefined
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The HTML part of a text message: its paragraphs, its line breaks and its links, nothing invented. */
export function htmlOf(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
  return `<!doctype html><html><body>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`
}

/**
 * The transport's options from the URL: nodemailer reads a `url` option but then drops the others
 * (pool, dkim), so the URL is read here. `?requireTLS=true` refuses a server without STARTTLS.
 */
export function smtpOptions(config: SmtpConfig) {
  const u = new URL(config.url)
  const secure = u.protocol === 'smtps:'
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    requireTLS: u.searchParams.get('requireTLS') === 'true',
    ...(u.username
      ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } }
      : {}),
    pool: true as const,
    ...(config.dkim ? { dkim: config.dkim } : {}),
  }
}

export function smtpMailer(config: SmtpConfig): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpOptions(config))
  return {
    kind: 'smtp',
    async send(db: Db, m: MailMessage) {
      // Refused recipients and dropped connections reject: the caller's retry sends again (the outbox
      // row is written only once the server has accepted the message).
      const info = await transport.sendMail({
        from: config.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: htmlOf(m.text),
      })
      return recordOutbox(db, {
        franchiseId: m.franchiseId,
        channel: 'email',
        recipient: m.to,
        subject: m.subject,
        body: m.text,
        dedupeKey: m.dedupeKey,
        provider: 'smtp',
        providerMessageId: info.messageId,
      })
    },
    close: () => transport.close(),
  }
}
