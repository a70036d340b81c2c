// E-mail through any SMTP server (issue 35 §2) with nodemailer: pooled connections, STARTTLS or TLS
// from the URL (smtp:// upgrades when the server offers it, smtps:// is TLS from the start), optional
// DKIM signing, and every message with a plain-text and an HTML part. The mail job
// (services/mail-delivery.ts) sends each queued message and records the server's answer.
import nodemailer from 'nodemailer'
import { type MailEnvelope, MailError, type MailTransport } from './types'

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

/** nodemailer's refusals carry the server's reply code: 5xx is final, anything else may pass. */
function mailErrorOf(err: unknown): MailError {
  const e = err as { responseCode?: number; code?: string }
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500
  const what = e.responseCode ? `SMTP ${e.responseCode}` : `SMTP ${e.code ?? 'connection failed'}`
  return new MailError(what, permanent)
}

export function smtpTransport(config: SmtpConfig): MailTransport & { close(): void } {
  const transport = nodemailer.createTransport(smtpOptions(config))
  // Every attempt of a message carries the same Message-ID, so a repeat is recognisable as one.
  const domain = /@([^>\s]+)>?\s*$/.exec(config.from)?.[1] ?? 'localhost'
  return {
    kind: 'smtp',
    async deliver(m: MailEnvelope) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: htmlOf(m.text),
          messageId: `<${m.id}@${domain}>`,
        })
        return { providerMessageId: info.messageId }
      } catch (err) {
        throw mailErrorOf(err)
      }
    },
    close: () => transport.close(),
  }
}
