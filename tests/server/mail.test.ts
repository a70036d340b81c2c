import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpMailer, localMailer } from '../../src/server/adapters/mail'
import { outbox } from '../../src/server/db/schema'
import { openTestDatabase, type TestDatabase } from '../support/database'
import { localServer } from '../support/local-server'

// A fake mail provider on 127.0.0.1: records what it receives and answers like a real JSON API.
function fakeProvider() {
  const received: { auth: string | undefined; body: unknown }[] = []
  const local = localServer((req, res) => {
    let data = ''
    req.on('data', (c) => {
      data += c
    })
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `msg_${received.length}` }))
    })
  })
  return { local, received }
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

  it('posts to an HTTP provider with its key and records the provider id', async () => {
    const { id } = await httpMailer(url, 'sk_test').send(database.db, {
      to: 'b@shop.test',
      subject: 'Sujet',
      text: 'Corps',
    })
    expect(fake.received).toEqual([
      { auth: 'Bearer sk_test', body: { to: 'b@shop.test', subject: 'Sujet', text: 'Corps' } },
    ])
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
    expect(row).toMatchObject({ provider: 'http', status: 'SENT', providerMessageId: 'msg_1' })
  })
})
