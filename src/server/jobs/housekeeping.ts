// Housekeeping: expired access tokens are deleted a day after they expire (kept that long so that a
// user who comes back just after expiry is told their session ended rather than an unknown token).
import { lt } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import { accessTokens } from '../db/schema'
import { OWNER, runAs } from '../db/tenant-context'

export const PURGE_TOKENS_JOB = 'housekeeping.purge-expired-tokens'

export async function purgeExpiredTokens(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 3600 * 1000)
  const deleted = await db
    .delete(accessTokens)
    .where(lt(accessTokens.expiresAt, cutoff))
    .returning({ hash: accessTokens.tokenHash })
  return deleted.length
}

/** The tables a visit and the client list read (ANALYZE samples each). */
const ANALYZED_TABLES = [
  'clients',
  'client_balances',
  'client_stores',
  'client_audience',
  'client_visit_days',
  'client_search',
  'points_transactions',
  'store_day_counts',
  'client_day_counts',
]

/**
 * PGlite has no autovacuum, so nothing else keeps its planner statistics: plans cached while the
 * tables were small (PL/pgSQL functions and triggers keep theirs for the session) stayed after they
 * grew, and a visit read the clients and balances tables whole. ANALYZE refreshes the statistics and
 * has those plans made again; on PostgreSQL autovacuum does both. Returns whether it ran.
 */
export async function analyzeEmbedded(database: Database): Promise<boolean> {
  if (database.kind !== 'pglite') return false
  // As the tables' owner (the app's role may not analyze them), awaited inside to run as it.
  await runAs(OWNER, async () => {
    await database.raw(`analyze ${ANALYZED_TABLES.join(', ')}`)
  })
  return true
}
