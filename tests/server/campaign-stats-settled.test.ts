// A campaign's stats once its send has settled (e2e defect: the detail page read the stats early in a
// send, which rolled up "notified 2"; once the progress said 646 sent and finished, the stats still
// answered 2 until the next minute's rollup). The stats call rolls a settled send up again when its row
// predates the end; while the send runs it answers the row (the job keeps it at most a minute old).
import { and, eq, notInArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { campaignRecipients, campaignStats, campaigns } from '../../src/server/db/schema'
import { freezeAudience, runDispatch } from '../../src/server/services/campaign-dispatch'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import {
  addCampaign,
  addClients,
  franchiseNamed,
  PUBLIC,
  recipientsOf,
  resultDeps,
  T0,
} from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('campaign stats of a settled send on %s', (kind) => {
  let t: TestApp
  let fid: string
  let owner: string
  const db = () => t.database.db
  const stats = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/communication-campaigns/${id}/stats`,
        headers: bearer(owner),
      })
    ).json()
  const markSent = (campaignId: string, clientIds: string[]) =>
    Promise.all(
      clientIds.map((clientId) =>
        db()
          .update(campaignRecipients)
          .set({ status: 'SENT', sentAt: T0 })
          .where(
            and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.clientId, clientId)),
          ),
      ),
    )
  /** A campaign sending to `n` new clients of the franchise only, none sent yet. */
  async function sending(n: number, prefix: string) {
    const ids = await addClients(db(), fid, n, prefix)
    const c = await addCampaign(db(), fid, { startAt: T0 })
    await freezeAudience(db(), c.id, T0)
    await db()
      .delete(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), notInArray(campaignRecipients.clientId, ids)))
    return { c, ids }
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { publicUrl: PUBLIC } })
    fid = (await franchiseNamed(db(), 'Maison Dupont')).id
    owner = await loginAs(t.app, 'owner@demo.test')
  }, 120_000)
  afterAll(() => t?.close())
  afterEach(() => vi.useRealTimers())

  it('answers the figures of the finished send after an early read rolled up a mid-send one', async () => {
    // One clock for the reads and the engine (its sends and its finish happen at T0).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(T0.getTime() - 60_000))
    const { c, ids } = await sending(5, '+3367')
    await markSent(c.id, ids.slice(0, 2))
    // Early in the send: the first read rolls it up (2 reached).
    expect(await stats(c.id)).toMatchObject({ notified: 2 })
    // Still running: the row is answered as it is (the job rolls it up every minute, not each read).
    await markSent(c.id, ids.slice(2, 3))
    expect(await stats(c.id)).toMatchObject({ notified: 2 })
    // The engine sends the rest and marks it SENT: the next read says the 5 reached.
    expect(await runDispatch(resultDeps(db()), c.id)).toEqual({ kind: 'sent' })
    vi.setSystemTime(new Date(T0.getTime() + 60_000))
    expect((await recipientsOf(db(), c.id)).filter((r) => r.status === 'SENT')).toHaveLength(5)
    expect(await stats(c.id)).toMatchObject({ notified: 5 })
    // Once it agrees, reads are not rolled up again.
    const [row] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, c.id))
    expect(await stats(c.id)).toMatchObject({ notified: 5, asOf: row!.asOf.toISOString() })
  })

  it('rolls a paused send up on read too', async () => {
    const { c, ids } = await sending(3, '+3368')
    expect(await stats(c.id)).toMatchObject({ notified: 0 })
    await markSent(c.id, ids.slice(0, 2))
    await db().update(campaigns).set({ dispatch: 'PAUSED' }).where(eq(campaigns.id, c.id))
    expect(await stats(c.id)).toMatchObject({ notified: 2 })
  })
})
