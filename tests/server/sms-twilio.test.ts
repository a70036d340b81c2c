// Issue 35 §3: campaign SMS through Twilio's Messages API (the official library against a fake on
// 127.0.0.1, tests/support/fake-twilio.ts): sent once with our StatusCallback; an invalid number (21211)
// marks the phone unreachable, is never retried and is skipped by later campaigns; a 429 waits for its
// Retry-After; a lost answer is settled from Twilio's list without a second message; signed status
// callbacks update Messages sent and the recipient (replays change nothing, forgeries are refused);
// a signed STOP reply opts the phone out.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { campaigns, outbox, smsOptOuts, smsUnreachablePhones } from '../../src/server/db/schema'
import { countAudience } from '../../src/server/services/campaign-audience'
import { rollupCampaign } from '../../src/server/services/campaign-stats'
import type { TestApp } from '../support/app'
import { addCampaign, addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import {
  type FakeTwilio,
  startFakeTwilio,
  TWILIO_SID,
  TWILIO_TOKEN,
  twilioSignature,
} from '../support/fake-twilio'
import { dispatchAt, recipientsOf, SMS_PUBLIC_URL, startSmsApp, TUESDAY_10H } from '../support/sms-campaign'

const PUBLIC = SMS_PUBLIC_URL

describe.each(databaseKinds())('SMS through Twilio on %s', (kind) => {
  let t: TestApp
  let twilio: FakeTwilio
  let dupont: string
  const db = () => t.database.db
  let clock = TUESDAY_10H
  const dispatch = (campaignId: string) => dispatchAt(t, campaignId, clock)
  const recipients = (campaignId: string) => recipientsOf(t, campaignId)
  const callback = (path: string, fields: Record<string, string>, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilioSignature(TWILIO_TOKEN, `${PUBLIC}${path}`, fields),
      },
      payload: new URLSearchParams(fields).toString(),
    })

  beforeAll(async () => {
    twilio = await startFakeTwilio()
    ;({ t, dupont } = await startSmsApp(
      kind,
      {
        provider: 'twilio',
        twilio: {
          accountSid: TWILIO_SID,
          authToken: TWILIO_TOKEN,
          from: '+15005550006',
          statusCallback: `${PUBLIC}/webhooks/sms/twilio/status`,
          baseUrl: twilio.url,
          timeoutMs: 1_500, // a hung answer costs this much real time; shorter failed on a loaded host
        },
      },
      { count: 4, prefix: '+3364' },
    ))
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await twilio?.close()
  })
  beforeEach(() => {
    clock = TUESDAY_10H
  })

  it('sends each recipient once, with our StatusCallback, and records the SID in Messages sent', async () => {
    const c = await addCampaign(db(), dupont)
    expect((await dispatch(c.id)).kind).toBe('sent')
    const rows = await recipients(c.id)
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT'])
    for (const r of rows) {
      const sent = twilio.accepted.filter((a) => a.key === r.address)
      expect(sent).toHaveLength(1)
      expect(r.providerMessageId).toBe(sent[0]!.id)
      expect(sent[0]!.body.StatusCallback).toBe(`${PUBLIC}/webhooks/sms/twilio/status`)
      expect(sent[0]!.body.Body).toContain('Soldes -20%')
      const [row] = await db().select().from(outbox).where(eq(outbox.providerMessageId, r.providerMessageId!))
      expect(row).toMatchObject({ provider: 'twilio', status: 'SENT', recipient: r.address })
    }
  })

  it('marks an invalid number (21211) unreachable in its franchise, never retries it, and skips it afterwards', async () => {
    twilio.invalid.add('+33640000001')
    const martin = (await franchiseNamed(db(), 'Fleurs Martin')).id
    await addClients(db(), martin, 2, '+3364') // +33640000000 and +33640000001
    const audience = (franchiseId: string) =>
      countAudience(db(), franchiseId, 'SMS', {}, { today: '2026-11-24', now: TUESDAY_10H })
    const [dupontBefore, martinBefore] = [await audience(dupont), await audience(martin)]
    const posts = twilio.posts
    const c = await addCampaign(db(), dupont)
    await dispatch(c.id)
    const bad = (await recipients(c.id)).find((r) => r.address === '+33640000001')!
    expect(bad.status).toBe('ERROR')
    expect(bad.error).toContain('21211')
    expect(twilio.posts - posts).toBe(4)
    const [mark] = await db()
      .select()
      .from(smsUnreachablePhones)
      .where(eq(smsUnreachablePhones.phone, '+33640000001'))
    expect(mark).toMatchObject({ franchiseId: dupont, provider: 'twilio', code: '21211' })
    // Out of Dupont's SMS audience counts from now on; Fleurs Martin's client with that number is not.
    expect(await audience(dupont)).toBe(dupontBefore - 1)
    expect(await audience(martin)).toBe(martinBefore)
    const later = await addCampaign(db(), dupont)
    await dispatch(later.id)
    // Not in a later campaign's audience at all (a phone marked after a campaign froze is skipped at
    // send time: stillConsents).
    expect((await recipients(later.id)).map((r) => r.address)).not.toContain('+33640000001')
    expect(twilio.posts - posts).toBe(7)
    // Fleurs Martin still sends to its own client with that number (its first refusal would mark it there).
    twilio.invalid.delete('+33640000001')
    const theirs = await addCampaign(db(), martin)
    await dispatch(theirs.id)
    expect((await recipients(theirs.id)).find((r) => r.address === '+33640000001')?.status).toBe('SENT')
  })

  it("waits for a 429's Retry-After, then sends once", async () => {
    const c = await addCampaign(db(), dupont)
    twilio.script.push('429')
    const step = await dispatch(c.id)
    expect(step.kind).toBe('wait')
    const waiting = (await recipients(c.id)).find((r) => r.status === 'PENDING' && r.error)!
    expect(waiting.error).toContain('20429')
    expect(waiting.nextAttemptAt!.getTime()).toBe(TUESDAY_10H.getTime() + 7_000)
    clock = new Date(TUESDAY_10H.getTime() + 7_000)
    expect((await dispatch(c.id)).kind).toBe('sent')
    const sent = twilio.accepted.filter(
      (a) => a.key === waiting.address && String(a.body.Body).includes('Soldes'),
    )
    expect((await recipients(c.id)).filter((r) => r.status === 'SENT')).toHaveLength(3)
    expect(sent.length).toBeGreaterThan(0)
  })

  it('settles a send whose answer was lost from Twilio’s list, without a second message', async () => {
    const c = await addCampaign(db(), dupont, { message: 'Nouvelle carte' })
    twilio.script.push('hang')
    await dispatch(c.id)
    clock = new Date(TUESDAY_10H.getTime() + 60_000)
    expect((await dispatch(c.id)).kind).toBe('sent')
    const rows = await recipients(c.id)
    for (const r of rows.filter((x) => x.status === 'SENT')) {
      const mine = twilio.accepted.filter(
        (a) => a.key === r.address && String(a.body.Body).includes('Nouvelle carte'),
      )
      expect(mine).toHaveLength(1)
      expect(r.providerMessageId).toBe(mine[0]!.id)
    }
  })

  it('applies a receipt that arrives before the send’s answer, to the message and the recipient', async () => {
    const path = '/webhooks/sms/twilio/status'
    const outcomes: unknown[] = []
    // The first receipt says the number does not exist (30005): a refusal for good. The messages are in
    // flight together, so the first is the first callback made, not the first answered.
    let refused: string | undefined
    twilio.beforeAnswer = async (a) => {
      refused ??= a.key ?? ''
      const ErrorCode = refused === a.key ? '30005' : '30003'
      const fields = { AccountSid: TWILIO_SID, MessageSid: a.id, MessageStatus: 'undelivered', ErrorCode }
      outcomes.push((await callback(path, { ...fields, To: a.key ?? '' })).json())
    }
    const c = await addCampaign(db(), dupont, { message: 'Avant la réponse' })
    try {
      await dispatch(c.id)
    } finally {
      twilio.beforeAnswer = undefined
    }
    // A send whose answer the slow callback outlasted (1.5 s) is settled from Twilio's list later.
    clock = new Date(TUESDAY_10H.getTime() + 60_000)
    await dispatch(c.id)
    const accepted = twilio.accepted.filter((a) => String(a.body.Body).includes('Avant la réponse'))
    const sent = await recipients(c.id)
    expect(sent.map((r) => r.status)).toEqual(accepted.map(() => 'SENT'))
    expect(outcomes).toEqual(accepted.map(() => ({ received: true, outcome: 'early' })))
    for (const r of sent) {
      const code = r.address === refused ? '30005' : '30003'
      expect(r).toMatchObject({ delivery: 'UNDELIVERED', deliveryError: code })
      const [m] = await db().select().from(outbox).where(eq(outbox.providerMessageId, r.providerMessageId!))
      expect(m).toMatchObject({ status: 'UNDELIVERED', lastError: code })
    }
    const dead = and(
      eq(smsUnreachablePhones.franchiseId, dupont),
      eq(smsUnreachablePhones.phone, refused ?? ''),
    )
    expect(await db().select().from(smsUnreachablePhones).where(dead)).toHaveLength(1)
    await db().delete(smsUnreachablePhones).where(dead) // the later tests send to that phone again
  })

  it('records signed delivery receipts once and refuses forged ones', async () => {
    const c = await addCampaign(db(), dupont, { message: 'Receipt test' })
    await dispatch(c.id)
    const [first, second] = (await recipients(c.id)).filter((x) => x.status === 'SENT')
    const path = '/webhooks/sms/twilio/status'
    const delivered = {
      AccountSid: TWILIO_SID,
      MessageSid: first!.providerMessageId!,
      MessageStatus: 'delivered',
      To: first!.address,
    }
    const forged = await callback(
      path,
      { ...delivered, MessageStatus: 'failed' },
      twilioSignature('wrong', `${PUBLIC}${path}`, delivered),
    )
    expect(forged.statusCode).toBe(401)
    expect((await callback(path, { ...delivered, MessageStatus: 'sent' })).json()).toEqual({
      received: true,
      outcome: 'passing',
    })
    // A status naming an object property is no delivery status either.
    expect((await callback(path, { ...delivered, MessageStatus: 'constructor' })).json()).toEqual({
      received: true,
      outcome: 'passing',
    })
    for (let i = 0; i < 2; i++)
      expect((await callback(path, delivered)).json()).toEqual({ received: true, outcome: 'recorded' })
    const undelivered = {
      ...delivered,
      MessageSid: second!.providerMessageId!,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
      To: second!.address,
    }
    expect((await callback(path, undelivered)).statusCode).toBe(200)
    const after = await recipients(c.id)
    expect(after.find((x) => x.clientId === first!.clientId)).toMatchObject({
      delivery: 'DELIVERED',
      deliveryError: null,
    })
    expect(after.find((x) => x.clientId === second!.clientId)).toMatchObject({
      delivery: 'UNDELIVERED',
      deliveryError: '30003',
    })
    const [m] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.providerMessageId, second!.providerMessageId!))
    expect(m).toMatchObject({ status: 'UNDELIVERED', lastError: '30003' })
    // The campaign's statistics count the delivered one beside opened and conversion.
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, c.id))
    const stats = await rollupCampaign(db(), row!)
    const sentCount = after.filter((x) => x.status === 'SENT').length
    expect(stats).toMatchObject({ notified: sentCount, delivered: 1 })
    const noSid = await callback(path, { AccountSid: TWILIO_SID, MessageStatus: 'delivered' })
    expect(noSid.statusCode).toBe(400)
  })

  it('opts a phone out on a signed STOP reply, answering empty TwiML; a forged one changes nothing', async () => {
    const path = '/webhooks/sms/twilio/inbound'
    const fields = {
      AccountSid: TWILIO_SID,
      MessageSid: 'SM1',
      From: '+33640000002',
      To: '+15005550006',
      Body: 'STOP',
    }
    const forged = await callback(path, fields, twilioSignature(TWILIO_TOKEN, `${PUBLIC}/elsewhere`, fields))
    expect(forged.statusCode).toBe(401)
    const optedOut = () =>
      db()
        .select()
        .from(smsOptOuts)
        .where(and(eq(smsOptOuts.franchiseId, dupont), eq(smsOptOuts.phone, '+33640000002')))
    expect(await optedOut()).toHaveLength(0)
    const res = await callback(path, fields)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/xml')
    expect(res.body).toContain('<Response></Response>')
    expect((await callback(path, fields)).statusCode).toBe(200)
    expect(await optedOut()).toHaveLength(1)
  })
})
