// A campaign's dispatch run (issue 18), what each dispatch job does: it moves a due campaign from
// QUEUED to SENDING (campaign-lifecycle.ts) and runs the engine's steps (campaign-dispatch.ts); when the
// engine must wait (the sending window, a retry's backoff) the run queues itself again for that moment,
// and a long send hands over to a fresh job now and then so that no job outlives pg-boss's expiry.
import { eq } from 'drizzle-orm'
import type { Channel } from '../../domain/campaigns'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { campaigns } from '../db/schema'
import { type DispatchDeps, dispatchStep, type Pace, type StepResult } from './campaign-dispatch'
import { isCancelled, liveCampaigns, startCampaign } from './campaign-lifecycle'
import { type CampaignQueue, cancelPending } from './campaigns'
import { isPublicHoliday } from './public-holidays'

/** A job's share of a long send; pg-boss's expiry (see plugins/jobs.ts) is well above it. */
export const JOB_BUDGET_MS = 5 * 60_000

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
  if (isCancelled(c)) {
    await cancelPending(deps.db, c)
    return { kind: 'stopped', reason: 'CANCELLED' }
  }
  if (c.dispatch === 'QUEUED') {
    // Early (its start moved later): wait for it.
    if (c.startAt && c.startAt > now) {
      await deps.queue.enqueue(c.id, c.startAt)
      return { kind: 'queued', at: c.startAt }
    }
    await startCampaign(deps.db, c.id, now)
  }
  const engine: DispatchDeps = {
    ...deps,
    isHoliday: deps.isHoliday ?? isPublicHoliday,
    options: {
      ratePerSecond: (c.channel as Channel) === 'SMS' ? deps.config.smsPerSecond : deps.config.pushPerSecond,
      breakerThreshold: deps.config.breakerThreshold,
      leaseMs: deps.config.leaseMs,
      ...deps.options,
    },
  }
  const started = Date.now()
  const pace: Pace = { due: 0 }
  for (;;) {
    const step = await dispatchStep(engine, c.id, pace)
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
