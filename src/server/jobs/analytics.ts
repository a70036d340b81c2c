// The analytics rollup job (issue 8): every minute, and once when the server starts (the first run
// backfills the whole ledger, so a seeded database has its dashboard on day one).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { runRollup } from '../services/analytics-rollups'

export const ANALYTICS_ROLLUP_JOB = 'analytics.rollup'
/** pg-boss cron: every minute, so figures are at most a minute (plus a run) old. */
export const ANALYTICS_ROLLUP_CRON = '* * * * *'

export async function rollupJob(db: Db, log: FastifyBaseLogger) {
  const started = Date.now()
  const result = await runRollup(db)
  log.info({ ...result, ms: Date.now() - started }, 'analytics rollup')
  return result
}
