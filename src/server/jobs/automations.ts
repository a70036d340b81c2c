// The daily run of automated marketing (issue 20). pg-boss 10 keeps one cron schedule per queue, so
// the "10:00 in each franchise's time zone" is a tick every 15 minutes (every zone's offset is a
// multiple of 15 minutes) that queues one run job per franchise whose local time has passed 10:00 and
// whose active automations have not run today; its singleton key (franchise and local day) keeps it
// to one job. A server stopped at 10:00 runs on its first tick after: the run catches up the missed
// days (at most 7), and the dispatch engine holds what it queued until the 08–20 window opens.
import type PgBoss from 'pg-boss'
import { RUN_HOUR, RUN_TICK_MINUTES } from '../../domain/automations'
import type { Db } from '../db/client'
import { dueFranchises, runFranchiseAutomations } from '../services/automation-selection'
import type { CampaignQueue } from '../services/campaigns'

export const AUTOMATIONS_TICK_JOB = 'automations-tick'
export const AUTOMATIONS_TICK_CRON = `*/${RUN_TICK_MINUTES} * * * *`
export const AUTOMATIONS_RUN_JOB = 'automations-run'

export type AutomationRunData = { franchiseId: string }

/** Queues the due franchises' runs; returns how many were due. */
export async function automationsTick(db: Db, boss: Pick<PgBoss, 'send'>, now = new Date()) {
  const due = await dueFranchises(db, now, RUN_HOUR)
  for (const f of due)
    await boss.send(AUTOMATIONS_RUN_JOB, { franchiseId: f.id } satisfies AutomationRunData, {
      singletonKey: `${f.id}:${f.day}`,
    })
  return { due: due.length }
}

/** One franchise's run job. */
export async function automationsRunJob(
  db: Db,
  queue: CampaignQueue,
  data: AutomationRunData,
  now = new Date(),
) {
  return runFranchiseAutomations(db, data.franchiseId, now, queue)
}
