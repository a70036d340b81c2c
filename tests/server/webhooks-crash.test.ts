// Issue 23's proof that outgoing webhooks survive a crash (PostgreSQL): the delivery job runs in a
// process of its own (tests/support/webhook-worker.ts) and is killed with SIGKILL at the worst moments —
// while the receiver holds the requests it has fully received (the receiver may have acted on them, the
// log does not know), and between the claim and the call — then the job runs again once the claims'
// lease is over. Every event ends delivered, logged once as SUCCEEDED, and every request a receiver got
// for an event carries that event's `webhook-id` and a valid signature, so the receiver can dedupe.
import type { ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newStandardWebhookSecret } from '../../src/server/adapters/webhook-signature'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/server/db/schema'
import { seed } from '../../src/server/db/seed'
import { LEASE_MARGIN_MS } from '../../src/server/services/webhooks-delivery'
import { addClients, franchiseNamed } from '../support/campaign-fixtures'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { webhookReceiver } from '../support/webhook-receiver'
import { spawnWorker } from '../support/worker-bundle'

const EVENTS = 5
// Roomy: the kill must land while the call is still waiting for its answer.
const TIMEOUT_MS = 10_000
// The next run comes after the killed run's lease (the call's time limit plus the margin) is over.
const AFTER_LEASE_MS = TIMEOUT_MS + LEASE_MARGIN_MS + 1_000

describe.runIf(!!process.env.DATABASE_URL)('webhook deliveries under SIGKILL (postgres)', () => {
  const receiver = webhookReceiver()
  let database: TestDatabase
  let fid: string
  let secret: string
  let phones = 0
  beforeAll(async () => {
    await receiver.listen()
    database = await openTestDatabase('postgres')
    await seed(database, () => {}, ['categories', 'accounts'])
    fid = (await franchiseNamed(database.db, 'Maison Dupont')).id
  }, 180_000)
  afterAll(async () => {
    await receiver.close()
    await database?.drop()
  })
  beforeEach(async () => {
    receiver.mode = 'ok'
    receiver.received.length = 0
    await database.db.delete(webhookEndpoints)
    await database.db.delete(webhookEvents)
    secret = newStandardWebhookSecret()
    await database.db
      .insert(webhookEndpoints)
      .values({ franchiseId: fid, url: receiver.url, events: ['client.created'], secret })
  })

  /** `EVENTS` new clients: as many client.created events, each with its delivery, PENDING. */
  const newEvents = async () => {
    await addClients(database.db, fid, EVENTS, `+336${++phones + 1}`)
    const events = await database.db.select().from(webhookEvents)
    expect(events).toHaveLength(EVENTS)
    return events.map((e) => e.id)
  }
  const worker = (env: Record<string, string> = {}): ChildProcess =>
    spawnWorker('tests/support/webhook-worker.ts', {
      env: { ...process.env, DATABASE_URL: database.url!, TIMEOUT_MS: String(TIMEOUT_MS), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
  const exited = (p: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      p.exitCode !== null || p.signalCode !== null
        ? resolve(p.exitCode)
        : p.once('exit', (code) => resolve(code)),
    )
  const kill = async (p: ChildProcess) => {
    p.kill('SIGKILL')
    await exited(p)
    expect(p.signalCode).toBe('SIGKILL')
  }
  /** The job run again after the lease, to its end: what it reports. */
  const runAgain = async () => {
    const p = worker({ CLOCK_OFFSET_MS: String(AFTER_LEASE_MS) })
    const out: string[] = []
    p.stdout!.on('data', (c) => out.push(String(c)))
    expect(await exited(p)).toBe(0)
    return JSON.parse(out.join('').trim().split('\n').at(-1)!) as { succeeded: number; failed: number }
  }
  const requestsOf = (eventId: string) => receiver.received.filter((r) => r.headers['webhook-id'] === eventId)

  /** Every event logged once, SUCCEEDED; every request is one of them, signed with the endpoint's secret. */
  async function expectDeliveredOnce(eventIds: string[], attempts: number) {
    const log = await database.db.select().from(webhookDeliveries)
    expect(log).toHaveLength(EVENTS)
    for (const id of eventIds) {
      const rows = log.filter((d) => d.eventId === id)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        status: 'SUCCEEDED',
        responseStatus: 200,
        attempts,
        nextAttemptAt: null,
      })
      expect(rows[0]!.deliveredAt).not.toBeNull()
    }
    const ids = new Set(eventIds)
    expect(receiver.received.filter((r) => !ids.has(r.headers['webhook-id']!))).toEqual([])
    const webhook = new Webhook(secret)
    for (const r of receiver.received) {
      const message = webhook.verify(r.body, r.headers) as { type: string; data: { clientId: string } }
      expect(message.type).toBe('client.created')
    }
    // What a receiver deduping on webhook-id acts on: each event once, the same body every time.
    for (const id of eventIds) expect(new Set(requestsOf(id).map((r) => r.body)).size).toBe(1)
  }

  it('delivers every event once more, with the same webhook-id, after a kill while the receiver holds the requests', async () => {
    const eventIds = await newEvents()
    receiver.mode = 'hang'
    // Waits for each arrival in turn (no delay guessed): resolved once all are in.
    const all = (async () => {
      while (receiver.received.length < EVENTS) await receiver.nextRequest()
    })()
    const p = worker()
    await all
    // The receiver has every request, whole; none of them is recorded as delivered.
    await kill(p)
    const sending = await database.db.select().from(webhookDeliveries)
    expect(sending.map((d) => d.status)).toEqual(Array(EVENTS).fill('SENDING'))
    expect(sending.every((d) => d.deliveredAt === null)).toBe(true)

    receiver.mode = 'ok'
    expect(await runAgain()).toMatchObject({ succeeded: EVENTS, failed: 0 })
    for (const id of eventIds) expect(requestsOf(id)).toHaveLength(2)
    await expectDeliveredOnce(eventIds, 2)
    // Settled: another run sends nothing.
    expect(await runAgain()).toMatchObject({ succeeded: 0 })
    expect(receiver.received).toHaveLength(2 * EVENTS)
  }, 120_000)

  it('delivers every event once after a kill between the claim and the call', async () => {
    const eventIds = await newEvents()
    const p = worker({ HOLD_BEFORE_SEND: 'on' })
    const claimed = new Set<string>()
    const lines = createInterface({ input: p.stdout! })
    await new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        const m = /^claimed (\S+)$/.exec(line)
        if (m) claimed.add(m[1]!)
        if (claimed.size === EVENTS) resolve()
      }),
    )
    await kill(p)
    expect([...claimed].sort()).toEqual([...eventIds].sort())
    expect(receiver.received).toHaveLength(0)
    // Within the lease nobody takes the claims over: the job run at once sends nothing.
    const early = worker()
    expect(await exited(early)).toBe(0)
    expect(receiver.received).toHaveLength(0)

    expect(await runAgain()).toMatchObject({ succeeded: EVENTS, failed: 0 })
    for (const id of eventIds) expect(requestsOf(id)).toHaveLength(1)
    await expectDeliveredOnce(eventIds, 2)
  }, 120_000)
})
