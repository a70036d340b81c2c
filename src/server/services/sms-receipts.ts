// SMS delivery receipts (issue 35 §3): Twilio's StatusCallback and Vonage's DLR, verified by their
// routes, land here as one shape. A final status (delivered, undelivered, failed) is written on the
// outbox row (Messages sent) and the campaign recipient (the delivered rate) that carry the provider's
// message id; a passing one (queued, sent, accepted…) changes nothing. Writing the same status again
// is a no-op, so a provider's replay changes nothing. A receipt whose code says the number does not
// exist marks the phone unreachable, as a refusal at send time does. A receipt that outruns its send's
// answer is kept and applied when the id is written (sql/sms_early_receipts.sql).
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { campaignRecipients, outbox, smsEarlyReceipts, smsUnreachablePhones } from '../db/schema'

export type Delivery = 'DELIVERED' | 'UNDELIVERED' | 'FAILED'

export type Receipt = {
  provider: 'twilio' | 'vonage'
  messageId: string
  /** null: a passing status. */
  delivery: Delivery | null
  errorCode: string | null
  /** The recipient, when the code says the number is gone for good. */
  unreachablePhone: string | null
  /** Vonage's `client-ref`: our dedupe key, settling a send whose answer was lost. */
  clientRef?: string | undefined
}

/** early: no message of ours carries that id yet; kept until the send's answer records it. */
export type ReceiptOutcome = 'recorded' | 'passing' | 'early'

/** A phone the franchise's dispatch never sends to again (never retried), out of its audiences. */
export async function markUnreachable(
  db: Db | Tx,
  at: { franchiseId: string; phone: string },
  provider: string,
  code: string,
) {
  await db
    .insert(smsUnreachablePhones)
    .values({ ...at, provider, code })
    .onConflictDoNothing()
}

export async function applyReceipt(db: Db, r: Receipt): Promise<ReceiptOutcome> {
  if (r.clientRef)
    await db
      .update(outbox)
      .set({ providerMessageId: r.messageId, status: 'SENT', sentAt: new Date(), lastError: null })
      .where(
        and(
          eq(outbox.dedupeKey, r.clientRef),
          eq(outbox.provider, r.provider),
          isNull(outbox.providerMessageId),
        ),
      )
  if (!r.delivery) return 'passing'
  const messages = await db
    .update(outbox)
    .set({ status: r.delivery, lastError: r.errorCode })
    .where(and(eq(outbox.providerMessageId, r.messageId), eq(outbox.provider, r.provider)))
    .returning({ id: outbox.id, franchiseId: outbox.franchiseId })
  await db
    .update(campaignRecipients)
    .set({ delivery: r.delivery, deliveryError: r.errorCode })
    .where(eq(campaignRecipients.providerMessageId, r.messageId))
  const franchiseId = messages[0]?.franchiseId
  if (r.unreachablePhone && r.errorCode && franchiseId)
    await markUnreachable(db, { franchiseId, phone: r.unreachablePhone }, r.provider, r.errorCode)
  if (messages.length) return 'recorded'
  await keepEarly(db, { ...r, delivery: r.delivery })
  return 'early'
}

/**
 * A final receipt for an id no outbox row carries yet: kept for the statement that writes the id
 * (sql/sms_early_receipts.sql). The latest receipt wins; a day-old one was never ours.
 */
async function keepEarly(db: Db, r: Receipt & { delivery: Delivery }) {
  await db.delete(smsEarlyReceipts).where(lt(smsEarlyReceipts.receivedAt, sql`now() - interval '1 day'`))
  const row = { delivery: r.delivery, errorCode: r.errorCode, unreachablePhone: r.unreachablePhone }
  await db
    .insert(smsEarlyReceipts)
    .values({ provider: r.provider, messageId: r.messageId, ...row })
    .onConflictDoUpdate({ target: [smsEarlyReceipts.provider, smsEarlyReceipts.messageId], set: row })
}
