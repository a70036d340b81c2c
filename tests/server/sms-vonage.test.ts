// Issue 35 §3: campaign SMS through Vonage's SMS API (@vonage/server-sdk against a fake on 127.0.0.1,
// tests/support/fake-vonage.ts): sent once with client-ref and callback; status 6 (unroutable) marks
// the phone unreachable and is not retried; a lost answer is never sent twice and is settled by its
// signed receipt's client-ref; signed receipts update the recipient, forged ones are refused; a signed
// STOP reply opts the phone out.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox, smsOptOuts, smsUnreachablePhones } from '../../src/server/db/schema'
import { dedupeKey } from '../../src/server/services/campaign-dispatch'
import type { TestApp } from '../support/app'
import { addCampaign } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import {
  type FakeVonage,
  startFakeVonage,
  VONAGE_KEY,
  VONAGE_SECRET,
  VONAGE_SIGNATURE_SECRET,
  vonageSig,
} from '../support/fake-vonage'
import { dispatchAt, recipientsOf, SMS_PUBLIC_URL, startSmsApp, TUESDAY_10H } from '../support/sms-campaign'

const PUBLIC = SMS_PUBLIC_URL

describe.each(databaseKinds())('SMS through Vonage on %s', (kind) => {
  let t: TestApp
  let vonage: FakeVonage
  let dupont: string
  const db = () => t.database.db
  const dispatch = (campaignId: string, now = TUESDAY_10H) => dispatchAt(t, campaignId, now)
  const recipients = (campaignId: string) => recipientsOf(t, campaignId)
  const signed = (fields: Record<string, string>, secret = VONAGE_SIGNATURE_SECRET) => ({
    ...fields,
    sig: vonageSig(secret, fields),
  })
  const post = (path: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: body,
    })

  beforeAll(async () => {
    vonage = await startFakeVonage()
    ;({ t, dupont } = await startSmsApp(
      kind,
      {
        provider: 'vonage',
        vonage: {
          apiKey: VONAGE_KEY,
          apiSecret: VONAGE_SECRET,
          signatureSecret: VONAGE_SIGNATURE_SECRET,
          signatureMethod: 'sha256',
          callback: `${PUBLIC}/webhooks/sms/vonage/status`,
          restHost: vonage.url,
          timeoutMs: 1_500, // a hung answer costs this much real time; shorter failed on a loaded host
        },
      },
      { count: 3, prefix: '+3365' },
    ))
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await vonage?.close()
  })

  it('sends once with client-ref and callback; status 6 marks the phone unreachable, not retried', async () => {
    vonage.unroutable.add('33650000002')
    const c = await addCampaign(db(), dupont)
    expect((await dispatch(c.id)).kind).toBe('sent')
    const rows = await recipients(c.id)
    for (const r of rows.filter((x) => x.address !== '+33650000002')) {
      const sent = vonage.accepted.filter((a) => a.key === dedupeKey(c.id, r.clientId))
      expect(sent).toHaveLength(1)
      expect(sent[0]!.body).toMatchObject({
        to: r.address.slice(1),
        callback: `${PUBLIC}/webhooks/sms/vonage/status`,
      })
      expect(r).toMatchObject({ status: 'SENT', providerMessageId: sent[0]!.id })
    }
    expect(rows.find((x) => x.address === '+33650000002')).toMatchObject({ status: 'ERROR' })
    const [mark] = await db()
      .select()
      .from(smsUnreachablePhones)
      .where(eq(smsUnreachablePhones.phone, '+33650000002'))
    expect(mark).toMatchObject({ provider: 'vonage', code: '6' })
    expect(vonage.posts).toBe(3)
  })

  it('never sends a lost answer twice; its signed receipt settles it, a forged one changes nothing', async () => {
    const c = await addCampaign(db(), dupont, { message: 'Perdu' })
    vonage.script.push('hang')
    await dispatch(c.id)
    const lost = (await recipients(c.id)).find((r) => r.status === 'PENDING')!
    const key = dedupeKey(c.id, lost.clientId)
    await dispatch(c.id, new Date(TUESDAY_10H.getTime() + 60_000))
    expect(vonage.count(key)).toBe(1)
    const receipt = {
      msisdn: lost.address.slice(1),
      to: 'DUPONT',
      'network-code': '20801',
      messageId: vonage.accepted.find((a) => a.key === key)!.id,
      price: '0.0333',
      status: 'delivered',
      scts: '2611241000',
      'err-code': '0',
      'api-key': VONAGE_KEY,
      'client-ref': key,
      'message-timestamp': '2026-11-24 10:00:05',
      timestamp: '1795510805',
      nonce: 'a1b2c3',
    }
    const forged = await post('/webhooks/sms/vonage/status', signed(receipt, 'wrong'))
    expect(forged.statusCode).toBe(401)
    // A status naming an object property is no delivery status: passed over, nothing recorded.
    const odd = await post('/webhooks/sms/vonage/status', signed({ ...receipt, status: 'constructor' }))
    expect(odd.json()).toEqual({ received: true, outcome: 'passing' })
    const ok = await post('/webhooks/sms/vonage/status', signed(receipt))
    expect(ok.json()).toEqual({ received: true, outcome: 'recorded' })
    expect((await post('/webhooks/sms/vonage/status', signed(receipt))).statusCode).toBe(200)
    await dispatch(c.id, new Date(TUESDAY_10H.getTime() + 600_000))
    const row = (await recipients(c.id)).find((r) => r.clientId === lost.clientId)!
    expect(row).toMatchObject({ status: 'SENT', providerMessageId: receipt.messageId })
    const [m] = await db().select().from(outbox).where(eq(outbox.dedupeKey, key))
    expect(m).toMatchObject({ providerMessageId: receipt.messageId, status: 'DELIVERED' })
    expect(vonage.count(key)).toBe(1)
  })

  it('opts a phone out on a signed STOP reply; a forged one changes nothing', async () => {
    const reply = {
      msisdn: '33650000001',
      to: 'DUPONT',
      messageId: '0A01',
      text: 'STOP',
      type: 'text',
      keyword: 'STOP',
      'message-timestamp': '2026-11-24 11:00:00',
      timestamp: '1795514400',
      nonce: 'n1',
    }
    const optedOut = () =>
      db()
        .select()
        .from(smsOptOuts)
        .where(and(eq(smsOptOuts.franchiseId, dupont), eq(smsOptOuts.phone, '+33650000001')))
    expect((await post('/webhooks/sms/vonage/inbound', signed(reply, 'wrong'))).statusCode).toBe(401)
    expect((await post('/webhooks/sms/vonage/inbound', { ...reply })).statusCode).toBe(401)
    expect(await optedOut()).toHaveLength(0)
    expect((await post('/webhooks/sms/vonage/inbound', signed(reply))).json()).toEqual({
      received: true,
      outcome: 'opted-out',
    })
    expect(await optedOut()).toHaveLength(1)
  })

  it('refuses a body whose field is not flat with a 400, even nested 5,000 deep (the fuzz found a 500)', async () => {
    for (const path of ['/webhooks/sms/vonage/inbound', '/webhooks/sms/vonage/status']) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: `{"msisdn":"33650000001","x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_INVALID_BODY', details: { field: 'body' } })
    }
  })
})
