// The mail job (issue 35 §2): a run sends every queued e-mail that is due
// (services/mail-delivery.ts). Runs come at once when a message is queued (the database notifies
// 'mail_due' as its transaction commits: sql/mail_due_notify.sql, whichever process queued it), from a
// timer of the process that saw a retry fall due within the minute, and from a cron every minute
// (retries due later, what a dropped channel missed). Runs may overlap: claims skip locked rows.
import type { FastifyBaseLogger } from 'fastify'
import { deliverDueMail, type MailDeliveryDeps } from '../services/mail-delivery'

export const MAIL_DELIVER_JOB = 'mail.deliver'
export const MAIL_DELIVER_CRON = '* * * * *'
export const mailDeliverQueueOptions = {
  name: MAIL_DELIVER_JOB,
  policy: 'standard',
  expireInSeconds: 10 * 60,
} as const

/** A run; a retry due before the next cron tick gets a run of this process at its time through `dueAt`. */
export async function mailDeliverJob(
  deps: MailDeliveryDeps,
  dueAt: (at: Date) => void,
  log: FastifyBaseLogger,
) {
  const run = await deliverDueMail(deps)
  // Counts only: recipients and server replies (which name them) stay out of the log.
  if (run.sent + run.retrying + run.failed > 0)
    log.info({ sent: run.sent, retrying: run.retrying, failed: run.failed }, 'mail delivered')
  if (run.nextDueAt && run.nextDueAt.getTime() - Date.now() < 60_000) dueAt(run.nextDueAt)
  return { sent: run.sent, retrying: run.retrying, failed: run.failed }
}
