// The outgoing webhooks' delivery job (issue 23) in a running app: the "send test event" button queues
// a run of the pg-boss job, which delivers the signed event to a receiver on 127.0.0.1 within seconds
// and logs it; an event the database records goes out as it commits, without the minute's run. The
// deliveries' rules themselves are webhooks.test.ts.
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, franchises, users } from '../../src/server/db/schema'
import { WEBHOOKS_DELIVER_JOB } from '../../src/server/jobs/webhooks'
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

describe.each(databaseKinds())('the delivery job on %s', (kind) => {
  let t: TestApp
  let owner: string
  let fid: string

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      // A receiver in this process answers as slowly as the test machine runs: a roomier limit.
      config: { jobs: true, webhooks: { allowHttpLoopback: true, timeoutMs: 10_000 } },
    })
    owner = await loginAs(t.app, 'owner@demo.test')
    const [u] = await t.app.database.db.select().from(users).where(eq(users.email, 'owner@demo.test'))
    fid = (await t.app.database.db.select().from(franchises).where(eq(franchises.userId, u!.id)))[0]!.id
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('delivers a test event from the button within seconds, signed, and logs it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v2/franchises/${fid}/webhooks`,
      headers: bearer(owner),
      payload: { url: receiverUrl, events: ['campaign.finished'] },
    })
    const { endpoint: e, secret } = created.json()
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${e.id}/test`,
      headers: bearer(owner),
    })
    expect(test.statusCode).toBe(202)
    expect(test.json().delivery).toMatchObject({ status: 'PENDING', eventType: 'webhook.test' })
    const deadline = Date.now() + 45_000
    let status = 'PENDING'
    while (Date.now() < deadline && status !== 'SUCCEEDED') {
      await new Promise((r) => setTimeout(r, 250))
      const log = await t.app.inject({
        method: 'GET',
        url: `/api/v2/webhooks/${e.id}/deliveries`,
        headers: bearer(owner),
      })
      status = log.json().data[0].status
    }
    expect(status).toBe('SUCCEEDED')
    const msg = received.find((r) => r.headers['webhook-id'] === test.json().delivery.eventId)!
    expect((new Webhook(secret).verify(msg.body, msg.headers) as { type: string }).type).toBe('webhook.test')
  }, 60_000)

  it("delivers an event the database records as its change commits, without the minute's run", async () => {
    // The job's pg-boss worker stopped (its runs come from the cron, the button and a run's own end): only
    // the database's notification at commit can start a run.
    await t.app.jobs!.offWork(WEBHOOKS_DELIVER_JOB)
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v2/franchises/${fid}/webhooks`,
      headers: bearer(owner),
      payload: { url: receiverUrl, events: ['client.created'] },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(await deliveredTypes(await newClient())).toEqual(['client.created'])
  }, 30_000)

  it.runIf(kind === 'postgres')(
    'runs once when its channel opens again, for what was recorded while it was down',
    async () => {
      // Still without the pg-boss worker (previous test). The listening connection dropped, the client
      // is recorded before it is open again: no notification reaches the process.
      // The listening connection is the server's own role's: ended by that role, not the app's.
      const admin = new pg.Client({ connectionString: t.database.url })
      await admin.connect()
      const { rows } = await admin
        .query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where application_name = 'loyalty-backoffice-listen' and datname = current_database()`,
        )
        .finally(() => admin.end())
      expect(rows.map((r) => r.ended)).toContain(true)
      expect(await deliveredTypes(await newClient())).toEqual(['client.created'])
    },
    30_000,
  )

  const newClient = async () =>
    (
      await t.app.database.db
        .insert(clients)
        .values({ franchiseId: fid, firstName: 'Ada', phone: `+3361${String(Date.now()).slice(-7)}` })
        .returning()
    )[0]!
  /** The types of the events about `client` that reached the receiver within 20 s. */
  async function deliveredTypes(client: { id: string }) {
    const isMine = (body: string) =>
      (JSON.parse(body) as { data: { clientId?: string } }).data.clientId === client.id
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && !received.some((r) => isMine(r.body)))
      await new Promise((r) => setTimeout(r, 100))
    return received.filter((r) => isMine(r.body)).map((r) => JSON.parse(r.body).type)
  }
})
