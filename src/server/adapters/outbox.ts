// Every message the product sends (e-mail, SMS, push) is recorded in the outbox table: the local
// adapters deliver there, and the HTTP ones record what the provider accepted. A dedupe key makes a
// repeat a no-op.
import { eq, inArray } from 'drizzle-orm'
import { ERASED_MARK } from '../../domain/gdpr'
import type { Db, Tx } from '../db/client'
import { outbox } from '../db/schema'

export type OutboxRow = {
  franchiseId?: string | null | undefined
  channel: 'email' | 'sms' | 'push'
  recipient: string
  subject?: string | null
  body: string
  provider: 'local' | 'http' | 'smtp'
  providerMessageId?: string | null
  dedupeKey?: string | null | undefined
  /** Waits for the mail job (QUEUED, due now) instead of being recorded as sent. */
  queued?: boolean
  /** Keep no address once settled (a GDPR notice, whose text names nobody): a row delivered at once never holds it. */
  forgetRecipient?: boolean | undefined
}

const valuesOf = (m: OutboxRow) => ({
  franchiseId: m.franchiseId ?? null,
  channel: m.channel,
  recipient: m.forgetRecipient && !m.queued ? ERASED_MARK : m.recipient,
  subject: m.subject ?? null,
  body: m.body,
  forgetRecipient: !!m.forgetRecipient,
  status: m.queued ? 'QUEUED' : m.provider === 'local' ? 'DELIVERED_LOCALLY' : 'SENT',
  provider: m.provider,
  providerMessageId: m.providerMessageId ?? null,
  dedupeKey: m.dedupeKey ?? null,
  sentAt: m.queued ? null : new Date(),
  nextAttemptAt: m.queued ? new Date() : null,
})

export async function recordOutbox(db: Db | Tx, m: OutboxRow): Promise<{ id: string }> {
  const [row] = await db.insert(outbox).values(valuesOf(m)).onConflictDoNothing().returning({ id: outbox.id })
  if (row) return row
  // Already sent under this dedupe key: the first message stands.
  const [first] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.dedupeKey, m.dedupeKey ?? ''))
  return { id: first?.id ?? '' }
}

/**
 * Many messages, each under its own dedupe key, in one statement (a campaign's batch): the ids in the
 * order given, a key already recorded keeping its first row's.
 */
export async function recordOutboxMany(
  db: Db | Tx,
  rows: (OutboxRow & { dedupeKey: string })[],
): Promise<{ id: string }[]> {
  if (!rows.length) return []
  const inserted = await db
    .insert(outbox)
    .values(rows.map(valuesOf))
    .onConflictDoNothing()
    .returning({ id: outbox.id, key: outbox.dedupeKey })
  const ids = new Map(inserted.map((r) => [r.key, r.id]))
  const repeats = rows.map((r) => r.dedupeKey).filter((k) => !ids.has(k))
  if (repeats.length)
    for (const r of await db
      .select({ id: outbox.id, key: outbox.dedupeKey })
      .from(outbox)
      .where(inArray(outbox.dedupeKey, repeats)))
      ids.set(r.key, r.id)
  return rows.map((r) => ({ id: ids.get(r.dedupeKey) ?? '' }))
}
