// The campaign dispatch job (issue 18): one waiting pg-boss job per campaign at most (its singleton
// key on a `short` queue), queued when the campaign is saved, sent, or resumed, at its start. It moves a due campaign from
// QUEUED to SENDING and runs the engine's steps (services/campaign-dispatch.ts); when the engine must
// wait (the sending window, a retry's backoff) the job queues itself again for that moment, and a
// long send hands over to a fresh job now and then so that no job outlives pg-boss's expiry.
import { and, eq, lte } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { Channel } from '../../domain/campaigns'
import type { Config } from '../config'
import type { Database, Db } from '../db/client'
import { campaigns } from '../db/schema'
import { DISPATCH_JOB, type DispatchDeps, dispatchStep, type StepResult } from '../services/campaign-dispatch'
import { type CampaignQueue, cancelPending, liveCampaigns } from '../services/campaigns'
import { isPublicHoliday } from '../services/public-holidays'

export { DISPATCH_JOB, isPublicHoliday }

export type DispatchJobData = { campaignId: string }

/** A job's share of a long send; pg-boss's expiry (see plugins/jobs.ts) is well above it. */
export const JOB_BUDGET_MS = 5 * 60_000

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
        const { rows } = await database.raw(
          `select id from pgboss.job where name = $1 and singleton_key = $2 and state = 'created'`,
          [DISPATCH_JOB, campaignId],
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

export type CampaignJobDeps = Omit<DispatchDeps, 'options' | 'isHoliday'> & {
  queue: CampaignQueue
  config: Config['campaigns']
  isHoliday?: DispatchDeps['isHoliday']
  /** Options of the engine beyond the configured ones (tests: batch size, retry delays). */
  options?: DispatchDeps['options']
  budgetMs?: number
}

export type JobOutcome = StepResult | { kind: 'queued'; at: Date }

/** Runs one campaign's dispatch job: start it when due, send until done, waiting, or stopped. */
export async function runCampaignJob(deps: CampaignJobDeps, campaignId: string): Promise<JobOutcome> {
  const now = deps.now?.() ?? new Date()
  const [c] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId))
  if (!c) return { kind: 'stopped', reason: 'not found' }
  if (c.state === 'CANCELLED' || c.dispatch === 'CANCELLED') {
    await cancelPending(deps.db, c)
    return { kind: 'stopped', reason: 'CANCELLED' }
  }
  if (c.dispatch === 'QUEUED') {
    // Early (its start moved later): wait for it.
    if (c.startAt && c.startAt > now) {
      await deps.queue.enqueue(c.id, c.startAt)
      return { kind: 'queued', at: c.startAt }
    }
    await deps.db
      .update(campaigns)
      .set({ dispatch: 'SENDING' })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.dispatch, 'QUEUED'), lte(campaigns.startAt, now)))
  }
  const engine: DispatchDeps = {
    ...deps,
    isHoliday: deps.isHoliday ?? isPublicHoliday,
    options: {
      ratePerSecond: (c.channel as Channel) === 'SMS' ? deps.config.smsPerSecond : deps.config.pushPerSecond,
      breakerThreshold: deps.config.breakerThreshold,
      ...deps.options,
    },
  }
  const started = Date.now()
  for (;;) {
    const step = await dispatchStep(engine, c.id)
    if (step.kind === 'continue') {
      if (Date.now() - started < (deps.budgetMs ?? JOB_BUDGET_MS)) continue
      const at = deps.now?.() ?? new Date()
      await deps.queue.enqueue(c.id, at)
      return { kind: 'queued', at }
    }
    if (step.kind === 'wait') await deps.queue.enqueue(c.id, step.until)
    if (step.kind === 'stopped') {
      // Cancelled while a batch was out: the rows given back are cancelled too.
      const [after] = await deps.db
        .select({ dispatch: campaigns.dispatch, franchiseId: campaigns.franchiseId })
        .from(campaigns)
        .where(eq(campaigns.id, c.id))
      if (after?.dispatch === 'CANCELLED')
        await cancelPending(deps.db, { id: c.id, franchiseId: after.franchiseId })
    }
    return step
  }
}

/** Queues every waiting or sending campaign (singleton keys make it a no-op for those already queued). */
export async function requeueLiveCampaigns(db: Db, queue: CampaignQueue, now = new Date()) {
  const live = await liveCampaigns(db)
  for (const c of live) await queue.enqueue(c.id, c.startAt && c.startAt > now ? c.startAt : now)
  return live.length
}
