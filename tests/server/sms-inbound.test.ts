// Issue 18: customers' STOP replies through the SMS provider's signed inbound webhook. A STOP opts the
// phone out of the franchise whose campaign SMS reached it last (or the one whose sender id it was
// sent to), once; a wrong signature changes nothing; the client detail shows the opt-out; a later
// campaign leaves the phone out when its audience is frozen and when it sends; `npm run sms:reply`
// posts to a started server as a provider would.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { signBody } from '../../src/server/adapters/webhook-signature'
import { testConfig } from '../../src/server/config'
import { campaignRecipients, clients, franchises, smsOptOuts } from '../../src/server/db/schema'
import { freezeAudience, runDispatch } from '../../src/server/services/campaign-dispatch'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addCampaign, addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const SECRET = 'inbound-test-secret'
const TUESDAY_10H = new Date('2026-11-24T09:00:00Z')
const run = promisify(execFile)

describe.each(databaseKinds())('inbound SMS and STOP on %s', (kind) => {
  let t: TestApp
  let dupont: string
  let bagels: string
  let owner: string
  let dupontIds: string[]
  const db = () => t.database.db
  const channels = { SMS: createSms({}), PUSH: createPush({}) }
  const dispatch = (campaignId: string, now = TUESDAY_10H) =>
    runDispatch({ db: db(), channels, now: () => now, sleep: async () => {} }, campaignId)

  const post = (body: object | string, signature?: string) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body)
    return t.app.inject({
      method: 'POST',
      url: '/webhooks/sms/inbound',
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? signBody(SECRET, raw) },
      payload: raw,
    })
  }
  const optOuts = async (phone: string) =>
    (await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).map((r) => r.franchiseId)

  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: {
        adapters: { ...testConfig().adapters, sms: { provider: 'local', webhookSecret: SECRET } },
      },
    })
    dupont = (await franchiseNamed(db(), 'Maison Dupont')).id
    bagels = (await franchiseNamed(db(), 'Brooklyn Bagels')).id
    owner = await loginAs(t.app, 'owner@demo.test')
    dupontIds = await addClients(db(), dupont, 6, '+3362')
    // Two of Dupont's numbers are Bagels customers too (+33620000004 and +33620000005).
    await db()
      .insert(clients)
      .values(
        ['+33620000004', '+33620000005'].map((phone) => ({ franchiseId: bagels, firstName: 'Both', phone })),
      )
    // Dupont messages everyone at 10:00 Paris, Bagels its two at 10:00 New York: Bagels' is the later SMS.
    await dispatch((await addCampaign(db(), dupont)).id)
    await dispatch((await addCampaign(db(), bagels)).id, new Date('2026-11-24T15:00:00Z'))
  }, 120_000)
  afterAll(() => t?.close())

  it('opts the phone out of the franchise that messaged it, once, and shows it on the client', async () => {
    const first = await post({ from: '+33620000000', text: ' stop ', receivedAt: '2026-11-24T12:00:00Z' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'opted-out' })
    // The provider retries the same message: nothing changes.
    expect((await post({ from: '+33620000000', text: ' stop ' })).json()).toMatchObject({
      outcome: 'unchanged',
    })
    expect(await optOuts('+33620000000')).toEqual([dupont])
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${dupont}/clients/${dupontIds[0]}`,
      headers: bearer(owner),
    })
    expect(detail.json()).toMatchObject({ phone: '+33620000000', smsOptedOut: true })
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${dupont}/clients/${dupontIds[1]}`,
      headers: bearer(owner),
    })
    expect(other.json()).toMatchObject({ smsOptedOut: false })
  })

  it('takes the latest message, or the franchise whose sender id the reply went to', async () => {
    // Without `to`: Bagels' 11:00 SMS is the one answered.
    expect((await post({ from: '0033620000004', text: 'STOP' })).json()).toMatchObject({
      outcome: 'opted-out',
    })
    expect(await optOuts('+33620000004')).toEqual([bagels])
    const [d] = await db().select().from(franchises).where(eq(franchises.id, dupont))
    expect((await post({ from: '+33620000005', to: d!.senderId!, text: 'Stop' })).json()).toMatchObject({
      outcome: 'opted-out',
    })
    expect(await optOuts('+33620000005')).toEqual([dupont])
  })

  it('ignores other texts and phones no campaign reached', async () => {
    expect((await post({ from: '+33620000002', text: 'Merci !' })).json()).toMatchObject({
      outcome: 'not-stop',
    })
    expect((await post({ from: '+33799999999', text: 'STOP' })).json()).toMatchObject({
      outcome: 'unknown-sender',
    })
    expect(await optOuts('+33620000002')).toEqual([])
    expect(await optOuts('+33799999999')).toEqual([])
  })

  it('refuses a wrong or missing signature and a body that is not a message, changing nothing', async () => {
    const body = JSON.stringify({ from: '+33620000003', text: 'STOP' })
    for (const signature of [signBody('another secret', body), '', 'sha256=00'])
      expect((await post(body, signature)).statusCode).toBe(401)
    const res = await post({ from: '+33620000003', text: 'STOP', extra: 1 })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect((await post('not json')).statusCode).toBe(400)
    expect(await optOuts('+33620000003')).toEqual([])
  })

  it('leaves an opted-out phone out of a later campaign, when frozen and when sending', async () => {
    const later = await addCampaign(db(), dupont)
    await freezeAudience(db(), later.id, TUESDAY_10H)
    const frozen = await db()
      .select({ address: campaignRecipients.address })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, later.id))
    expect(frozen.map((r) => r.address)).not.toContain('+33620000000')
    expect(frozen.map((r) => r.address)).toContain('+33620000003')
    // A STOP between freezing and sending: the row is skipped, not sent.
    expect((await post({ from: '+33620000003', text: 'STOP' })).json()).toMatchObject({
      outcome: 'opted-out',
    })
    await dispatch(later.id, new Date('2026-11-24T16:00:00Z'))
    const [row] = await db()
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, later.id), eq(campaignRecipients.address, '+33620000003')))
    expect(row).toMatchObject({ status: 'SKIPPED', sentAt: null })
  })

  it('npm run sms:reply posts a signed reply to a started server', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/adapters/sms/reply.ts', '--url', address, '+33620000001', 'STOP'],
      { env: { ...process.env, SMS_WEBHOOK_SECRET: SECRET } },
    )
    expect(JSON.parse(stdout)).toEqual({ received: true, outcome: 'opted-out' })
    expect(await optOuts('+33620000001')).toEqual([dupont])
    // With another secret the server refuses it and the script says so.
    await expect(
      run(
        process.execPath,
        ['--import', 'tsx', 'src/server/adapters/sms/reply.ts', '--url', address, '+33620000002', 'STOP'],
        {
          env: { ...process.env, SMS_WEBHOOK_SECRET: 'wrong' },
        },
      ),
    ).rejects.toThrow(/401/)
    expect(await optOuts('+33620000002')).toEqual([])
  }, 30_000)
})
