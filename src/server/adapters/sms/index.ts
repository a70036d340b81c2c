// SMS goes through this adapter. The default keeps every message in the outbox table (the merchant
// reads what went out; nothing leaves the machine); with SMS_API_URL set, messages are posted to that
// provider ({to, from, text} with a bearer key, answering {id}) and recorded in the outbox as sent.
import { ofetch } from 'ofetch'
import type { Db, Tx } from '../../db/client'
import { recordOutbox } from '../outbox'

export type SmsMessage = {
  /** E.164 phone number. */
  to: string
  text: string
  /** The franchise's sender id (SPEC §5), when it has one. */
  from?: string | null
  franchiseId?: string | null
  /** One logical message per key: a retried job never sends twice. */
  dedupeKey?: string
}

export type Sms = { kind: 'local' | 'http'; send(db: Db | Tx, message: SmsMessage): Promise<{ id: string }> }

const row = (m: SmsMessage) =>
  ({
    franchiseId: m.franchiseId,
    channel: 'sms',
    recipient: m.to,
    subject: m.from ?? null,
    body: m.text,
    dedupeKey: m.dedupeKey,
  }) as const

export function localSms(): Sms {
  return { kind: 'local', send: (db, m) => recordOutbox(db, { ...row(m), provider: 'local' }) }
}

export function httpSms(url: string, key: string | undefined): Sms {
  return {
    kind: 'http',
    async send(db, m) {
      const res = await ofetch<{ id: string }>(url, {
        method: 'POST',
        body: { to: m.to, from: m.from ?? undefined, text: m.text },
        headers: key ? { authorization: `Bearer ${key}` } : {},
        timeout: 10_000,
        retry: 2,
      })
      return recordOutbox(db, { ...row(m), provider: 'http', providerMessageId: res.id })
    },
  }
}

export function createSms(config: { url?: string | undefined; key?: string | undefined }): Sms {
  return config.url ? httpSms(config.url, config.key) : localSms()
}
