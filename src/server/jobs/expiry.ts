// The nightly points expiry (issue 23). pg-boss 10 keeps one cron schedule per queue, so "02:00 in
// each franchise's time zone" is a tick every 15 minutes (every zone's offset is a multiple of 15
// minutes) that queues one run job per franchise whose local time is inside the night window
// (EXPIRY_RUN_HOUR to EXPIRY_RUN_END_HOUR), whose rule's first night has come and whose local day has
// not run yet; its singleton key (franchise and local day) keeps it to one job. A server stopped at
// 02:00 runs later that night; one stopped all night runs the next night, never by day (issue 34:
// a save at 14:00 ran within minutes). What was due is still due then (services/expiry-run.ts).
import type PgBoss from 'pg-boss'
import type { Db } from '../db/client'
import type { CampaignQueue } from '../services/campaigns'
import { dueExpiryFranchises, runFranchiseExpiry } from '../services/expiry-run'

export const EXPIRY_TICK_JOB = 'expiry-tick'
export const EXPIRY_TICK_CRON = '*/15 * * * *'
export const EXPIRY_RUN_JOB = 'expiry-run'

export type ExpiryRunData = { franchiseId: string }

/** Queues the due franchises' runs; returns how many were due. */
export async function expiryTick(db: Db, boss: Pick<PgBoss, 'send'>, now = new Date()) {
  const due = await dueExpiryFranchises(db, now)
  for (const f of due)
    await boss.send(EXPIRY_RUN_JOB, { franchiseId: f.id } satisfies ExpiryRunData, {
      singletonKey: `${f.id}:${f.day}`,
    })
  return { due: due.length }
}

/** One franchise's run job. */
export async function expiryRunJob(db: Db, queue: CampaignQueue, data: ExpiryRunData, now = new Date()) {
  return runFranchiseExpiry(db, data.franchiseId, now, queue)
}
