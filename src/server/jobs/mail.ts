// The mail job (issue 35 §2): a run sends every queued e-mail that is due
// (services/mail-delivery.ts). Runs come from a cron every minute (retries due later, messages
// queued by a web process without jobs), from each queued message at once, and from a run itself
// when a retry falls due within the minute. Runs may overlap: claims skip locked rows.
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { deliverDueMail, type MailDeliveryDeps } from '../services/mail-delivery'

export const MAIL_DELIVER_JOB = 'mail.deliver'
export const MAIL_DELIVER_CRON = '* * * * *'

/** Asks for a run now (or at `at`); runs asked within the same few seconds are one. */
export async function queueMailRun(boss: PgBoss | undefined, at?: Date) {
  if (!boss) return
  await boss.send(
    MAIL_DELIVER_JOB,
    {},
    { ...(at ? { startAfter: at } : {}), singletonKey: at ? 'retry' : 'now', singletonSeconds: 2 },
  )
}

export async function mailDeliverJob(deps: MailDeliveryDeps, boss: PgBoss, log: FastifyBaseLogger) {
  const run = await deliverDueMail(deps)
  // Counts only: recipients and server replies (which name them) stay out of the log.
  if (run.sent + run.retrying + run.failed > 0)
    log.info({ sent: run.sent, retrying: run.retrying, failed: run.failed }, 'mail delivered')
  if (run.nextDueAt && run.nextDueAt.getTime() - Date.now() < 60_000)
    await queueMailRun(boss, new Date(Math.max(run.nextDueAt.getTime(), Date.now() + 1000)))
  return { sent: run.sent, retrying: run.retrying, failed: run.failed }
}
