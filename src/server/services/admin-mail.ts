// The e-mail the offline mail adapter delivered to one address (the outbox), for staff: with no mail
// provider configured, that is where a merchant's sign-up link or notice is (issue 34).
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Mailer } from '../adapters/mail'
import type { Db } from '../db/client'
import { outbox } from '../db/schema'
import { notFound } from '../errors'

const KEPT = 20

/**
 * Platform mail only (no franchise's): a merchant's own messages stay with the merchant. A real mail
 * provider delivers it and nothing is kept here: a 404.
 */
export async function mailSentTo(db: Db, mailer: Pick<Mailer, 'kind'>, recipient: string) {
  if (mailer.kind !== 'local') throw notFound('MAIL_NOT_KEPT', 'No mail is kept here')
  const rows = await db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'email'),
        eq(outbox.recipient, recipient.trim().toLowerCase()),
        isNull(outbox.franchiseId),
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(KEPT)
  return rows.map((m) => ({
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    sentAt: m.sentAt?.toISOString() ?? null,
  }))
}
