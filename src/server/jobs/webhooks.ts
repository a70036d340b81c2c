// The outgoing webhooks' delivery job (issue 23): a run sends every due delivery
// (services/webhooks-delivery.ts). Runs come from a cron every minute (events recorded by the
// database's triggers, retries due later), from the "send test event" button at once, and from a
// run itself when a retry falls due within the minute. Runs may overlap: claims skip locked rows.
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { type DeliveryDeps, deliverDue } from '../services/webhooks-delivery'

export const WEBHOOKS_DELIVER_JOB = 'webhooks.deliver'
export const WEBHOOKS_DELIVER_CRON = '* * * * *'
export const webhooksDeliverQueueOptions = {
  name: WEBHOOKS_DELIVER_JOB,
  policy: 'standard',
  expireInSeconds: 5 * 60,
} as const
export const WEBHOOKS_PURGE_JOB = 'webhooks.purge'
export const WEBHOOKS_PURGE_CRON = '41 3 * * *'

/** Asks for a run now (or at `at`); runs asked within the same few seconds are one. */
export async function queueWebhookRun(boss: PgBoss | undefined, at?: Date) {
  if (!boss) return
  await boss.send(
    WEBHOOKS_DELIVER_JOB,
    {},
    {
      ...(at ? { startAfter: at } : {}),
      singletonKey: at ? 'retry' : 'now',
      singletonSeconds: 5,
    },
  )
}

export async function webhooksDeliverJob(deps: DeliveryDeps, boss: PgBoss, log: FastifyBaseLogger) {
  const run = await deliverDue(deps)
  if (run.succeeded + run.retrying + run.failed > 0) log.info({ ...run }, 'webhooks delivered')
  // A retry due before the next cron tick gets its own run.
  if (run.nextDueAt && run.nextDueAt.getTime() - Date.now() < 60_000)
    await queueWebhookRun(boss, new Date(Math.max(run.nextDueAt.getTime(), Date.now() + 1000)))
  return { succeeded: run.succeeded, retrying: run.retrying, failed: run.failed }
}
