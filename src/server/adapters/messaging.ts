// The messages the product sends to customers (SMS, push) go through one shape of adapter. The local
// one delivers into the outbox table, which the merchant can read; the HTTP one posts to a provider
// and records what it accepted there. Every message may carry a dedupe key: the outbox keeps one row
// per key, and the HTTP provider gets it as its `Idempotency-Key`, so a retry never sends twice; and
// `find` asks the provider's record of a key, so that a send cut off by a crash is settled from what
// the provider did, never blindly sent again.
import { eq } from 'drizzle-orm'
import { FetchError } from 'ofetch'
import type { Db, Tx } from '../db/client'
import { outbox } from '../db/schema'
import { callProvider } from './http-call'
import { recordOutbox, recordOutboxMany } from './outbox'
import { retryAfterMs, SendFailure } from './sms/failure'

export type MessageChannel = 'sms' | 'push'

export type OutgoingMessage = {
  /** An E.164 phone number (SMS) or the client's app address (push). */
  to: string
  text: string
  /** SMS: the franchise's sender id (SPEC §5); push: the notification's title. */
  from?: string | null
  title?: string | null
  link?: string | null
  imageUrl?: string | null
  franchiseId?: string | null
  /** One logical message per key (e.g. `campaign:<id>:<client>`). */
  dedupeKey?: string
}

export type Delivery = { id: string }

export type Messenger = {
  kind: 'local' | 'http' | 'twilio' | 'vonage'
  channel: MessageChannel
  send(db: Db | Tx, message: OutgoingMessage): Promise<Delivery>
  /**
   * Many keyed messages at once, where the adapter can do better than one `send` each (the outbox: one
   * statement); the deliveries in the order given.
   */
  sendMany?(db: Db | Tx, messages: (OutgoingMessage & { dedupeKey: string })[]): Promise<Delivery[]>
  /** The message already accepted under this dedupe key, or null when none was. */
  find(db: Db | Tx, dedupeKey: string): Promise<Delivery | null>
}

const outboxRow = (channel: MessageChannel, m: OutgoingMessage) =>
  ({
    franchiseId: m.franchiseId,
    channel,
    recipient: m.to,
    subject: (channel === 'sms' ? m.from : m.title) ?? null,
    body: m.link && channel === 'push' ? `${m.text}\n${m.link}` : m.text,
    dedupeKey: m.dedupeKey,
  }) as const

async function recorded(db: Db | Tx, dedupeKey: string): Promise<Delivery | null> {
  const [row] = await db
    .select({ id: outbox.id, providerMessageId: outbox.providerMessageId })
    .from(outbox)
    .where(eq(outbox.dedupeKey, dedupeKey))
  return row ? { id: row.providerMessageId ?? row.id } : null
}

export function localMessenger(channel: MessageChannel): Messenger {
  return {
    kind: 'local',
    channel,
    send: (db, m) => recordOutbox(db, { ...outboxRow(channel, m), provider: 'local' }),
    sendMany: (db, ms) =>
      recordOutboxMany(
        db,
        ms.map((m) => ({ ...outboxRow(channel, m), dedupeKey: m.dedupeKey, provider: 'local' })),
      ),
    find: recorded,
  }
}

/**
 * The provider's failure (an error answer, none, or a time limit) as a SendFailure, as the SDK adapters
 * report theirs: only those count toward a campaign's circuit breaker, not an error of our own database.
 * Still throttled after the retries (429): the dispatch waits as long as the provider asks.
 */
function providerFailure(err: unknown): unknown {
  if (!(err instanceof FetchError)) return err
  return new SendFailure(err.message, {
    code: err.statusCode ? `HTTP_${err.statusCode}` : 'NO_ANSWER',
    retryAfterMs: err.statusCode === 429 ? retryAfterMs(err.response?.headers.get('retry-after')) : undefined,
  })
}

/**
 * A provider's API: `POST url` with the message as JSON and the dedupe key as `Idempotency-Key`,
 * answering `{id}`; `GET url/by-key/<key>` answering `{id}`, or 404 when it never accepted that key.
 */
export function httpMessenger(
  channel: MessageChannel,
  url: string,
  key: string | undefined,
  body: (m: OutgoingMessage) => Record<string, unknown>,
  timeoutMs = 10_000,
): Messenger {
  const auth: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {}
  return {
    kind: 'http',
    channel,
    async send(db, m) {
      const res = await callProvider<{ id: string }>(url, {
        method: 'POST',
        body: body(m),
        headers: m.dedupeKey ? { ...auth, 'idempotency-key': m.dedupeKey } : auth,
        timeoutMs,
        // Safe to retry only when the provider can tell a repeat: with a dedupe key.
        retries: m.dedupeKey ? 2 : 0,
      }).catch((err) => {
        throw providerFailure(err)
      })
      const row = await recordOutbox(db, {
        ...outboxRow(channel, m),
        provider: 'http',
        providerMessageId: res.id,
      })
      return { id: res.id ?? row.id }
    },
    async find(db, dedupeKey) {
      const ours = await recorded(db, dedupeKey)
      if (ours) return ours
      try {
        const res = await callProvider<{ id: string }>(`${url}/by-key/${encodeURIComponent(dedupeKey)}`, {
          headers: auth,
          timeoutMs,
          retries: 2,
        })
        return { id: res.id }
      } catch (err) {
        if (err instanceof FetchError && err.statusCode === 404) return null
        throw providerFailure(err)
      }
    },
  }
}
