// SMS delivery receipts (issue 35 §3): Twilio's StatusCallback and Vonage's DLR, verified by their
// routes, land here as one shape. A final status (delivered, undelivered, failed) is written on the
// outbox row (Messages sent) and the campaign recipient (the delivered rate) that carry the provider's
// message id; a passing one (queued, sent, accepted…) changes nothing. Writing the same status again
// is a no-op, so a provider's replay changes nothing. A receipt whose code says the number does not
// exist marks the phone unreachable, as a refusal at send time does.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { campaignRecipients, outbox, smsUnreachablePhones } from '../db/schema'

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

export type ReceiptOutcome = 'recorded' | 'passing' | 'unknown-message'

/** A phone no dispatch sends to again (never retried). */
export async function markUnreachable(db: Db | Tx, phone: string, provider: string, code: string) {
  await db.insert(smsUnreachablePhones).values({ phone, provider, code }).onConflictDoNothing()
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
    .returning({ id: outbox.id })
  await db
    .update(campaignRecipients)
    .set({ delivery: r.delivery, deliveryError: r.errorCode })
    .where(eq(campaignRecipients.providerMessageId, r.messageId))
  if (r.unreachablePhone && r.errorCode)
    await markUnreachable(db, r.unreachablePhone, r.provider, r.errorCode)
  return messages.length ? 'recorded' : 'unknown-message'
}
