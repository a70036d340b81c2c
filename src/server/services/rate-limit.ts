// Fixed-window counters kept in the database, so that every server behind a load balancer counts the
// same attempts. One statement per hit: insert, or bump the count (restarting an expired window).
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { AppError } from '../errors'

export type Limit = { max: number; windowSeconds: number }

/** Counts one hit on `key`; returns the seconds to wait when the limit is exceeded, else 0. */
export async function hit(db: Db, key: string, limit: Limit, now = new Date()): Promise<number> {
  const windowStartCutoff = new Date(now.getTime() - limit.windowSeconds * 1000)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowStartCutoff} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowStartCutoff} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning()
  if (!row || row.count <= limit.max) return 0
  const reopens = row.windowStart.getTime() + limit.windowSeconds * 1000
  return Math.max(1, Math.ceil((reopens - now.getTime()) / 1000))
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`)
}

/** The one 429 of the account limits (login, sign-up): what was counted and when to try again. */
export const tooManyAttempts = (seconds: number, what = 'login attempts') =>
  new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many ${what}. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
    {
      retryAfter: seconds,
    },
  )
