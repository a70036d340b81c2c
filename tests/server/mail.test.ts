import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localMailer, queuedMailer } from '../../src/server/adapters/mail'
import { httpMailTransport, retryAfterMs } from '../../src/server/adapters/mail/http'
import { outbox } from '../../src/server/db/schema'
import { deliverDueMail } from '../../src/server/services/mail-delivery'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { localServer } from '../support/local-server'

// A fake mail provider on 127.0.0.1: records what it receives and answers like a real JSON API.
function fakeProvider() {
  const received: { auth: string | undefined; key: string | undefined; body: unknown }[] = []
  /** The answers to give before the normal one (status, headers, body as the API documents). */
  const refusals: { status: number; headers?: Record<string, string>; body: unknown }[] = []
  const local = localServer((req, res) => {
    let data = ''
    req.on('data', (c) => {
      data += c
    })
    req.on('end', () => {
      const refusal = refusals.shift()
      if (refusal) {
        res.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers })
        return res.end(JSON.stringify(refusal.body))
      }
      const key = req.headers['idempotency-key'] as string | undefined
      received.push({ auth: req.headers.authorization, key, body: JSON.parse(data) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `msg_${received.length}` }))
    })
  })
  return { local, received, refusals }
}

describe('mail adapter', () => {
  let database: TestDatabase
  const fake = fakeProvider()
  let url: string
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    url = `${fake.local.url}/v1/messages`
  })
  afterAll(async () => {
    await database.drop()
  })

  it('keeps messages in the outbox by default', async () => {
    const { id } = await localMailer().send(database.db, { to: 'a@shop.test', subject: 'Hi', text: 'Hello' })
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row).toMatchObject({
      channel: 'email',
      recipient: 'a@shop.test',
      provider: 'local',
      status: 'DELIVERED_LOCALLY',
    })
  })

  it('queues for an HTTP provider; the job posts with its key and the message id, and records the answer', async () => {
    const mailer = queuedMailer(httpMailTransport(url, 'sk_test'))
    const { id } = await mailer.send(database.db, { to: 'b@shop.test', subject: 'Sujet', text: 'Corps' })
    expect(fake.received).toEqual([])
    const run = await deliverDueMail({ db: database.db, transport: mailer.transport! })
    expect(run).toMatchObject({ sent: 1 })
    expect(fake.received).toEqual([
      {
        auth: 'Bearer sk_test',
        key: id,
        body: {
          to: 'b@shop.test',
          subject: 'Sujet',
          text: 'Corps',
          html: expect.stringContaining('<p>Corps</p>'),
        },
      },
    ])
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row).toMatchObject({ provider: 'http', status: 'SENT', providerMessageId: 'msg_1' })
  })

  it('waits for Retry-After on a 429 and fails a refused message for good', async () => {
    const start = Date.now() + 5_000
    const at = (s: number) => () => new Date(start + s * 1000)
    const mailer = queuedMailer(httpMailTransport(url, 'sk_test'))
    const transport = mailer.transport!
    const busy = await mailer.send(database.db, { to: 'c@shop.test', subject: 'S', text: 'T' })
    // Two 429s: one for the call, one for its quick retry.
    for (let i = 0; i < 2; i++)
      fake.refusals.push({ status: 429, headers: { 'retry-after': '600' }, body: { error: 'rate_limited' } })
    expect(await deliverDueMail({ db: database.db, transport, clock: at(0) })).toMatchObject({ retrying: 1 })
    // Due after ten minutes (the provider's wait), not the one-minute backoff.
    expect(await deliverDueMail({ db: database.db, transport, clock: at(120) })).toMatchObject({ sent: 0 })
    expect(await deliverDueMail({ db: database.db, transport, clock: at(601) })).toMatchObject({ sent: 1 })
    const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, busy.id))
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2 })

    const bad = await mailer.send(database.db, { to: 'not-an-address', subject: 'S', text: 'T' })
    fake.refusals.push({ status: 422, body: { error: 'invalid_recipient' } })
    expect(await deliverDueMail({ db: database.db, transport, clock: at(602) })).toMatchObject({ failed: 1 })
    const [failed] = await database.db.select().from(outbox).where(eq(outbox.id, bad.id))
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'mail API HTTP 422' })
  })

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000)
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT'))).toBe(
      60_000,
    )
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs(undefined)).toBeUndefined()
  })
})
