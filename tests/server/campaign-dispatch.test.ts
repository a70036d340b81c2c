// The campaign dispatch engine (issue 18): freezing the audience with the channel's consent rules and a
// holdout, sending each recipient once through the outbox or an HTTP provider, consent re-checked at
// sending time, the 08:00–20:00 window, the circuit breaker, pause, cancel and two workers at once.
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { campaignRecipients, campaigns, clients, outbox, smsOptOuts } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import {
  type DispatchDeps,
  dedupeKey,
  dispatchStep,
  freezeAudience,
  runDispatch,
} from '../../src/server/services/campaign-dispatch'
import { addCampaign, addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database'
import { type FakeProvider, startFakeProvider } from '../support/fake-provider'

// A Tuesday, 10:00 in Paris: inside the window.
const TUESDAY_10H = new Date('2026-11-24T09:00:00Z')

describe.each(databaseKinds())('campaign dispatch on %s', (kind) => {
  let database: TestDatabase
  let provider: FakeProvider
  let franchiseId: string
  const db = () => database.db
  const local = { SMS: createSms({}), PUSH: createPush({}) }
  const deps = (over: Partial<DispatchDeps> = {}): DispatchDeps => ({
    db: db(),
    channels: local,
    now: () => TUESDAY_10H,
    sleep: async () => {},
    ...over,
  })
  const statuses = async (campaignId: string) =>
    Object.fromEntries(
      (
        await db()
          .select({ status: campaignRecipients.status, n: sql<number>`count(*)::int` })
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, campaignId))
          .groupBy(campaignRecipients.status)
      ).map((r) => [r.status, r.n]),
    )

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await seed(database, () => {}, ['categories', 'accounts'])
    provider = await startFakeProvider()
    const f = await franchiseNamed(db(), 'Maison Dupont')
    franchiseId = f.id
    await addClients(db(), franchiseId, 40)
    // Not reachable by SMS: no phone, a Japanese number, and one who answered STOP.
    await db()
      .insert(clients)
      .values([
        { franchiseId, firstName: 'No phone' },
        { franchiseId, firstName: 'Tokyo', phone: '+81312345678' },
        { franchiseId, firstName: 'Stopped', phone: '+33699999999' },
      ])
    await db().insert(smsOptOuts).values({ franchiseId, phone: '+33699999999' })
  }, 120_000)
  afterAll(async () => {
    await provider?.close()
    await database?.drop()
  })

  it('freezes the SMS audience once: reachable numbers only, opted-out customers left out', async () => {
    const c = await addCampaign(db(), franchiseId)
    expect(await freezeAudience(db(), c.id, TUESDAY_10H)).toBe(40)
    expect(await freezeAudience(db(), c.id, TUESDAY_10H)).toBe(0)
    const frozen = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, c.id))
    expect(frozen.map((r) => r.address)).not.toContain('+81312345678')
    expect(frozen.map((r) => r.address)).not.toContain('+33699999999')
  })

  it('sends every recipient once through the outbox, with the opt-out mention, and marks the campaign sent', async () => {
    const c = await addCampaign(db(), franchiseId, { link: 'https://dupont.example/soldes' })
    expect(await runDispatch(deps({ options: { batchSize: 7 } }), c.id)).toEqual({ kind: 'sent' })
    expect(await statuses(c.id)).toEqual({ SENT: 40 })
    const sent = await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `campaign:${c.id}:%`))
    expect(sent).toHaveLength(40)
    expect(sent[0]!.body).toBe(
      'Soldes -20% ce week-end\nhttps://dupont.example/soldes\nSTOP SMS: repondez STOP',
    )
    const [after] = await db().select().from(campaigns).where(eq(campaigns.id, c.id))
    expect(after).toMatchObject({ dispatch: 'SENT' })
    // Run again: nothing more goes out.
    expect(await runDispatch(deps(), c.id)).toMatchObject({ kind: 'stopped' })
    expect(
      await db()
        .select()
        .from(outbox)
        .where(like(outbox.dedupeKey, `campaign:${c.id}:%`)),
    ).toHaveLength(40)
  })

  it('keeps the holdout group out of every send', async () => {
    const c = await addCampaign(db(), franchiseId, { holdoutPercent: 50 })
    await runDispatch(deps(), c.id)
    const s = await statuses(c.id)
    const holdout = s.HOLDOUT ?? 0
    expect(holdout).toBeGreaterThan(5)
    expect(s.SENT).toBe(40 - holdout)
    expect(
      await db()
        .select()
        .from(outbox)
        .where(like(outbox.dedupeKey, `campaign:${c.id}:%`)),
    ).toHaveLength(s.SENT ?? 0)
  })

  it('checks consent again when sending: a STOP after freezing is skipped', async () => {
    const c = await addCampaign(db(), franchiseId)
    await freezeAudience(db(), c.id, TUESDAY_10H)
    const [first] = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c.id))
      .limit(1)
    await db().insert(smsOptOuts).values({ franchiseId, phone: first!.address })
    await runDispatch(deps(), c.id)
    expect(await statuses(c.id)).toEqual({ SENT: 39, SKIPPED: 1 })
    await db()
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.franchiseId, franchiseId), eq(smsOptOuts.phone, first!.address)))
  })

  it('waits outside 08:00–20:00 Paris time and on Sundays, and stops a batch at 20:00', async () => {
    const c = await addCampaign(db(), franchiseId)
    const evening = new Date('2026-11-24T19:30:00Z') // 20:30 Paris
    expect(await dispatchStep(deps({ now: () => evening }), c.id)).toEqual({
      kind: 'wait',
      until: new Date('2026-11-25T07:00:00Z'),
    })
    const sunday = new Date('2026-11-29T10:00:00Z')
    expect(await dispatchStep(deps({ now: () => sunday }), c.id)).toMatchObject({
      kind: 'wait',
      until: new Date('2026-11-30T07:00:00Z'),
    })
    expect(await statuses(c.id)).toEqual({})
    // 19:59:50 Paris, ten seconds per message: the batch stops at 20:00 and gives the rest back.
    let t = new Date('2026-11-24T18:59:50Z').getTime()
    const step = await dispatchStep(
      deps({
        now: () => new Date(t),
        sleep: async () => {
          t += 10_000
        },
        options: { batchSize: 10, ratePerSecond: 1 },
      }),
      c.id,
    )
    expect(step).toEqual({ kind: 'wait', until: new Date('2026-11-25T07:00:00Z') })
    expect(await statuses(c.id)).toEqual({ SENT: 1, PENDING: 39 })
    const sent = await db()
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, 'SENT')))
    expect(sent.every((r) => r.sentAt! < new Date('2026-11-24T19:00:00Z'))).toBe(true)
  })

  it('gives a batch back at half its lease, so that a slow worker never sends past it', async () => {
    const c = await addCampaign(db(), franchiseId)
    // 1.5 s per message, a 10 s lease: four messages (0, 1.5, 3, 4.5 s), then the rest goes back.
    let t = TUESDAY_10H.getTime()
    const step = await dispatchStep(
      deps({
        now: () => new Date(t),
        sleep: async () => {
          t += 1_500
        },
        options: { batchSize: 10, ratePerSecond: 1, leaseMs: 10_000 },
      }),
      c.id,
    )
    expect(step).toEqual({ kind: 'continue' })
    expect(await statuses(c.id)).toEqual({ SENT: 4, PENDING: 36 })
    const given = await db()
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, 'PENDING')))
    // Given back untouched: not counted as an attempt, claimable at once.
    expect(given.every((r) => r.attempts === 0)).toBe(true)
  })

  it('pauses itself after consecutive provider failures, then resumes and sends each once', async () => {
    const http = { SMS: createSms({ url: provider.url }), PUSH: local.PUSH }
    const c = await addCampaign(db(), franchiseId)
    provider.failures.error500 = 1
    const paused = await runDispatch(
      deps({ channels: http, options: { breakerThreshold: 3, retryBaseMs: 0 } }),
      c.id,
    )
    expect(paused).toEqual({ kind: 'stopped', reason: 'PROVIDER_FAILING' })
    const [p] = await db().select().from(campaigns).where(eq(campaigns.id, c.id))
    expect(p).toMatchObject({ dispatch: 'PAUSED', pauseReason: 'PROVIDER_FAILING' })
    provider.failures.error500 = 0
    await db().update(campaigns).set({ dispatch: 'SENDING', pauseReason: null }).where(eq(campaigns.id, c.id))
    expect(await runDispatch(deps({ channels: http, options: { retryBaseMs: 0 } }), c.id)).toEqual({
      kind: 'sent',
    })
    const recipients = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c.id))
    for (const r of recipients) expect(provider.count(dedupeKey(c.id, r.clientId))).toBe(1)
  })

  it('does not pause for a failure of its own database: those messages are retried and sent once', async () => {
    // A database restart mid-send (the chaos test's): the sends fail without the provider having failed.
    let failing = 5
    const sms = local.SMS
    const flaky = {
      SMS: {
        ...sms,
        send: async (...args: Parameters<typeof sms.send>) => {
          if (failing-- > 0) throw new Error('Connection terminated unexpectedly')
          return sms.send(...args)
        },
      },
      PUSH: local.PUSH,
    }
    const c = await addCampaign(db(), franchiseId)
    const result = await runDispatch(
      deps({ channels: flaky, options: { breakerThreshold: 3, retryBaseMs: 0 } }),
      c.id,
    )
    expect(result).toEqual({ kind: 'sent' })
    const [p] = await db().select().from(campaigns).where(eq(campaigns.id, c.id))
    expect(p).toMatchObject({ dispatch: 'SENT', pauseReason: null })
    const rows = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, c.id))
    expect(rows.filter((r) => r.status === 'SENT').length).toBeGreaterThan(0)
    expect(rows.filter((r) => r.status === 'PENDING' || r.status === 'ERROR')).toEqual([])
    const sent = await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `campaign:${c.id}:%`))
    expect(new Set(sent.map((m) => m.dedupeKey)).size).toBe(sent.length)
  })

  it('keeps up to `concurrency` messages in flight, their starts on the rate’s schedule', async () => {
    const c = await addCampaign(db(), franchiseId)
    // A provider that answers only when told: every message started waits in flight.
    let inFlight = 0
    let most = 0
    const waiting: (() => void)[] = []
    const slow: DispatchDeps['channels']['SMS'] = {
      ...local.SMS,
      sendMany: undefined,
      send: async (d, m) => {
        most = Math.max(most, ++inFlight)
        await new Promise<void>((resolve) => waiting.push(resolve))
        inFlight--
        return local.SMS.send(d, m)
      },
    }
    // Answers them once `concurrency` are waiting, or the batch has no more to start.
    const answer = setInterval(() => {
      for (const go of waiting.splice(0)) go()
    }, 5)
    // 10 a second on a clock that moves only when the engine sleeps, by what it asks.
    let t = TUESDAY_10H.getTime()
    try {
      const step = await dispatchStep(
        deps({
          channels: { SMS: slow, PUSH: local.PUSH },
          now: () => new Date(t),
          sleep: async (ms) => {
            t += ms
          },
          options: { batchSize: 12, ratePerSecond: 10, concurrency: 4 },
        }),
        c.id,
      )
      expect(step).toEqual({ kind: 'continue' })
    } finally {
      clearInterval(answer)
    }
    expect(most).toBe(4)
    const sent = await db()
      .select({ sentAt: campaignRecipients.sentAt })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, 'SENT')))
    expect(sent.map((r) => r.sentAt!.getTime() - TUESDAY_10H.getTime()).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, k) => k * 100),
    )
  })

  it('never sends a row twice with two workers on one campaign', async () => {
    const http = { SMS: createSms({ url: provider.url }), PUSH: local.PUSH }
    const c = await addCampaign(db(), franchiseId)
    const started = Date.now()
    const clock = () => new Date(TUESDAY_10H.getTime() + Date.now() - started)
    const worker = () => runDispatch(deps({ channels: http, options: { batchSize: 5 }, now: clock }), c.id)
    const posts = provider.posts
    await Promise.all([worker(), worker()])
    const recipients = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c.id))
    expect(recipients.every((r) => r.status === 'SENT')).toBe(true)
    for (const r of recipients) expect(provider.count(dedupeKey(c.id, r.clientId))).toBe(1)
    expect(provider.posts - posts).toBe(40)
  })
})
