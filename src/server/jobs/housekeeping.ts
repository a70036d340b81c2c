// Housekeeping: expired access tokens are deleted a day after they expire (kept that long so that a
// user who comes back just after expiry is told their session ended rather than an unknown token).
import { lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accessTokens } from '../db/schema'

export const PURGE_TOKENS_JOB = 'housekeeping.purge-expired-tokens'

export async function purgeExpiredTokens(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 3600 * 1000)
  const deleted = await db
    .delete(accessTokens)
    .where(lt(accessTokens.expiresAt, cutoff))
    .returning({ hash: accessTokens.tokenHash })
  return deleted.length
}
