// The mail job (issue 35 §2): a run sends every queued e-mail that is due
// (services/mail-delivery.ts). Runs come from each queued message at once (in a worker, or in a web
// process without jobs), from a timer of the process that saw a retry fall due within the minute, and
// from a cron every minute (retries due later). Runs may overlap: claims skip locked rows.
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { deliverDueMail, type MailDeliveryDeps } from '../services/mail-delivery'
import { queueRunNow } from './wake'

export const MAIL_DELIVER_JOB = 'mail.deliver'
export const MAIL_DELIVER_CRON = '* * * * *'
export const mailDeliverQueueOptions = {
  name: MAIL_DELIVER_JOB,
  policy: 'standard',
  expireInSeconds: 10 * 60,
} as const

/** Asks for a run now (jobs/wake.ts). */
export const queueMailRun = (boss: PgBoss | undefined) => queueRunNow(boss, MAIL_DELIVER_JOB, 2)

/** What a queued message calls: asks for a run, a failed ask logged (the minute's cron still comes). */
export const mailRunAsker = (boss: PgBoss, log: FastifyBaseLogger) => () => {
  queueMailRun(boss).catch((err) => log.error({ err }, 'mail run not queued'))
}

/** A run; a retry due before the next cron tick is asked for at its time through `dueAt`. */
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
