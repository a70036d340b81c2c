// The campaign stats rollup (issue 18): every minute, the campaigns whose figures can still move
// (services/campaign-stats.ts), so that the stats calls are at most a minute (plus a run) old.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { runCampaignStats } from '../services/campaign-stats'

export const CAMPAIGN_STATS_JOB = 'campaign.stats'
export const CAMPAIGN_STATS_CRON = '* * * * *'

export async function campaignStatsJob(db: Db, log: FastifyBaseLogger) {
  const started = Date.now()
  const result = await runCampaignStats(db)
  log.info({ ...result, ms: Date.now() - started }, 'campaign stats rollup')
  return result
}
