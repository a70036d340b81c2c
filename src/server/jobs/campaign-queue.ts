// The campaign dispatch queue in pg-boss (issue 18): one waiting job per campaign at most, queued when
// the campaign is saved, sent or resumed, at its start. The job itself runs services/campaign-run.ts.
import type PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { OWNER, runAs } from '../db/tenant-context'
import { DISPATCH_JOB } from '../services/campaign-dispatch'
import type { CampaignQueue } from '../services/campaigns'

export type DispatchJobData = { campaignId: string }

/** The dispatch queue: a long send hands over to a new job every few minutes, well within the expiry. */
export const dispatchQueueOptions = {
  name: DISPATCH_JOB,
  policy: 'short',
  expireInSeconds: 30 * 60,
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
} as const

/**
 * The queue in pg-boss: one waiting job per campaign (singleton key on a `short` queue). Not `stately`:
 * there a due job whose campaign still has a running one (a worker that died holds it until it
 * expires) makes every fetch of the queue fail, and the other campaigns wait behind it. Two running
 * jobs of one campaign are safe: the engine's claim gives each row to one of them.
 */
export function pgBossCampaignQueue(boss: PgBoss, database: Database): CampaignQueue {
  return {
    async enqueue(campaignId, at, options = {}) {
      if (options.replace) {
        // A new start time replaces the waiting job. pg-boss 10 looks jobs up by id only: the waiting
        // one is read from its job table by its singleton key, then cancelled through pg-boss.
        const { rows } = await runAs(OWNER, () =>
          database.raw(
            `select id from pgboss.job where name = $1 and singleton_key = $2 and state = 'created'`,
            [DISPATCH_JOB, campaignId],
          ),
        )
        if (rows.length)
          await boss.cancel(
            DISPATCH_JOB,
            rows.map((r) => String(r.id)),
          )
      }
      await boss.send(DISPATCH_JOB, { campaignId } satisfies DispatchJobData, {
        singletonKey: campaignId,
        startAfter: at,
      })
    },
  }
}
