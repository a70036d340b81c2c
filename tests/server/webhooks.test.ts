// Outgoing signed webhooks (issue 23): endpoints and their secrets through the API (tenant isolation,
// URL rules), events recorded by the database in the transaction of the change, and deliveries to a
// receiver on 127.0.0.1 that answers, fails and hangs, checked with the standardwebhooks library, on a
// fake clock for the retry schedule, the rotation overlap and a sender's crash. The pg-boss job's run is
// webhooks-delivery.test.ts; a real process killed mid-delivery is webhooks-crash.test.ts.
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RETRY_WINDOW_MS, SECRET_OVERLAP_MS } from '../../src/domain/webhooks'
import { createWebhookSender, isAllowedAddress } from '../../src/server/adapters/webhooks'
import {
  campaigns,
  clients,
  coupons,
  franchises,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../src/server/db/schema'
import { applyPoints } from '../../src/server/services/ledger'
import { claimDue, deliverDue, LEASE_MARGIN_MS } from '../../src/server/services/webhooks-delivery'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { webhookReceiver } from '../support/webhook-receiver'

const receiver = webhookReceiver()
const { received } = receiver
let receiverUrl: string
beforeAll(async () => {
  await receiver.listen()
  receiverUrl = receiver.url
})
afterAll(() => receiver.close())
beforeEach(() => {
  receiver.mode = 'ok'
  received.length = 0
})

const TIMEOUT_MS = 400

describe('the address guard', () => {
  it('refuses private, link-local and (unless allowed) loopback addresses', () => {
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isAllowedAddress(ip, true), ip).toBe(false)
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false)
    expect(isAllowedAddress('::1', false)).toBe(false)
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAddress('93.184.216.34', false)).toBe(true)
    expect(isAllowedAddress('2606:4700::1111', false)).toBe(true)
  })

  it('sends nothing to a loopback receiver unless loopback is allowed, even through a name', async () => {
    const strict = createWebhookSender({ allowHttpLoopback: false, timeoutMs: TIMEOUT_MS })
    const post = { headers: {}, body: '{}' }
    expect((await strict.send({ ...post, url: receiverUrl })).error).toBe('https required')
    expect((await strict.send({ ...post, url: 'https://127.0.0.1:9/x' })).error).toBe('refused address')
    // A name is judged by what it resolves to, on the address the socket then uses.
    expect((await strict.send({ ...post, url: 'https://localhost:9/x' })).error).toBe('refused address')
    expect(received).toHaveLength(0)
  })
})

