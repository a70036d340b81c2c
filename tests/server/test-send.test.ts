// Staff's test SMS / test e-mail (issue 35 §6): POST /api/v2/admin/test-send goes through the adapter
// the server is configured with and answers the provider's id, or its refusal (an SMS provider on
// 127.0.0.1 answering 422); bad input is a 400 naming the field with nothing sent; merchants get a
// 403, anonymous callers a 401; each staff member is rate limited.
import http from 'node:http'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSms } from '../../src/server/adapters/sms'
import { outbox } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { closeLocal, listenLocal } from '../support/local-server'

describe.each(databaseKinds())('staff test messages on %s', (kind) => {
  let t: TestApp
  let admin: string
  let tech: string
  let owner: string
  const refusing = http.createServer((_req, res) => {
    res.writeHead(422, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'The number is not a valid mobile number' }))
  })
  let refusingUrl = ''
  const send = (token: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/admin/test-send',
      headers: token ? bearer(token) : {},
      payload,
    })
  const outboxCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[admin, tech, owner] = (await Promise.all(
      ['admin@demo.test', 'tech@demo.test', 'owner@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
    refusingUrl = await listenLocal(refusing)
  })
  afterAll(async () => {
    await closeLocal(refusing)
    await t?.close()
  })

  it('sends a test SMS and a test e-mail through the configured adapters', async () => {
    const sms = await send(admin, { channel: 'sms', to: '+33612345678' })
    expect(sms.statusCode, sms.body).toBe(200)
    expect(sms.json()).toMatchObject({ channel: 'sms', provider: 'local', accepted: true, error: null })
    const [smsRow] = await t.database.db.select().from(outbox).where(eq(outbox.id, sms.json().id))
    expect(smsRow).toMatchObject({ channel: 'sms', recipient: '+33612345678' })
    expect(smsRow!.body).toContain('Test SMS')

    const mail = await send(admin, { channel: 'email', to: ' Staff@Example.test ' })
    expect(mail.statusCode, mail.body).toBe(200)
    expect(mail.json()).toMatchObject({ channel: 'email', provider: 'local', accepted: true, error: null })
    const [mailRow] = await t.database.db.select().from(outbox).where(eq(outbox.id, mail.json().id))
    expect(mailRow).toMatchObject({
      channel: 'email',
      recipient: 'staff@example.test',
      subject: 'Test e-mail',
    })
  })

  it("answers the provider's refusal", async () => {
    const configured = t.app.adapters.sms
    t.app.adapters.sms = createSms({ url: `${refusingUrl}/v1/messages`, key: 'k' })
    try {
      const res = await send(tech, { channel: 'sms', to: '+33612345679' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ channel: 'sms', provider: 'http', accepted: false, id: null })
      expect(res.json().error).toContain('422')
    } finally {
      t.app.adapters.sms = configured
    }
  })

  it('refuses bad input naming the field, sending nothing', async () => {
    const before = await outboxCount()
    for (const [payload, field] of [
      [{ channel: 'fax', to: '+33612345678' }, 'channel'],
      [{ channel: 'sms', to: '0612345678' }, 'to'],
      [{ channel: 'sms', to: '+33 6 12' }, 'to'],
      [{ channel: 'email', to: 'not-an-address' }, 'to'],
      [{ channel: 'email' }, 'to'],
    ] as const) {
      const res = await send(admin, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().details.field).toBe(field)
    }
    expect(await outboxCount()).toBe(before)
  })

  it('is for staff only, and rate limited', async () => {
    expect((await send(owner, { channel: 'email', to: 'a@example.test' })).statusCode).toBe(403)
    expect((await send(null, { channel: 'email', to: 'a@example.test' })).statusCode).toBe(401)
    const fresh = await loginAs(t.app, 'admin@demo.test')
    // The earlier tests used some of this staff member's 10; the limit is per person, not per token.
    const codes: number[] = []
    for (let i = 0; i < 12; i++)
      codes.push((await send(fresh, { channel: 'email', to: 'b@example.test' })).statusCode)
    expect(codes).toContain(429)
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(10)
  })
})
