// The campaign API (issue 18, SPEC §4, §5, §7), saving: create and schedule with the §5 rules naming the
// field, the SMS text, sender id and subscription, staff acting for the merchant, a store owner's scope,
// foreign ids. The lifecycle after saving is tests/server/campaign-lifecycle.test.ts; dispatch through
// pg-boss is tests/server/campaign-jobs.test.ts.
import { eq } from 'drizzle-orm'
import { assert } from 'superstruct'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Campaign, Campaign as CampaignShape } from '../../src/domain/campaign-contract'
import { franchises, users } from '../../src/server/db/schema'
import {
  type CampaignApiWorld,
  campaignApiWorld,
  type Method,
  nextDay,
  UNKNOWN,
} from '../support/campaign-api'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('campaign API: saving on %s', (kind) => {
  type W = CampaignApiWorld
  let t: W['t']
  let owner: W['owner']
  let storeOwner: W['storeOwner']
  let admin: W['admin']
  let bagels: W['bagels']
  let fid: W['fid']
  let ownerId: W['ownerId']
  let storeOwnerId: W['storeOwnerId']
  let adminId: W['adminId']
  let bagelsFid: W['bagelsFid']
  let mine: W['mine']
  let other: W['other']
  let call: W['call']
  let body: W['body']
  let create: W['create']
  let created: W['created']
  let expect400: W['expect400']
  beforeAll(async () => {
    ;({
      t,
      owner,
      storeOwner,
      admin,
      bagels,
      fid,
      ownerId,
      storeOwnerId,
      adminId,
      bagelsFid,
      mine,
      other,
      call,
      body,
      create,
      created,
      expect400,
    } = await campaignApiWorld(kind))
  }, 120_000)
  afterAll(() => t?.close())

  it('creates a campaign sent now: VALID, queued, with its author and progress', async () => {
    const c = await created(body({}, { notification: { title: 'Soldes', message: 'Hello', link: '' } }))
    expect(c).toMatchObject({
      franchiseId: fid,
      userId: ownerId,
      state: 'VALID',
      dispatchStatus: 'QUEUED',
      displayStatus: 'in progress',
      isScheduled: false,
      isSent: false,
      startTime: null,
      author: { id: ownerId, name: 'Camille Dupont' },
      progress: { pending: 0, sent: 0 },
      communicationCampaign: { name: 'Soldes d’hiver', notification: { link: null, imageUrl: null } },
    })
    expect(Math.abs(Date.parse(c.startDate!) - Date.now())).toBeLessThan(60_000)
    const read = await call(owner, 'GET', `/api/v2/communication-campaigns/${c.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual(c)
    // The answers are the wire contract's shapes (the screens check them with the same structs).
    assert(c, CampaignShape)
  })

  it('schedules a campaign at a wall-clock time of the franchise (Paris)', async () => {
    const day = nextDay()
    const c = await created(body({ startTime: { date: day, hour: '10:30' } }, { isScheduled: true }))
    expect(c).toMatchObject({
      isScheduled: true,
      displayStatus: 'scheduled',
      startTime: { date: day, hour: '10:30' },
    })
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
    })
    expect(local.format(new Date(c.startDate!))).toBe('10:30')
  })

  it('answers 400 naming the field for each §5 rule', async () => {
    expect400(await create({ ...body(), channel: 'MAIL' }), 'channel')
    expect400(await create(body({}, { name: '' })), 'communicationCampaign.name')
    expect400(
      await create(body({}, { campaignFilters: { minAge: 40, maxAge: 30 } })),
      'communicationCampaign.campaignFilters.minAge',
    )
    expect400(
      await create(body({}, { campaignFilters: { minNbPassageTransactions: 2 } })),
      'communicationCampaign.campaignFilters.startPassageDate',
    )
    expect400(
      await create(body({}, { campaignFilters: { wholeFranchise: true, storeIds: [mine] } })),
      'communicationCampaign.campaignFilters.storeIds',
    )
    expect400(await create(body({}, { isScheduled: true })), 'startTime')
    expect400(
      await create(body({ startTime: { date: nextDay(), hour: '20:00' } }, { isScheduled: true })),
      'startTime.hour',
    )
    expect400(
      await create(body({ startTime: { date: nextDay(), hour: '07:59' } }, { isScheduled: true })),
      'startTime.hour',
    )
    expect400(
      await create(body({ startTime: { date: '2020-03-03', hour: '10:00' } }, { isScheduled: true })),
      'startTime',
    )
    expect400(await create(body({ endDate: '2020-01-01' })), 'endDate')
    expect400(await create(body({ content: 'COUPON_PERCENT' })), 'coupon')
    const coupon = { type: 'percentage', value: 150, header: '-150%', validity: { value: 2, unit: 'weeks' } }
    expect400(await create(body({ content: 'COUPON_PERCENT', coupon })), 'coupon.value')
    expect400(
      await create(body({ content: 'COUPON_AMOUNT', coupon: { ...coupon, value: 20 } })),
      'coupon.type',
    )
    expect400(await create(body({ coupon: { ...coupon, value: 20 } })), 'coupon')
    expect400(
      await create(body({}, { notification: { title: 'x', message: 'x', link: 'javascript:alert(1)' } })),
      'communicationCampaign.notification.link',
    )
    expect400(await create(body({ userId: storeOwnerId })), 'userId')
    expect400(await create(body({ userId: UNKNOWN })), 'userId')
    expect((await create(body({ newsId: UNKNOWN }))).statusCode).toBe(404)
    // A valid coupon campaign goes through.
    const ok = await created(body({ content: 'COUPON_PERCENT', coupon: { ...coupon, value: 15 } }))
    expect(ok.coupon).toMatchObject({ type: 'percentage', value: 15, header: '-150%' })
  })

  it('checks the SMS text: emoji and length name the characters and positions', async () => {
    const sms = (message: string, link?: string) =>
      create(body({ channel: 'SMS' }, { notification: { title: '', message, ...(link ? { link } : {}) } }))
    const emoji = await sms('Soldes 😀 demain')
    expect(emoji.statusCode).toBe(400)
    expect(emoji.json()).toMatchObject({
      code: 'SMS_TEXT_NOT_VALID',
      details: { field: 'communicationCampaign.notification.message', emoji: [{ char: '😀', position: 7 }] },
    })
    // 136 GSM-7 characters and the opt-out mention fit; the link pushes them past 160.
    const long = 'a'.repeat(136)
    expect((await sms(long)).statusCode).toBe(201)
    const tooLong = await sms(long, 'https://dupont.example/soldes')
    expect(tooLong.json()).toMatchObject({
      code: 'SMS_TEXT_NOT_VALID',
      details: { limit: 160, encoding: 'GSM-7' },
    })
    // A character outside GSM-7 makes it UCS-2 (70): named with its position.
    const ucs = await sms(`${'b'.repeat(60)} ţ`)
    expect(ucs.json()).toMatchObject({
      details: { encoding: 'UCS-2', limit: 70, nonGsm: [{ char: 'ţ', position: 61 }] },
    })
    expect(ucs.json().message).toContain('"ţ" at 61')
  })

  it('refuses an SMS campaign of a franchise whose sender id is not valid (SENDER_ID_NOT_VALID)', async () => {
    const db = t.database.db
    await db.update(franchises).set({ senderId: 'POLICE' }).where(eq(franchises.id, fid))
    try {
      const res = await create(body({ channel: 'SMS' }))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'SENDER_ID_NOT_VALID',
        details: { reason: 'SENDER_ID_NOT_ALLOWED' },
      })
      // Push needs no sender id.
      expect((await create(body())).statusCode).toBe(201)
    } finally {
      await db.update(franchises).set({ senderId: 'DUPONT' }).where(eq(franchises.id, fid))
    }
  })

  it('needs the merchant’s subscription for SMS (403 SUBSCRIPTION_REQUIRED), staff acting included', async () => {
    const db = t.database.db
    await db.update(users).set({ isSubscribedRetailer: false }).where(eq(users.id, ownerId))
    try {
      for (const token of [admin, storeOwner]) {
        const userId = token === admin ? ownerId : storeOwnerId
        const res = await create(body({ channel: 'SMS', userId }), token)
        expect(res.statusCode, res.body).toBe(403)
        expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED')
      }
      // Push is not SMS.
      expect((await create(body({ userId: ownerId }), admin)).statusCode).toBe(201)
    } finally {
      await db.update(users).set({ isSubscribedRetailer: true }).where(eq(users.id, ownerId))
    }
    expect((await create(body({ channel: 'SMS', userId: ownerId }), admin)).statusCode).toBe(201)
    // Staff create for the merchant: the author is the merchant, never the staff member.
    expect400(await create(body({ userId: adminId }), admin), 'userId')
  })

  it('lets staff act as the merchant through an impostor token: the merchant is the author', async () => {
    const enc = await call(admin, 'POST', '/api/v2/token/encode', { userId: ownerId, impostorId: adminId })
    expect(enc.statusCode, enc.body).toBe(200)
    const impostor = enc.json().id as string
    const c = await created(body({ channel: 'SMS' }), impostor)
    expect(c).toMatchObject({ userId: ownerId, author: { id: ownerId } })
    expect400(await create(body({ userId: adminId }), impostor), 'userId')
  })

  it('keeps a store owner to its own stores', async () => {
    const c = await created(body({ userId: storeOwnerId }), storeOwner)
    expect(c.communicationCampaign.campaignFilters.storeIds).toEqual([mine])
    const foreign = await create(
      body({ userId: storeOwnerId }, { campaignFilters: { storeIds: [other] } }),
      storeOwner,
    )
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({
      code: 'STORE_NOT_FOUND',
      details: { field: 'communicationCampaign.campaignFilters.storeIds' },
    })
    const whole = await create(
      body({ userId: storeOwnerId }, { campaignFilters: { wholeFranchise: true } }),
      storeOwner,
    )
    expect(whole.statusCode).toBe(403)
    // The franchise owner's franchise-wide campaign is not the store owner's.
    const wide = await created(body())
    expect((await call(storeOwner, 'GET', `/api/v2/communication-campaigns/${wide.id}`)).json().code).toBe(
      'COMMUNICATION_CAMPAIGN_NOT_FOUND',
    )
    expect(
      (await call(storeOwner, 'PATCH', `/api/v2/communication-campaigns/${wide.id}/cancel`)).statusCode,
    ).toBe(404)
    const history = await call(
      storeOwner,
      'GET',
      `/api/v2/franchises/${fid}/communication-campaigns?size=100`,
    )
    expect(history.statusCode).toBe(200)
    const items = history.json().items as Campaign[]
    expect(items.map((i) => i.id)).toContain(c.id)
    expect(
      items.every((i) => i.communicationCampaign.campaignFilters.storeIds?.every((s) => s === mine)),
    ).toBe(true)
    // Its audience: its own store's clients.
    const cost = await call(
      storeOwner,
      'POST',
      `/services/v2/franchises/${fid}/communication-campaigns/cost`,
      {
        channel: 'SMS',
        campaignFilters: {},
      },
    )
    expect(cost.json()).toEqual({ totalPrice: 0.4, nbUsers: 5, unitPrice: 0.08 })
  })

  it('answers 404 for unknown and foreign ids', async () => {
    const c = await created(body())
    for (const [method, url, payload] of [
      ['GET', `/api/v2/communication-campaigns/${c.id}`],
      ['GET', `/api/v2/communication-campaigns/${c.id}/recipients`],
      ['PUT', `/api/v2/communication-campaigns/${c.id}`, body({ userId: UNKNOWN })],
      ['PATCH', `/api/v2/communication-campaigns/${c.id}/cancel`],
      ['PATCH', `/api/v2/communication-campaigns/${c.id}/pause`],
      ['PATCH', `/api/v2/communication-campaigns/${c.id}/resume`],
      ['POST', `/services/v2/franchises/${fid}/communication-campaigns/${c.id}/send`],
    ] as [Method, string, unknown?][]) {
      const res = await call(bagels, method, url, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().code).toBe('COMMUNICATION_CAMPAIGN_NOT_FOUND')
    }
    expect((await call(owner, 'GET', `/api/v2/communication-campaigns/${UNKNOWN}`)).statusCode).toBe(404)
    // The campaign named under another franchise.
    const send = await call(
      owner,
      'POST',
      `/services/v2/franchises/${bagelsFid}/communication-campaigns/${c.id}/send`,
    )
    expect(send.statusCode).toBe(404)
    for (const [method, url, payload] of [
      ['POST', `/api/v2/franchises/${fid}/communication-campaigns`, body()],
      ['GET', `/api/v2/franchises/${fid}/communication-campaigns`],
      [
        'POST',
        `/services/v2/franchises/${fid}/communication-campaigns/cost`,
        { channel: 'SMS', campaignFilters: {} },
      ],
      [
        'POST',
        `/api/v2/franchises/${fid}/communication-campaigns/notified-users`,
        { channel: 'SMS', campaignFilters: {} },
      ],
    ] as [Method, string, unknown][]) {
      const res = await call(bagels, method, url, payload)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json().code).toBe('FRANCHISE_NOT_FOUND')
    }
    expect400(await call(owner, 'GET', '/api/v2/communication-campaigns/not-an-id'), 'id')
  })
})
