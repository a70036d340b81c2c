// GET /api/v2/franchises/:id/messages (issue 19, "Messages sent"): the franchise's SMS and pushes from
// the outbox, with the campaign read from the dispatch engine's dedupe key; filters, pages, scoping.
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERASED_MARK } from '../../src/domain/gdpr'
import { MASKED_CODE } from '../../src/domain/messages'
import { recordOutbox } from '../../src/server/adapters/outbox'
import { createPush } from '../../src/server/adapters/push'
import { createSms } from '../../src/server/adapters/sms'
import { campaignRecipients, outbox, pointsExpirySettings } from '../../src/server/db/schema'
import { runDispatch } from '../../src/server/services/campaign-dispatch'
import { sendPhoneCode } from '../../src/server/services/phone-codes'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addAutomation, addClient, fakeWorkers } from '../support/automation-fixtures'
import { addCampaign, addClients, franchiseNamed, LOCAL_CHANNELS } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { setExpiry } from '../support/expiry-fixtures'

// A Tuesday, 10:00 in Paris: inside the sending window.
const TUESDAY_10H = new Date('2026-11-24T09:00:00Z')

describe.each(databaseKinds())('messages sent on %s', (kind) => {
  let t: TestApp
  let owner: string
  let dupontId: string
  let bagelsId: string
  let campaignId: string
  const url = (franchiseId: string, query = '') => `/api/v2/franchises/${franchiseId}/messages${query}`
  const get = (path: string, token = owner) =>
    t.app.inject({ method: 'GET', url: path, headers: bearer(token) })

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    const db = t.database.db
    owner = await loginAs(t.app, 'owner@demo.test')
    dupontId = (await franchiseNamed(db, 'Maison Dupont')).id
    bagelsId = (await franchiseNamed(db, 'Brooklyn Bagels')).id
    // A campaign sent through the dispatch engine and the local SMS adapter (the outbox).
    await addClients(db, dupontId, 3, '+3362')
    const campaign = await addCampaign(db, dupontId, { name: 'Soldes d’hiver' })
    campaignId = campaign.id
    const channels = { SMS: createSms({}), PUSH: createPush({}) }
    expect(
      await runDispatch({ db, channels, now: () => TUESDAY_10H, sleep: async () => {} }, campaignId),
    ).toEqual({ kind: 'sent' })
    // An older campaign that sent nothing, a push, the scan page's SMS, another franchise's SMS, and an
    // invitation e-mail (the product's mail to a merchant, not a customer message).
    await addCampaign(db, dupontId, { name: 'Old one', dispatch: 'IDLE' })
    await recordOutbox(db, {
      franchiseId: dupontId,
      channel: 'push',
      recipient: 'device-token-1',
      subject: 'Happy hour',
      body: 'Two for one until 7',
      provider: 'local',
    })
    await recordOutbox(db, {
      franchiseId: dupontId,
      channel: 'sms',
      recipient: '+33611110000',
      body: 'Maison Dupont: +10 points',
      provider: 'local',
      dedupeKey: 'scan:00000000-0000-4000-8000-000000000001',
    })
    await recordOutbox(db, {
      franchiseId: bagelsId,
      channel: 'sms',
      recipient: '+17185550000',
      body: 'Bagels: +5 points',
      provider: 'local',
    })
    await recordOutbox(db, {
      franchiseId: dupontId,
      channel: 'email',
      recipient: 'someone@demo.test',
      subject: 'Invitation',
      body: 'secret link',
      provider: 'local',
    })
  }, 120_000)
  afterAll(() => t.close())

  it('lists the SMS and pushes, newest first, with where each came from', async () => {
    const res = await get(url(dupontId))
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page.metadata).toEqual({ page: 1, size: 20, total: 5 })
    expect(page.data.map((m: { channel: string }) => m.channel)).not.toContain('email')
    type Row = { createdAt: string; origin: string; channel: string }
    const dates = page.data.map((m: Row) => m.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    const scanSms = page.data.find((m: Row) => m.origin === 'scanConfirmation')
    const push = page.data.find((m: Row) => m.channel === 'push')
    const campaignSms = page.data.filter((m: Row) => m.origin === 'campaign')
    expect(scanSms).toMatchObject({ channel: 'sms', campaign: null })
    expect(push).toMatchObject({ subject: 'Happy hour', body: 'Two for one until 7', origin: 'other' })
    expect(campaignSms).toHaveLength(3)
    for (const m of campaignSms) {
      expect(m).toMatchObject({
        channel: 'sms',
        origin: 'campaign',
        campaign: { id: campaignId, name: 'Soldes d’hiver' },
        status: 'DELIVERED_LOCALLY',
      })
      expect(m.recipient).toMatch(/^\+3362/)
      expect(m.body).toContain('STOP')
    }
    expect(page.campaigns.map((c: { name: string }) => c.name)).toEqual(['Old one', 'Soldes d’hiver'])
  })

  it('filters by campaign, channel and recipient, and pages', async () => {
    const byCampaign = (await get(url(dupontId, `?campaignId=${campaignId}`))).json()
    expect(byCampaign.metadata.total).toBe(3)
    expect(byCampaign.data.every((m: { origin: string }) => m.origin === 'campaign')).toBe(true)
    const push = (await get(url(dupontId, '?channel=push'))).json()
    // Its address is no client of the franchise's: the row names no one, and never shows the address.
    expect(push.data.map((m: { recipient: string }) => m.recipient)).toEqual([null])
    const search = (await get(url(dupontId, '?search=611110'))).json()
    expect(search.data.map((m: { origin: string }) => m.origin)).toEqual(['scanConfirmation'])
    const second = (await get(url(dupontId, '?size=2&page=2'))).json()
    expect(second.metadata).toEqual({ page: 2, size: 2, total: 5 })
    expect(second.data).toHaveLength(2)
    const other = (await get(url(dupontId, '?campaignId=00000000-0000-4000-8000-000000000000'))).json()
    expect(other.metadata.total).toBe(0)
    // A search is text, never a pattern.
    expect((await get(url(dupontId, '?search=%25'))).json().metadata.total).toBe(0)
  })

  it('refuses a bad filter with 400 naming it', async () => {
    for (const [query, field] of [
      ['?channel=email', 'channel'],
      ['?campaignId=nope', 'campaignId'],
      ['?size=1000', 'size'],
    ]) {
      const res = await get(url(dupontId, query))
      expect(res.statusCode).toBe(400)
      expect(res.json().details).toMatchObject({ field })
    }
  })

  it('another franchise is not found; a store owner is refused; a guest is not signed in', async () => {
    const foreign = await get(url(bagelsId))
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('FRANCHISE_NOT_FOUND')
    const bagels = await loginAs(t.app, 'bagels@demo.test')
    expect((await get(url(bagelsId), bagels)).json().data.map((m: { body: string }) => m.body)).toEqual([
      'Bagels: +5 points',
    ])
    expect((await get(url(dupontId), bagels)).statusCode).toBe(404)
    const storeOwner = await loginAs(t.app, 'store@demo.test')
    expect((await get(url(dupontId), storeOwner)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: url(dupontId) })).statusCode).toBe(401)
  })

  // Issue 34: the filter looked for `campaign:<id>:` keys, while an automation's sends carry
  // `automation:…` and a reminder's `expiry-reminder:…`: both showed 0 messages.
  it('filters by an automation and by the points expiry reminders, across their runs', async () => {
    const db = t.database.db
    const w = fakeWorkers(db)
    const birthday = await addAutomation(db, dupontId, 'BIRTHDAY', {
      isActive: true,
      title: 'Joyeux anniversaire',
      lastRunDay: '2026-11-23',
    })
    await addClient(db, dupontId, { birthDate: '1990-11-24' })
    await w.runDay(dupontId, TUESDAY_10H)
    // A points expiry reminder: a campaign of the expiry setting's, its recipients keyed as
    // expiry-run.ts keys them, sent by the engine.
    await setExpiry(db, dupontId, 'INACTIVITY', 12, { message: 'Vos points expirent bientôt' })
    const [settings] = await db
      .select({ id: pointsExpirySettings.id })
      .from(pointsExpirySettings)
      .where(eq(pointsExpirySettings.franchiseId, dupontId))
    const reminder = await addCampaign(db, dupontId, {
      name: 'Points expiry 2026-11-24',
      type: 'POINTS_EXPIRY',
      automationId: settings!.id,
      message: 'Vos points expirent bientôt',
      frozenAt: TUESDAY_10H,
    })
    const lapsing = await addClient(db, dupontId, {})
    await db.insert(campaignRecipients).values({
      campaignId: reminder.id,
      clientId: lapsing.id,
      franchiseId: dupontId,
      channel: 'SMS',
      address: lapsing.phone!,
      dedupeKey: `expiry-reminder:${lapsing.id}:inactive:2026-11-26`,
    })
    const deps = { db, channels: LOCAL_CHANNELS, now: () => TUESDAY_10H, sleep: async () => {} }
    expect(await runDispatch(deps, reminder.id)).toEqual({ kind: 'sent' })
    const sentWith = async (prefix: string) =>
      (
        await db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.franchiseId, dupontId), like(outbox.dedupeKey, `${prefix}%`)))
      ).length
    const birthdays = await sentWith(`automation:${birthday.id}:`)
    const reminders = await sentWith('expiry-reminder:')
    expect(birthdays).toBeGreaterThan(0)
    expect(reminders).toBeGreaterThan(0)

    const page = (await get(url(dupontId, '?size=100'))).json()
    // The filter offers each automation once (not each daily run) and the reminders.
    expect(page.campaigns).toEqual(
      expect.arrayContaining([
        { id: birthday.id, name: 'Joyeux anniversaire', kind: 'automation' },
        { id: settings!.id, name: 'Points expiry', kind: 'pointsExpiry' },
      ]),
    )
    expect(page.campaigns.filter((c: { name: string }) => c.name.startsWith('Points expiry 2'))).toEqual([])

    const byBirthday = (await get(url(dupontId, `?campaignId=${birthday.id}&size=100`))).json()
    expect(byBirthday.metadata.total).toBe(birthdays)
    for (const m of byBirthday.data)
      expect(m).toMatchObject({
        origin: 'automation',
        campaign: { id: birthday.id, name: 'Joyeux anniversaire' },
      })
    const byReminder = (await get(url(dupontId, `?campaignId=${settings!.id}&size=100`))).json()
    expect(byReminder.metadata.total).toBe(reminders)
    expect(byReminder.data.every((m: { origin: string }) => m.origin === 'pointsExpiry')).toBe(true)
  })

  // Issue 34: the owner read customers' one-time codes in full, so could prove their phones.
  // Issue 34: an erased client's SMS row showed the erasure's mark, "erased", as its recipient.
  it("shows no recipient for an erased client's message, as for a deleted one", async () => {
    const [row] = await t.database.db
      .insert(outbox)
      .values({ franchiseId: dupontId, channel: 'sms', recipient: ERASED_MARK, body: '', status: 'SENT' })
      .returning()
    const res = await get(url(dupontId, '?channel=sms&size=100'))
    expect(res.json().data.find((m: { id: string }) => m.id === row!.id)).toMatchObject({ recipient: null })
  })

  it('masks one-time codes in the reply, not only on the screen', async () => {
    const db = t.database.db
    let code = ''
    await sendPhoneCode(db, createSms({}), {
      purpose: 'emarketing',
      scopeId: dupontId,
      phone: '+33699990000',
      franchiseId: dupontId,
      text: (c) => {
        code = c
        return `Maison Dupont: your code is ${c}`
      },
    })
    const res = await get(url(dupontId, '?search=699990000'))
    expect(code).toMatch(/^\d{6}$/)
    expect(res.body).not.toContain(code)
    expect(res.json().data).toEqual([
      expect.objectContaining({
        origin: 'phoneCode',
        body: `Maison Dupont: your code is ${MASKED_CODE}`,
      }),
    ])
  })

  // Issue 34: a push's row showed the address it went to, its client's id (a UUID), as the recipient.
  it('names the client a push went to, never its app address, and finds it by that name', async () => {
    const db = t.database.db
    const app = { appLastUsedAt: new Date() }
    const zoe = await addClient(db, dupontId, { firstName: 'Zoé', lastName: 'Martin', ...app })
    const nameless = await addClient(db, dupontId, { firstName: '', phone: '+33655550000', ...app })
    const campaign = await addCampaign(db, dupontId, { name: 'Happy push', channel: 'PUSH', title: 'Hi' })
    const deps = { db, channels: LOCAL_CHANNELS, now: () => TUESDAY_10H, sleep: async () => {} }
    expect(await runDispatch(deps, campaign.id)).toEqual({ kind: 'sent' })
    // The engine wrote the pushes to the clients' ids, as a provider gets them.
    const [sent] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `campaign:${campaign.id}:${zoe.id}`))
    expect(sent).toMatchObject({ channel: 'push', recipient: zoe.id })

    const res = await get(url(dupontId, `?campaignId=${campaign.id}&size=100`))
    const rows: { channel: string; recipient: string | null }[] = res.json().data
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.every((m) => m.channel === 'push')).toBe(true)
    const recipients = rows.map((m) => m.recipient)
    expect(recipients).toEqual(expect.arrayContaining(['Zoé Martin', '+33655550000']))
    // A client without a name reads as its phone, as its SMS would; no row shows an id.
    expect(recipients.filter((r) => !r || /^[0-9a-f]{8}-/i.test(r))).toEqual([])
    expect(res.body).not.toContain(zoe.id)
    expect(res.body).not.toContain(nameless.id)

    const found = (await get(url(dupontId, `?channel=push&search=${encodeURIComponent('oé Mart')}`))).json()
    expect(found.data.map((m: { recipient: string }) => m.recipient)).toEqual(['Zoé Martin'])
    expect((await get(url(dupontId, `?search=${zoe.id.slice(0, 8)}`))).json().metadata.total).toBe(0)
  })
})
