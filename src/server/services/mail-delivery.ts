// Sending queued e-mail (issue 35 §2). A message is queued in the outbox (adapters/mail) in the
// request's transaction; the mail job claims it in one statement (SENDING, attempt counted, leased
// beyond the transport's time limit), so two workers never send it at once and one that dies
// mid-send leaves it to be taken again when the lease ends. The answer settles it: SENT, QUEUED
// again at the next step of the backoff (a dropped connection, a 4xx SMTP reply, a rate limit's
// Retry-After), or FAILED (a 5xx refusal, or the attempts are spent). Every attempt carries the
// same Message-ID (the row's id), so the rare repeat after a crash between the server's "250 OK"
// and our write is recognisable as the same message. A GDPR notice forgets its address once settled.
import { sql } from 'drizzle-orm'
import { ERASED_MARK } from '../../domain/gdpr'
import { MailError, type MailTransport } from '../adapters/mail'
import { type Db, rowsOf } from '../db/client'

export type MailDeliveryDeps = { db: Db; transport: MailTransport; clock?: () => Date }

export const MAIL_MAX_ATTEMPTS = 8
/** A claimed message stays its sender's this long (well past SMTP's own time limits). */
export const MAIL_LEASE_MS = 5 * 60_000

/** 1, 2, 4 … 64 minutes after the attempt that failed (about four hours in all). */
export const mailBackoffMs = (attempts: number) => 60_000 * 2 ** Math.min(attempts - 1, 6)

type Claimed = {
  id: string
  attempts: number
  recipient: string
  subject: string | null
  body: string
  franchise_id: string | null
}

export async function claimDueMail(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + MAIL_LEASE_MS)
  const result = await db.execute(sql`
    update outbox o
       set status = 'SENDING', attempts = o.attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz
     where o.id in (
             select x.id from outbox x
              where x.status in ('QUEUED', 'SENDING') and x.channel = 'email'
                and x.next_attempt_at <= ${now.toISOString()}::timestamptz
              order by x.next_attempt_at
              limit ${limit}
                for update skip locked)
    returning o.id, o.attempts, o.recipient, o.subject, o.body, o.franchise_id`)
  return rowsOf<Claimed>(result)
}

type Outcome = 'SENT' | 'QUEUED' | 'FAILED'

async function attempt(deps: MailDeliveryDeps, c: Claimed): Promise<Outcome> {
  const clock = deps.clock ?? (() => new Date())
  let outcome: Outcome
  let providerMessageId: string | null = null
  let error: string | null = null
  let next: Date | null = null
  try {
    const sent = await deps.transport.deliver({
      id: c.id,
      to: c.recipient,
      subject: c.subject ?? '',
      text: c.body,
      franchiseId: c.franchise_id,
    })
    outcome = 'SENT'
    providerMessageId = sent.providerMessageId
  } catch (err) {
    const e = err instanceof MailError ? err : new MailError('mail transport failed', false)
    error = e.message
    if (e.permanent || c.attempts >= MAIL_MAX_ATTEMPTS) outcome = 'FAILED'
    else {
      outcome = 'QUEUED'
      next = new Date(clock().getTime() + Math.max(e.retryAfterMs ?? 0, mailBackoffMs(c.attempts)))
    }
  }
  // Only this claim's attempt settles the row: a sender whose lease ran out does not overwrite the
  // outcome of the one that took over.
  await deps.db.execute(sql`
    update outbox
       set status = ${outcome}, provider_message_id = coalesce(${providerMessageId}, provider_message_id),
           last_error = ${error}, next_attempt_at = ${next?.toISOString() ?? null}::timestamptz,
           sent_at = ${outcome === 'SENT' ? clock().toISOString() : null}::timestamptz,
           recipient = case when forget_recipient and ${outcome} <> 'QUEUED' then ${ERASED_MARK} else recipient end
     where id = ${c.id} and status = 'SENDING' and attempts = ${c.attempts}`)
  return outcome
}

export type MailRun = { sent: number; retrying: number; failed: number; nextDueAt: Date | null }

/** Sends what is due, `batch` at a time, until nothing is due or `budgetMs` is spent. */
export async function deliverDueMail(
  deps: MailDeliveryDeps,
  options: { batch?: number; budgetMs?: number } = {},
): Promise<MailRun> {
  const clock = deps.clock ?? (() => new Date())
  const batch = options.batch ?? 10
  const started = Date.now()
  const run: MailRun = { sent: 0, retrying: 0, failed: 0, nextDueAt: null }
  for (;;) {
    const claimed = await claimDueMail(deps.db, clock(), batch)
    const outcomes = await Promise.all(claimed.map((c) => attempt(deps, c)))
    for (const o of outcomes) {
      if (o === 'SENT') run.sent++
      else if (o === 'QUEUED') run.retrying++
      else run.failed++
    }
    if (claimed.length < batch || Date.now() - started > (options.budgetMs ?? 45_000)) break
  }
  const result = await deps.db.execute(sql`
    select min(next_attempt_at) as at from outbox
     where status in ('QUEUED', 'SENDING') and channel = 'email'`)
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at
  run.nextDueAt = at ? new Date(at) : null
  return run
}
