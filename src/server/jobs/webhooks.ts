// The outgoing webhooks' delivery job (issue 23): a run sends every due delivery
// (services/webhooks-delivery.ts). Runs come at once when the database records deliveries (it
// notifies 'webhooks_due' at commit: sql/webhook_record.sql), from the "send test event" button, from
// a timer of the process that saw a retry or a dead sender's lease fall due within the minute, and from
// a cron every minute, which catches what a dropped channel missed. Runs may overlap: claims skip
// locked rows.
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { type DeliveryDeps, deliverDue } from '../services/webhooks-delivery'
import { queueRunNow } from './wake'

export const WEBHOOKS_DELIVER_JOB = 'webhooks.deliver'
export const WEBHOOKS_DELIVER_CRON = '* * * * *'
export const webhooksDeliverQueueOptions = {
  name: WEBHOOKS_DELIVER_JOB,
  policy: 'standard',
  expireInSeconds: 5 * 60,
} as const
export const WEBHOOKS_PURGE_JOB = 'webhooks.purge'
export const WEBHOOKS_PURGE_CRON = '41 3 * * *'

/** Asks for a run now (jobs/wake.ts). */
export const queueWebhookRun = (boss: PgBoss | undefined) => queueRunNow(boss, WEBHOOKS_DELIVER_JOB, 5)

/**
 * A run; a delivery due before the next cron tick (a retry, a dead sender's lease) gets a run of this
 * process at its time through `dueAt` (jobs/wake.ts dueTimer).
 */
export async function webhooksDeliverJob(
  deps: DeliveryDeps,
  dueAt: (at: Date) => void,
  log: FastifyBaseLogger,
) {
  const run = await deliverDue(deps)
  if (run.succeeded + run.retrying + run.failed > 0) log.info({ ...run }, 'webhooks delivered')
  if (run.nextDueAt && run.nextDueAt.getTime() - Date.now() < 60_000) dueAt(run.nextDueAt)
  return { succeeded: run.succeeded, retrying: run.retrying, failed: run.failed }
}
