// The campaign dispatch through its pg-boss job (issue 18): a campaign saved without a schedule is sent
// by the job into the outbox and ends SENT; a scheduled one waits in the queue for its start (moved
// when the start is edited); an edit of a sent campaign sends nothing again. On a fake clock, the job
// path never sends outside 08:00–20:00 Paris time, stops a send at 20:00 and resumes it at 08:00 the
// next opening day, and skips Sundays and public holidays for SMS.
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Campaign } from '../../src/domain/campaign-contract'
import { todayIn } from '../../src/domain/today'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { campaignRecipients, franchises, outbox } from '../../src/server/db/schema'
import { OWNER, runAs } from '../../src/server/db/tenant-context'
import { DISPATCH_JOB } from '../../src/server/services/campaign-dispatch'
import { runCampaignJob } from '../../src/server/services/campaign-run'
import type { CampaignQueue } from '../../src/server/services/campaigns'
import { isPublicHoliday } from '../../src/server/services/public-holidays'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import {
  addCampaign,
  addClients,
  franchiseNamed,
  middayZone,
  smsNewsCampaignBody,
  soldesNewsBody,
} from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { eventually } from '../support/eventually'

describe.each(databaseKinds())('campaign dispatch job on %s', (kind) => {
  let t: TestApp
  let owner: string
  let ownerId: string
  let fid: string
  /** The franchise-wide news item the NEWS campaigns link (issue 19: a NEWS campaign has one). */
  let newsId: string
  const N = 20

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(owner), ...(payload ? { payload: payload as object } : {}) })
  const body = (over: Record<string, unknown> = {}, cc: Record<string, unknown> = {}) =>
    smsNewsCampaignBody(ownerId, newsId, over, cc)
  const sentOf = (id: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `campaign:${id}:%`))
  const jobsOf = async (id: string) =>
    // The queue's own schema belongs to the owner (db/tenant-context.ts).
    (
      await runAs(OWNER, () =>
        t.database.raw(
          'select state, start_after from pgboss.job where name = $1 and singleton_key = $2 order by created_on',
          [DISPATCH_JOB, id],
        ),
      )
    ).rows as { state: string; start_after: Date }[]
  const get = async (id: string) =>
    (await call('GET', `/api/v2/communication-campaigns/${id}`)).json() as Campaign

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { jobs: true } })
    owner = await loginAs(t.app, 'owner@demo.test')
    const db = t.database.db
    const f = await franchiseNamed(db, 'Maison Dupont')
    fid = f.id
    ownerId = f.userId!
    const today = todayIn(f.timezone)
    const item = await call('POST', `/api/v2/franchises/${fid}/news`, soldesNewsBody(today))
    expect(item.statusCode, item.body).toBe(201)
    newsId = item.json().id
    await db
      .update(franchises)
      .set({ timezone: middayZone(), smsQuietDays: false })
      .where(eq(franchises.id, fid))
    await addClients(db, fid, N)
  }, 120_000)
  afterAll(() => t?.close())

  it('sends a campaign saved without a schedule: every recipient once, into the outbox, then SENT', async () => {
    const res = await call('POST', `/api/v2/franchises/${fid}/communication-campaigns`, body())
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as string
    expect(await eventually(async () => (await get(id)).dispatchStatus === 'SENT', 30_000)).toBe(true)
    const done = await get(id)
    expect(done).toMatchObject({ displayStatus: 'finished', isSent: true, progress: { sent: N, pending: 0 } })
    const sent = await sentOf(id)
    expect(sent).toHaveLength(N)
    expect(new Set(sent.map((m) => m.recipient)).size).toBe(N)
    expect(sent[0]).toMatchObject({
      channel: 'sms',
      subject: 'DUPONT',
      body: 'Soldes -20% ce week-end\nSTOP SMS: repondez STOP',
    })
    const history = await call('GET', `/api/v2/franchises/${fid}/communication-campaigns?status=finished`)
    expect(history.json().items.find((i: { id: string }) => i.id === id)).toMatchObject({ notified: N })

    // Edited after it went out: the text changes, nothing is sent again, no job is queued.
    const edit = await call(
      'PUT',
      `/api/v2/communication-campaigns/${id}`,
      body({}, { name: 'Soldes (fin)' }),
    )
    expect(edit.statusCode, edit.body).toBe(200)
    expect(edit.json()).toMatchObject({ dispatchStatus: 'SENT', startDate: done.startDate })
    const send = await call('POST', `/services/v2/franchises/${fid}/communication-campaigns/${id}/send`)
    expect(send.json().dispatchStatus).toBe('SENT')
    // Nothing can send it again: no job of it waits or runs (a queued one is a row at once).
    expect(await sentOf(id)).toHaveLength(N)
    expect((await jobsOf(id)).filter((j) => j.state === 'created' || j.state === 'active')).toEqual([])
  }, 60_000)

  it('keeps a scheduled campaign queued until its start, and moves its job when the start moves', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const res = await call(
      'POST',
      `/api/v2/franchises/${fid}/communication-campaigns`,
      body({ startTime: { date: day, hour: '10:00' } }, { isScheduled: true }),
    )
    expect(res.statusCode, res.body).toBe(201)
    const c = res.json() as Campaign
    // Its one job waits for its start (asserted below): nothing runs before, no need to watch the clock.
    expect(await get(c.id)).toMatchObject({
      dispatchStatus: 'QUEUED',
      displayStatus: 'scheduled',
      progress: { pending: 0 },
    })
    expect(await sentOf(c.id)).toHaveLength(0)
    const waiting = (await jobsOf(c.id)).filter((j) => j.state === 'created')
    expect(waiting.map((j) => new Date(j.start_after).toISOString())).toEqual([c.startDate])

    const moved = await call(
      'PUT',
      `/api/v2/communication-campaigns/${c.id}`,
      body({ startTime: { date: day, hour: '09:00' } }, { isScheduled: true }),
    )
    expect(moved.statusCode, moved.body).toBe(200)
    const jobs = await jobsOf(c.id)
    expect(
      jobs.filter((j) => j.state === 'created').map((j) => new Date(j.start_after).toISOString()),
    ).toEqual([moved.json().startDate])
    expect(jobs.filter((j) => j.state === 'cancelled')).toHaveLength(1)
    // Queued twice for the same campaign: still one waiting job.
    await t.app.campaignQueue!.enqueue(c.id, new Date(moved.json().startDate))
    expect((await jobsOf(c.id)).filter((j) => j.state === 'created')).toHaveLength(1)
  }, 30_000)

  describe('on a fake clock, through the job path (Paris)', () => {
    let fleurs: string
    const queued: { id: string; at: Date }[] = []
    const queue: CampaignQueue = {
      enqueue: async (id, at) => {
        queued.push({ id, at })
      },
    }
    const local = { SMS: createSms({}), PUSH: createPush({}) }
    let clock = 0
    const job = (id: string, at: string, over: Partial<Parameters<typeof runCampaignJob>[0]> = {}) => {
      clock = Date.parse(at)
      return runCampaignJob(
        {
          db: t.database.db,
          channels: local,
          queue,
          // One SMS a second: the configured provider rate paces the fake clock.
          config: { smsPerSecond: 1, pushPerSecond: 1, breakerThreshold: 10, leaseMs: 60_000 },
          now: () => new Date(clock),
          sleep: async (ms) => {
            clock += ms
          },
          ...over,
        },
        id,
      )
    }
    const statusOf = async (id: string) => {
      const rows = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, id))
      const counts: Record<string, number> = {}
      for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1
      return counts
    }

    beforeAll(async () => {
      const f = await franchiseNamed(t.database.db, 'Fleurs Martin')
      fleurs = f.id
      await t.database.db.update(franchises).set({ senderId: 'FLEURS' }).where(eq(franchises.id, fleurs))
      await addClients(t.database.db, fleurs, 8, '+3362')
    })

    it('sends nothing at night, stops at 20:00 and resumes at 08:00 the next day', async () => {
      // Due at 19:00 Paris on Tuesday 24 November 2026, but the job only runs at 20:30.
      const c = await addCampaign(t.database.db, fleurs, {
        dispatch: 'QUEUED',
        startAt: new Date('2026-11-24T18:00:00Z'),
      })
      expect(await job(c.id, '2026-11-24T19:30:00Z')).toEqual({
        kind: 'wait',
        until: new Date('2026-11-25T07:00:00Z'),
      })
      expect(queued.at(-1)).toEqual({ id: c.id, at: new Date('2026-11-25T07:00:00Z') })
      expect(await statusOf(c.id)).toEqual({})
      // Run late, at 19:59:55 Wednesday: five seconds, five messages, then the window closes.
      expect(await job(c.id, '2026-11-25T18:59:55Z')).toEqual({
        kind: 'wait',
        until: new Date('2026-11-26T07:00:00Z'),
      })
      expect(queued.at(-1)).toEqual({ id: c.id, at: new Date('2026-11-26T07:00:00Z') })
      expect(await statusOf(c.id)).toEqual({ SENT: 5, PENDING: 3 })
      const sent = await t.database.db
        .select()
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, 'SENT')))
      expect(sent.every((r) => r.sentAt! < new Date('2026-11-25T19:00:00Z'))).toBe(true)
      // Thursday 08:00: the rest goes out, each recipient once.
      expect(await job(c.id, '2026-11-26T07:00:00Z')).toEqual({ kind: 'sent' })
      expect(await statusOf(c.id)).toEqual({ SENT: 8 })
      const messages = await sentOf(c.id)
      expect(messages).toHaveLength(8)
      expect(new Set(messages.map((m) => m.dedupeKey)).size).toBe(8)
    })

    it('waits over Sundays and public holidays for SMS, not for push', async () => {
      const christmas = await addCampaign(t.database.db, fleurs, {
        dispatch: 'QUEUED',
        startAt: new Date('2026-12-25T08:00:00Z'),
      })
      expect(await job(christmas.id, '2026-12-25T09:00:00Z')).toEqual({
        kind: 'wait',
        until: new Date('2026-12-26T07:00:00Z'),
      })
      const sunday = await addCampaign(t.database.db, fleurs, {
        dispatch: 'QUEUED',
        startAt: new Date('2026-11-29T08:00:00Z'),
      })
      expect(await job(sunday.id, '2026-11-29T09:00:00Z')).toEqual({
        kind: 'wait',
        until: new Date('2026-11-30T07:00:00Z'),
      })
      const push = await addCampaign(t.database.db, fleurs, {
        channel: 'PUSH',
        dispatch: 'QUEUED',
        startAt: new Date('2026-12-25T08:00:00Z'),
      })
      expect(await job(push.id, '2026-12-25T09:00:00Z')).toEqual({ kind: 'sent' })
      expect(isPublicHoliday('FRA', '2026-12-25')).toBe(true)
      expect(isPublicHoliday('FR', '2026-07-14')).toBe(true)
      expect(isPublicHoliday('USA', '2026-11-26')).toBe(true)
      expect(isPublicHoliday('FRA', '2026-11-26')).toBe(false)
    })

    it('leaves an early job for the start, and hands a long send over to a new job', async () => {
      const later = await addCampaign(t.database.db, fleurs, {
        dispatch: 'QUEUED',
        startAt: new Date('2026-11-24T14:00:00Z'),
      })
      expect(await job(later.id, '2026-11-24T09:00:00Z')).toEqual({
        kind: 'queued',
        at: new Date('2026-11-24T14:00:00Z'),
      })
      expect(await statusOf(later.id)).toEqual({})
      const long = await addCampaign(t.database.db, fleurs, {
        dispatch: 'QUEUED',
        startAt: new Date('2026-11-24T08:00:00Z'),
      })
      const handed = await job(long.id, '2026-11-24T09:00:00Z', { budgetMs: 0, options: { batchSize: 3 } })
      expect(handed).toEqual({ kind: 'queued', at: new Date('2026-11-24T09:00:03Z') })
      expect(await statusOf(long.id)).toEqual({ SENT: 3, PENDING: 5 })
    })

    it('stops a cancelled campaign and cancels what it had not sent', async () => {
      const c = await addCampaign(t.database.db, fleurs, {
        dispatch: 'QUEUED',
        startAt: new Date('2026-11-24T08:00:00Z'),
      })
      await job(c.id, '2026-11-24T09:00:00Z', { budgetMs: 0, options: { batchSize: 2 } })
      await t.database.raw(`update campaigns set state = 'CANCELLED', dispatch = 'CANCELLED' where id = $1`, [
        c.id,
      ])
      expect(await job(c.id, '2026-11-24T09:01:00Z')).toEqual({ kind: 'stopped', reason: 'CANCELLED' })
      expect(await statusOf(c.id)).toEqual({ SENT: 2, CANCELLED: 6 })
    })
  })
})
