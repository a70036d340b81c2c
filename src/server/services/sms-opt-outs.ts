// Customers who answer STOP (issue 18, SPEC §9). The SMS provider posts each inbound message to
// POST /webhooks/sms/inbound (signed like the payments webhook); a STOP reply opts the phone out for
// one franchise: the one whose campaign SMS reached that phone last. Providers send replies to
// alphanumeric sender ids through a shared number, so the `to` of a reply does not name a franchise
// by itself; when it equals a franchise's sender id, that franchise's latest message wins, else the
// latest message to the phone decides. A phone no campaign ever reached opts out of nothing
// (outcome `unknown-sender`). Opting out is an insert that ignores a repeat, so a provider's retry of
// the same message changes nothing. Re-subscribing is the customer's own act and is not offered here.
import { and, eq, sql } from 'drizzle-orm'
import { type Infer, nonempty, object, optional, size, string } from 'superstruct'
import { normalisePhone } from '../../domain/phone'
import { isStopReply, type SmsInboundOutcome } from '../../domain/sms'
import { type Db, rowsOf } from '../db/client'
import { smsOptOuts } from '../db/schema'
import { badRequest, parse } from '../errors'

export const InboundSms = object({
  from: size(nonempty(string()), 1, 32),
  to: optional(size(string(), 0, 32)),
  text: size(string(), 0, 1600),
  receivedAt: optional(string()),
})
export type InboundSms = Infer<typeof InboundSms>

export type InboundOutcome = SmsInboundOutcome

/** The signed body as a message; a 400 naming the field when it is not one. */
export function parseInboundSms(raw: Buffer): InboundSms {
  let body: unknown
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    throw badRequest('WEBHOOK_INVALID_BODY', 'The body is not JSON', { field: 'body', in: 'body' })
  }
  return parse(InboundSms, body, 'body')
}

/** A provider's sender number as the recipients table keeps phones: E.164. */
export function phoneOf(from: string): string {
  const digits = from.replace(/[^\d+]/g, '').replace(/^00/, '+')
  const e164 = digits.startsWith('+') ? digits : `+${digits}`
  return normalisePhone(e164, 'FR') ?? e164
}

/** The franchise a reply from `phone` answers (see the head of this file), or null. */
async function franchiseAnswered(db: Db, phone: string, to: string | undefined): Promise<string | null> {
  const res = await db.execute(sql`
    select r.franchise_id as "franchiseId"
    from campaign_recipients r join franchises f on f.id = r.franchise_id
    where r.address = ${phone} and r.channel = 'SMS' and r.sent_at is not null
    order by coalesce(f.sender_id = ${to ?? null}, false) desc, r.sent_at desc
    limit 1`)
  return rowsOf<{ franchiseId: string }>(res)[0]?.franchiseId ?? null
}

/** Applies one inbound message: a STOP opts the phone out of the franchise it answers. */
export async function applyInboundSms(db: Db, message: InboundSms): Promise<InboundOutcome> {
  if (!isStopReply(message.text)) return 'not-stop'
  const phone = phoneOf(message.from)
  const franchiseId = await franchiseAnswered(db, phone, message.to || undefined)
  if (!franchiseId) return 'unknown-sender'
  const added = await db
    .insert(smsOptOuts)
    .values({ franchiseId, phone })
    .onConflictDoNothing()
    .returning({ phone: smsOptOuts.phone })
  return added.length ? 'opted-out' : 'unchanged'
}

/** Whether a client's phone answered STOP to its franchise (the client detail's badge). */
export async function isSmsOptedOut(db: Db, franchiseId: string, phone: string | null): Promise<boolean> {
  if (!phone) return false
  const [row] = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.franchiseId, franchiseId), eq(smsOptOuts.phone, phone)))
  return !!row
}
