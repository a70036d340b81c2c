// The outbox row written before a provider without an idempotency key (Twilio, Vonage) is called
// (issue 35 §3): SUBMITTING with the dedupe key, then SENT with the provider's id once it answers, or
// FAILED with its code. A row still SUBMITTING after a crash or a lost answer says "maybe sent": the
// adapter then asks the provider's record (Twilio) or its receipts (Vonage) before any second call.
import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { outbox } from '../../db/schema'
import type { OutgoingMessage } from '../messaging'

export type Intent = {
  id: string
  recipient: string
  body: string
  providerMessageId: string | null
  /** SUBMITTING (outcome unknown), SENT, FAILED (the provider refused: nothing went out), DELIVERED… */
  status: string
  createdAt: Date
  /** Before this, an attempt's request may still reach the provider: "not found" proves nothing. */
  nextAttemptAt: Date | null
}

const columns = {
  id: outbox.id,
  recipient: outbox.recipient,
  body: outbox.body,
  providerMessageId: outbox.providerMessageId,
  status: outbox.status,
  createdAt: outbox.createdAt,
  nextAttemptAt: outbox.nextAttemptAt,
}

export async function intentOf(db: Db | Tx, dedupeKey: string): Promise<Intent | null> {
  const [row] = await db.select(columns).from(outbox).where(eq(outbox.dedupeKey, dedupeKey))
  return row ?? null
}

/** The message's row, written before the call; an earlier attempt's row when the key has one. */
export async function writeIntent(
  db: Db | Tx,
  provider: string,
  m: OutgoingMessage,
  now = new Date(),
  /** The first attempt's window (see attemptIntent), written with the row itself. */
  until: Date | null = null,
): Promise<{ intent: Intent; earlier: boolean }> {
  const [row] = await db
    .insert(outbox)
    .values({
      franchiseId: m.franchiseId ?? null,
      channel: 'sms',
      recipient: m.to,
      subject: m.from ?? null,
      body: m.text,
      status: 'SUBMITTING',
      provider,
      dedupeKey: m.dedupeKey ?? null,
      createdAt: now,
      nextAttemptAt: until,
    })
    .onConflictDoNothing()
    .returning(columns)
  if (row) return { intent: row, earlier: false }
  const earlier = await intentOf(db, m.dedupeKey ?? '')
  if (!earlier) throw new Error('outbox: the dedupe key’s row vanished')
  return { intent: earlier, earlier: true }
}

export async function settleIntent(db: Db | Tx, id: string, providerMessageId: string, at = new Date()) {
  await db
    .update(outbox)
    .set({ status: 'SENT', providerMessageId, sentAt: at, lastError: null })
    .where(eq(outbox.id, id))
}

/**
 * Claims the right to call the provider again (compare-and-set): false while an earlier attempt's
 * window runs, so two workers never both send after finding nothing.
 */
export async function attemptIntent(db: Db | Tx, id: string, until: Date, now = new Date()) {
  const claimed = await db
    .update(outbox)
    .set({ nextAttemptAt: until })
    .where(and(eq(outbox.id, id), or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now))))
    .returning({ id: outbox.id })
  return claimed.length > 0
}

export async function failIntent(db: Db | Tx, id: string, code: string) {
  await db
    .update(outbox)
    // A refusal is an answer: that request has landed, no window to wait out.
    .set({ status: 'FAILED', lastError: code.slice(0, 200), nextAttemptAt: null })
    .where(and(eq(outbox.id, id), isNull(outbox.providerMessageId)))
}

/** Whether another outbox row already claims this provider id (two identical texts to one phone). */
export async function claimedElsewhere(db: Db | Tx, id: string, providerMessageId: string) {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(outbox)
    .where(and(eq(outbox.providerMessageId, providerMessageId), ne(outbox.id, id)))
  return !!row
}
