import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokens, users } from '../../src/server/db/schema'
import { PURGE_TOKENS_JOB } from '../../src/server/jobs/housekeeping'
import { PURGE_POS_ORDERS_JOB } from '../../src/server/services/pos'
import { startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe.each(databaseKinds())('background jobs on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(kind, { config: { jobs: true } })
  })
  afterAll(() => t.close())

  it('runs a queued job with its worker: expired tokens are purged, live ones kept', async () => {
    const db = t.database.db
    const [user] = await db
      .insert(users)
      .values({ email: `jobs-${kind}@test.test`, passwordHash: 'x', role: 'FRANCHISE_OWNER' })
      .returning()
    const day = 24 * 3600 * 1000
    await db.insert(accessTokens).values([
      { tokenHash: `old-${kind}`, userId: user!.id, expiresAt: new Date(Date.now() - 3 * day) },
      { tokenHash: `live-${kind}`, userId: user!.id, expiresAt: new Date(Date.now() + day) },
    ])
    expect(t.app.jobs).toBeDefined()
    const jobId = await t.app.jobs!.send(PURGE_TOKENS_JOB, {})
    expect(jobId).toBeTruthy()

    const job = await waitFor(async () => {
      const j = await t.app.jobs!.getJobById(PURGE_TOKENS_JOB, jobId!)
      return j?.state === 'completed' ? j : undefined
    })
    // PGlite's statistics are refreshed with it (no autovacuum there); PostgreSQL keeps its own.
    expect(job.output).toEqual({
      count: 1,
      keys: 0,
      counters: expect.any(Number),
      analyzed: kind === 'pglite',
    })
    const left = await db.select().from(accessTokens).where(eq(accessTokens.userId, user!.id))
    expect(left.map((r) => r.tokenHash)).toEqual([`live-${kind}`])
  })

  it('runs the point-of-sale purge as a queued job', async () => {
    const jobId = await t.app.jobs!.send(PURGE_POS_ORDERS_JOB, {})
    const job = await waitFor(async () => {
      const j = await t.app.jobs!.getJobById(PURGE_POS_ORDERS_JOB, jobId!)
      return j?.state === 'completed' ? j : undefined
    })
    // No account here keeps orders for a limited time: nothing to delete, and the job says so.
    expect(job.output).toEqual({ count: 0 })
  })
})