describe.each(databaseKinds())('outgoing webhooks on %s', (kind) => {
  let t: TestApp
  let owner: string
  let bagels: string
  let storeOwner: string
  let fid: string
  let bagelsFid: string
  /** The fake clock, once a test sets it; live time before. */
  let clock: Date | null
  const deps = () => ({
    db: t.app.database.db,
    sender: createWebhookSender({ allowHttpLoopback: true, timeoutMs: TIMEOUT_MS }),
    timeoutMs: TIMEOUT_MS,
    clock: () => clock ?? new Date(),
  })
  const db = () => t.app.database.db

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: { webhooks: { allowHttpLoopback: true, timeoutMs: TIMEOUT_MS } },
    })
    owner = await loginAs(t.app, 'owner@demo.test')
    bagels = await loginAs(t.app, 'bagels@demo.test')
    storeOwner = await loginAs(t.app, 'store@demo.test')
    const fidOf = async (email: string) => {
      const [u] = await db().select().from(users).where(eq(users.email, email))
      const [f] = await db().select().from(franchises).where(eq(franchises.userId, u!.id))
      return f!.id
    }
    fid = await fidOf('owner@demo.test')
    bagelsFid = await fidOf('bagels@demo.test')
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })
  beforeEach(async () => {
    clock = null
    await db().delete(webhookEndpoints)
    await db().delete(webhookEvents)
  })

  const create = async (token: string, franchiseId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/franchises/${franchiseId}/webhooks`,
      headers: bearer(token),
      payload: body,
    })
  const endpoint = async (
    events = ['client.created', 'points.moved', 'reward.redeemed', 'campaign.finished'],
  ) => {
    const res = await create(owner, fid, { url: receiverUrl, events, description: 'CRM' })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { endpoint: { id: string; secretHint: string }; secret: string }
  }
  const newClient = async (franchiseId = fid) => {
    const [c] = await db()
      .insert(clients)
      .values({ franchiseId, firstName: 'Ada', phone: `+3361${String(Math.random()).slice(2, 9)}` })
      .returning()
    return c!
  }
  const deliveriesOf = (endpointId: string) =>
    db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))

  it('registers an endpoint with a whsec_ secret shown once, and lists it without the secret', async () => {
    const { endpoint: e, secret } = await endpoint()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/)
    expect(e.secretHint).toBe(`${secret.slice(0, 10)}…`)
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/webhooks`,
      headers: bearer(owner),
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toHaveLength(1)
    expect(list.body).not.toContain(secret.slice(10))
  })

  it('refuses plain http, private addresses and unknown events, naming the field and saving nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'http://example.com/h', events: ['client.created'] }, 'WEBHOOK_URL_NOT_HTTPS', 'url'],
      [{ url: 'https://10.0.0.8/h', events: ['client.created'] }, 'WEBHOOK_URL_PRIVATE', 'url'],
      [{ url: 'https://[fe80::1]/h', events: ['client.created'] }, 'WEBHOOK_URL_PRIVATE', 'url'],
      [{ url: 'https://169.254.169.254/latest', events: ['client.created'] }, 'WEBHOOK_URL_PRIVATE', 'url'],
      [{ url: 'https://user:pw@example.com/h', events: ['client.created'] }, 'WEBHOOK_URL_INVALID', 'url'],
      [{ url: 'ftp://example.com/h', events: ['client.created'] }, 'WEBHOOK_URL_INVALID', 'url'],
      [{ url: 'https://example.com/h', events: ['client.deleted'] }, 'VALIDATION_FAILED', 'events.0'],
      [{ url: 'https://example.com/h', events: [] }, 'VALIDATION_FAILED', 'events'],
    ]
    for (const [body, code, field] of cases) {
      const res = await create(owner, fid, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe(code)
      expect(res.json().details.field).toBe(field)
    }
    expect(await db().select().from(webhookEndpoints)).toHaveLength(0)
  })

  it('answers another franchise’s endpoint with a 404, and keeps store owners out', async () => {
    const { endpoint: e } = await endpoint()
    const foreign = [
      { method: 'PATCH' as const, url: `/api/v2/webhooks/${e.id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/api/v2/webhooks/${e.id}` },
      { method: 'POST' as const, url: `/api/v2/webhooks/${e.id}/secret` },
      { method: 'POST' as const, url: `/api/v2/webhooks/${e.id}/test` },
      { method: 'GET' as const, url: `/api/v2/webhooks/${e.id}/deliveries` },
    ]
    for (const req of foreign) {
      const res = await t.app.inject({ ...req, headers: bearer(bagels) })
      expect(res.statusCode, req.url).toBe(404)
      expect(res.json().code).toBe('WEBHOOK_NOT_FOUND')
    }
    expect(
      (await create(bagels, fid, { url: 'https://example.com/h', events: ['client.created'] })).statusCode,
    ).toBe(404)
    const store = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/webhooks`,
      headers: bearer(storeOwner),
    })
    expect(store.statusCode).toBe(403)
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, e.id))
    expect(row!.enabled).toBe(true)
  })

  it('records each change in its own transaction, for the subscribed events of its franchise only', async () => {
    const { endpoint: e } = await endpoint(['client.created', 'points.moved'])
    await create(bagels, bagelsFid, { url: receiverUrl, events: ['campaign.finished'] })
    const client = await newClient()
    await newClient(bagelsFid) // Brooklyn Bagels' endpoint does not listen to client.created
    await db().transaction(async (tx) => {
      await applyPoints(tx, {
        franchiseId: fid,
        clientId: client.id,
        storeId: null,
        type: 'credit',
        points: 7,
        authorId: null,
        impostorOf: null,
      })
    })
    // A change rolled back leaves no event.
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(clients).values({ franchiseId: fid, firstName: 'Gone', phone: '+33600000999' })
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    const events = await db().select().from(webhookEvents).orderBy(webhookEvents.createdAt, webhookEvents.id)
    expect(events.map((ev) => [ev.franchiseId, ev.type])).toEqual([
      [fid, 'client.created'],
      [fid, 'points.moved'],
    ])
    expect(events[1]!.payload).toMatchObject({ clientId: client.id, points: 7, type: 'credit' })
    // No personal field travels in an event.
    expect(JSON.stringify(events)).not.toContain('Ada')
    expect(JSON.stringify(events)).not.toContain(client.phone!)
    expect(await deliveriesOf(e.id)).toHaveLength(2)
  })

  it('reports a claimed coupon and a finished campaign', async () => {
    const { endpoint: e } = await endpoint(['reward.redeemed', 'campaign.finished'])
    const client = await newClient()
    const [coupon] = await db()
      .insert(coupons)
      .values({
        franchiseId: fid,
        clientId: client.id,
        type: 'flat',
        value: 500,
        header: 'Five off',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning()
    await db().update(coupons).set({ claimedAt: new Date() }).where(eq(coupons.id, coupon!.id))
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        franchiseId: fid,
        name: 'Spring',
        type: 'MANUAL_CAMPAIGN',
        content: 'NEWS',
        channel: 'SMS',
        message: 'Hi',
      })
      .returning()
    await db().update(campaigns).set({ dispatch: 'SENDING' }).where(eq(campaigns.id, campaign!.id))
    await db()
      .update(campaigns)
      .set({ dispatch: 'SENT', sentAt: new Date() })
      .where(eq(campaigns.id, campaign!.id))
    const events = await db().select().from(webhookEvents).orderBy(webhookEvents.createdAt, webhookEvents.id)
    expect(events.map((ev) => ev.type)).toEqual(['reward.redeemed', 'campaign.finished'])
    expect(events[0]!.payload).toMatchObject({ kind: 'coupon', couponId: coupon!.id })
    expect(events[1]!.payload).toMatchObject({ campaignId: campaign!.id, name: 'Spring' })
    expect(await deliveriesOf(e.id)).toHaveLength(2)
  })

  it('delivers a signed message the standardwebhooks library verifies, once', async () => {
    const { endpoint: e, secret } = await endpoint(['client.created'])
    const client = await newClient()
    const run = await deliverDue(deps())
    expect(run.succeeded).toBe(1)
    expect(received).toHaveLength(1)
    const msg = received[0]!
    const payload = new Webhook(secret).verify(msg.body, msg.headers) as {
      type: string
      data: { clientId: string }
    }
    expect(payload.type).toBe('client.created')
    expect(payload.data.clientId).toBe(client.id)
    const [event] = await db().select().from(webhookEvents)
    expect(msg.headers['webhook-id']).toBe(event!.id)
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(msg.body, msg.headers),
    ).toThrow()
    // Settled: a second run sends nothing again.
    await deliverDue(deps())
    expect(received).toHaveLength(1)
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v2/webhooks/${e.id}/deliveries`,
      headers: bearer(owner),
    })
    expect(log.json()).toMatchObject({
      total: 1,
      data: [
        {
          status: 'SUCCEEDED',
          responseStatus: 200,
          attempts: 1,
          eventType: 'client.created',
          nextAttemptAt: null,
        },
      ],
    })
    expect(log.json().data[0].durationMs).toBeGreaterThanOrEqual(0)
  })

  it('retries a failing receiver with exponential backoff for 24 h, then gives up', async () => {
    const { endpoint: e } = await endpoint(['client.created'])
    receiver.mode = 'fail'
    await newClient()
    const created = (await db().select().from(webhookEvents))[0]!.createdAt.getTime()
    clock = new Date()
    const waits: number[] = []
    for (;;) {
      const run = await deliverDue(deps())
      expect(run.succeeded).toBe(0)
      const [d] = await deliveriesOf(e.id)
      expect(d!.responseStatus).toBe(500)
      if (d!.status === 'FAILED') break
      expect(d!.status).toBe('RETRYING')
      waits.push(d!.nextAttemptAt!.getTime() - d!.lastAttemptAt!.getTime())
      // Nothing is sent before its time.
      clock = new Date(d!.nextAttemptAt!.getTime() - 1)
      await deliverDue(deps())
      expect(received).toHaveLength(waits.length)
      clock = d!.nextAttemptAt!
    }
    expect(waits.slice(0, 6)).toEqual([30_000, 120_000, 480_000, 1_920_000, 7_680_000, 30_720_000])
    // The last attempt lands on the end of the window.
    expect(clock!.getTime()).toBe(created + RETRY_WINDOW_MS)
    expect(received).toHaveLength(waits.length + 1)
    const ids = new Set(received.map((r) => r.headers['webhook-id']))
    expect(ids.size).toBe(1)
  })

  it('gives a receiver that never answers its time limit, then retries', async () => {
    const { endpoint: e } = await endpoint(['client.created'])
    receiver.mode = 'hang'
    await newClient()
    await deliverDue(deps())
    const [d] = await deliveriesOf(e.id)
    expect(d).toMatchObject({ status: 'RETRYING', error: 'timeout', responseStatus: null, attempts: 1 })
    expect(d!.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    receiver.mode = 'ok'
    clock = d!.nextAttemptAt!
    await deliverDue(deps())
    expect((await deliveriesOf(e.id))[0]).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 2,
      responseStatus: 200,
    })
  })

  it('sends again after a sender died mid-call, with the same webhook-id, and never after a success', async () => {
    const { endpoint: e } = await endpoint(['client.created'])
    await newClient()
    // A worker claims the delivery and dies before it sends or records anything.
    const claimedAt = new Date()
    const [claimed] = await claimDue(db(), claimedAt, 10, TIMEOUT_MS + LEASE_MARGIN_MS)
    expect(claimed).toBeDefined()
    // Within the lease nobody else takes it.
    expect((await deliverDue(deps())).succeeded).toBe(0)
    clock = new Date(claimedAt.getTime() + TIMEOUT_MS + LEASE_MARGIN_MS)
    expect((await deliverDue(deps())).succeeded).toBe(1)
    expect(received).toHaveLength(1)
    expect(received[0]!.headers['webhook-id']).toBe(claimed!.event_id)
    expect((await deliveriesOf(e.id))[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 2 })
    clock = new Date(clock.getTime() + RETRY_WINDOW_MS)
    await deliverDue(deps())
    expect(received).toHaveLength(1)
  })

  it('signs with the old and the new secret during the rotation overlap, then with the new only', async () => {
    const { endpoint: e, secret: old } = await endpoint(['client.created'])
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${e.id}/secret`,
      headers: bearer(owner),
    })
    expect(rotated.statusCode).toBe(200)
    const { secret: fresh, endpoint: after } = rotated.json()
    expect(fresh).not.toBe(old)
    expect(after.previousSecretExpiresAt).not.toBeNull()
    await newClient()
    await deliverDue(deps())
    const first = received[0]!
    expect(first.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(() => new Webhook(old).verify(first.body, first.headers)).not.toThrow()
    expect(() => new Webhook(fresh).verify(first.body, first.headers)).not.toThrow()
    clock = new Date(Date.now() + SECRET_OVERLAP_MS + 1000)
    await newClient()
    await deliverDue(deps())
    const second = received[1]!
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(1)
    // The library refuses a timestamp far from its own clock: check the signature at the message's time.
    const at = Number(second.headers['webhook-timestamp']) * 1000
    const verifyAt = (secret: string) => {
      const real = Date.now
      Date.now = () => at
      try {
        return new Webhook(secret).verify(second.body, second.headers)
      } finally {
        Date.now = real
      }
    }
    expect(() => verifyAt(fresh)).not.toThrow()
    expect(() => verifyAt(old)).toThrow()
  })

  it('holds deliveries of a disabled endpoint, records nothing new for it, and deletes its log with it', async () => {
    const { endpoint: e } = await endpoint(['client.created'])
    await newClient()
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/webhooks/${e.id}`,
      headers: bearer(owner),
      payload: { enabled: false },
    })
    expect(off.json().enabled).toBe(false)
    await newClient()
    await deliverDue(deps())
    expect(received).toHaveLength(0)
    expect(await deliveriesOf(e.id)).toHaveLength(1)
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${e.id}/test`,
      headers: bearer(owner),
    })
    expect(test.json().code).toBe('WEBHOOK_DISABLED')
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/webhooks/${e.id}`,
      headers: bearer(owner),
    })
    expect(del.json()).toEqual({ deleted: true })
    expect(await deliveriesOf(e.id)).toHaveLength(0)
  })
})
