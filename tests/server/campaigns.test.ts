// The campaign API (issue 18, SPEC §4, §5, §7): create and edit with the §5 rules naming the field,
// the cost and notified users of filters, send, pause, resume, cancel, detail, recipients, history;
// foreign ids, a store owner's scope, staff acting for the merchant, the subscription and sender id.
// The job queue is off here: dispatch through pg-boss is tests/server/campaign-jobs.test.ts.
import { and, eq, sql } from 'drizzle-orm'
import { assert } from 'superstruct'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Campaign,
  CampaignCost,
  CampaignPage,
  Campaign as CampaignShape,
  NotifiedUserPage,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import { campaignRecipients, campaigns, clientStores, franchises, users } from '../../src/server/db/schema'
import { freezeAudience } from '../../src/server/services/campaign-dispatch'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addClients, franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'

/** Tomorrow in Paris, a weekday far enough ahead to be in the future whatever the hour. */
const nextDay = (days = 2) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe.each(databaseKinds())('campaign API on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let admin: string
  let bagels: string
  let fid: string
  let ownerId: string
  let storeOwnerId: string
  let adminId: string
  let bagelsFid: string
  let mine: string // the store owner's store
  let other: string
  const N = 12 // SMS-reachable Dupont clients, 5 of them linked to the store owner's store

  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    })

  const body = (over: Record<string, unknown> = {}, cc: Record<string, unknown> = {}) => ({
    userId: ownerId,
    channel: 'PUSH',
    content: 'NEWS',
    ...over,
    communicationCampaign: {
      name: 'Soldes d’hiver',
      type: 'MANUAL_CAMPAIGN',
      notification: { title: 'Soldes', message: 'Soldes -20% ce week-end' },
      isScheduled: false,
      campaignFilters: {},
      ...cc,
    },
  })
  const create = (payload: unknown, token = owner, franchise = fid) =>
    call(token, 'POST', `/api/v2/franchises/${franchise}/communication-campaigns`, payload)
  const created = async (payload: unknown, token = owner): Promise<Campaign> => {
    const res = await create(payload, token)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const expect400 = (
    res: { statusCode: number; body: string; json(): { details?: { field?: string } } },
    field: string,
  ) => {
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().details?.field).toBe(field)
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    ;[owner, storeOwner, admin, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'admin@demo.test', 'bagels@demo.test'].map((e) =>
        loginAs(t.app, e),
      ),
    )) as [string, string, string, string]
    const db = t.database.db
    const f = await franchiseNamed(db, 'Maison Dupont')
    fid = f.id
    ownerId = f.userId!
    bagelsFid = (await franchiseNamed(db, 'Brooklyn Bagels')).id
    const ids = Object.fromEntries(
      (await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]),
    )
    storeOwnerId = ids['store@demo.test']!
    adminId = ids['admin@demo.test']!
    const [link] = await db
      .execute(sql`select store_id from store_owners where user_id = ${storeOwnerId}`)
      .then((r) => (r as unknown as { rows: { store_id: string }[] }).rows)
    mine = link!.store_id
    const [o] = await db
      .execute(sql`select id from stores where franchise_id = ${fid} and id <> ${mine} limit 1`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows)
    other = o!.id
    const clientIds = await addClients(db, fid, N)
    await db
      .insert(clientStores)
      .values(clientIds.slice(0, 5).map((clientId) => ({ franchiseId: fid, clientId, storeId: mine })))
    await db
      .insert(clientStores)
      .values(clientIds.slice(5).map((clientId) => ({ franchiseId: fid, clientId, storeId: other })))
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
    expect400(await create(body({ newsId: UNKNOWN })), 'newsId')
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

  it('prices an audience: SMS 0.08 EUR each, push free, none found is a 404', async () => {
    const cost = (payload: unknown) =>
      call(owner, 'POST', `/services/v2/franchises/${fid}/communication-campaigns/cost`, payload)
    assert((await cost({ channel: 'SMS', campaignFilters: {} })).json(), CampaignCost)
    expect((await cost({ channel: 'SMS', campaignFilters: {} })).json()).toEqual({
      totalPrice: 0.96,
      nbUsers: N,
      unitPrice: 0.08,
    })
    expect((await cost({ channel: 'PUSH', campaignFilters: { storeIds: [other] } })).json()).toEqual({
      totalPrice: 0,
      nbUsers: N - 5,
      unitPrice: 0,
    })
    const none = await cost({ channel: 'SMS', campaignFilters: { zipOrPostcodes: ['99999'] } })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toMatchObject({
      code: 'NO_USER_FOUND_WITH_THESE_FILTERS',
      message: 'No user found with these filters',
    })
    expect400(
      await cost({ channel: 'SMS', campaignFilters: { minLoyaltyPoints: 9, maxLoyaltyPoints: 2 } }),
      'campaignFilters.minLoyaltyPoints',
    )
    expect400(await cost({ channel: 'SMS', campaignFilters: { minAge: -1 } }), 'campaignFilters.minAge')
    expect400(await cost({ campaignFilters: {} }), 'channel')
    const foreignStore = await call(
      bagels,
      'POST',
      `/services/v2/franchises/${bagelsFid}/communication-campaigns/cost`,
      {
        channel: 'SMS',
        campaignFilters: { storeIds: [mine] },
      },
    )
    expect(foreignStore.json()).toMatchObject({
      code: 'STORE_NOT_FOUND',
      details: { field: 'campaignFilters.storeIds' },
    })
  })

  it('pages the notified users', async () => {
    const url = `/api/v2/franchises/${fid}/communication-campaigns/notified-users`
    const first = await call(owner, 'POST', `${url}?page=1&size=5`, { channel: 'SMS', campaignFilters: {} })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ page: 1, size: 5, total: N })
    expect(first.json().items).toHaveLength(5)
    assert(first.json(), NotifiedUserPage)
    expect(first.json().items[0]).toMatchObject({
      firstName: expect.stringMatching(/^Client/),
      phone: expect.stringMatching(/^\+3361/),
    })
    const third = await call(owner, 'POST', `${url}?page=3&size=5`, { channel: 'SMS', campaignFilters: {} })
    expect(third.json().items).toHaveLength(N - 10)
    expect400(await call(owner, 'POST', `${url}?size=0`, { channel: 'SMS', campaignFilters: {} }), 'size')
  })

  it('pauses and resumes a campaign, the circuit breaker’s pause included', async () => {
    const c = await created(body())
    const patch = (id: string, what: string, token = owner) =>
      call(token, 'PATCH', `/api/v2/communication-campaigns/${id}/${what}`)
    const paused = await patch(c.id, 'pause')
    expect(paused.json()).toMatchObject({
      dispatchStatus: 'PAUSED',
      pauseReason: 'MERCHANT',
      displayStatus: 'in progress',
    })
    expect((await patch(c.id, 'pause')).json().dispatchStatus).toBe('PAUSED')
    expect((await patch(c.id, 'resume')).json()).toMatchObject({
      dispatchStatus: 'QUEUED',
      pauseReason: null,
    })
    expect((await patch(c.id, 'resume')).json().dispatchStatus).toBe('QUEUED')
    // Paused by the breaker while sending (its audience frozen): resumed, it sends on.
    const db = t.database.db
    await db
      .update(campaigns)
      .set({ dispatch: 'PAUSED', pauseReason: 'PROVIDER_FAILING', frozenAt: new Date() })
      .where(eq(campaigns.id, c.id))
    expect((await call(owner, 'GET', `/api/v2/communication-campaigns/${c.id}`)).json().pauseReason).toBe(
      'PROVIDER_FAILING',
    )
    expect((await patch(c.id, 'resume')).json()).toMatchObject({
      dispatchStatus: 'SENDING',
      pauseReason: null,
    })
    await db.update(campaigns).set({ dispatch: 'SENT' }).where(eq(campaigns.id, c.id))
    expect((await patch(c.id, 'pause')).json().code).toBe('COMMUNICATION_CAMPAIGN_NOT_SENDING')
    expect((await patch(c.id, 'resume')).json().code).toBe('COMMUNICATION_CAMPAIGN_NOT_PAUSED')
  })

  it('cancels at once: pending recipients CANCELLED, the sent ones stay; answers the new state', async () => {
    const c = await created(body({ channel: 'SMS' }))
    const db = t.database.db
    await db.update(campaigns).set({ dispatch: 'SENDING' }).where(eq(campaigns.id, c.id))
    expect(await freezeAudience(db, c.id, new Date())).toBe(N)
    const some = await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, c.id))
      .limit(4)
    for (const r of some)
      await db
        .update(campaignRecipients)
        .set({ status: 'SENT', sentAt: new Date() })
        .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.clientId, r.clientId)))
    const res = await call(owner, 'PATCH', `/api/v2/communication-campaigns/${c.id}/cancel`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      state: 'CANCELLED',
      dispatchStatus: 'CANCELLED',
      displayStatus: 'canceled',
      progress: { sent: 4, cancelled: N - 4, pending: 0 },
    })
    // Again: the same answer; and a cancelled campaign is neither edited nor sent.
    expect((await call(owner, 'PATCH', `/api/v2/communication-campaigns/${c.id}/cancel`)).json().state).toBe(
      'CANCELLED',
    )
    expect(
      (await call(owner, 'PUT', `/api/v2/communication-campaigns/${c.id}`, body({ channel: 'SMS' }))).json()
        .code,
    ).toBe('COMMUNICATION_CAMPAIGN_CANCELLED')
    expect(
      (await call(owner, 'POST', `/services/v2/franchises/${fid}/communication-campaigns/${c.id}/send`))
        .statusCode,
    ).toBe(409)
    const recipients = await call(
      owner,
      'GET',
      `/api/v2/communication-campaigns/${c.id}/recipients?status=SENT&size=2`,
    )
    expect(recipients.json()).toMatchObject({ total: 4, page: 1, size: 2 })
    assert(recipients.json(), RecipientPage)
    expect(recipients.json().items[0]).toMatchObject({
      status: 'SENT',
      address: expect.stringMatching(/^\+3361/),
      error: null,
    })
    expect400(
      await call(owner, 'GET', `/api/v2/communication-campaigns/${c.id}/recipients?status=LOST`),
      'status',
    )
  })

  it('edits a campaign not yet sent; a sent one keeps its start and its audience', async () => {
    const day = nextDay(3)
    const c = await created(body({ startTime: { date: day, hour: '09:00' } }, { isScheduled: true }))
    const put = (id: string, payload: unknown) =>
      call(owner, 'PUT', `/api/v2/communication-campaigns/${id}`, payload)
    const moved = await put(
      c.id,
      body({ startTime: { date: day, hour: '11:15' } }, { isScheduled: true, name: 'Renamed' }),
    )
    expect(moved.json()).toMatchObject({
      startTime: { date: day, hour: '11:15' },
      communicationCampaign: { name: 'Renamed' },
    })
    // Unscheduled on edit: sent now.
    const now = await put(c.id, body())
    expect(now.json()).toMatchObject({
      isScheduled: false,
      dispatchStatus: 'QUEUED',
      displayStatus: 'in progress',
    })
    // Sent: the text may change, nothing else moves.
    const db = t.database.db
    await db
      .update(campaigns)
      .set({ dispatch: 'SENT', frozenAt: new Date(), sentAt: new Date() })
      .where(eq(campaigns.id, c.id))
    const before = (await call(owner, 'GET', `/api/v2/communication-campaigns/${c.id}`)).json() as Campaign
    const edited = await put(
      c.id,
      body({ startTime: { date: day, hour: '15:00' } }, { isScheduled: true, name: 'After' }),
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({
      dispatchStatus: 'SENT',
      isSent: true,
      startDate: before.startDate,
      isScheduled: false,
      communicationCampaign: { name: 'After' },
    })
    const refiltered = await put(c.id, body({}, { campaignFilters: { minAge: 30 } }))
    expect(refiltered.statusCode).toBe(409)
    expect(refiltered.json()).toMatchObject({
      code: 'COMMUNICATION_CAMPAIGN_ALREADY_SENT',
      details: { field: 'communicationCampaign.campaignFilters' },
    })
    expect((await put(c.id, body({ channel: 'SMS' }))).json().details.field).toBe('channel')
    // Sending it again changes nothing.
    const again = await call(
      owner,
      'POST',
      `/services/v2/franchises/${fid}/communication-campaigns/${c.id}/send`,
    )
    expect(again.json()).toMatchObject({ dispatchStatus: 'SENT', startDate: before.startDate })
  })

  it('sends a scheduled campaign now through the send call', async () => {
    const c = await created(body({ startTime: { date: nextDay(4), hour: '10:00' } }, { isScheduled: true }))
    const sent = await call(
      owner,
      'POST',
      `/services/v2/franchises/${fid}/communication-campaigns/${c.id}/send`,
    )
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({
      isScheduled: false,
      dispatchStatus: 'QUEUED',
      displayStatus: 'in progress',
    })
    expect(Math.abs(Date.parse(sent.json().startDate) - Date.now())).toBeLessThan(60_000)
  })

  it('pages the history with status, channel and period filters and its figures', async () => {
    const url = `/api/v2/franchises/${fid}/communication-campaigns`
    const all = await call(owner, 'GET', `${url}?size=100`)
    expect(all.statusCode).toBe(200)
    const page = all.json()
    expect(page.total).toBe(page.items.length)
    assert(page, CampaignPage)
    expect(page.items[0]).toMatchObject({
      notified: expect.any(Number),
      openedPercent: 0,
      conversionPercent: 0,
      turnoverCents: 0,
    })
    const starts = page.items.map((i: Campaign) => i.startDate ?? '')
    expect([...starts].sort().reverse()).toEqual(starts)
    const cancelled = (await call(owner, 'GET', `${url}?status=canceled`)).json()
    expect(cancelled.items.length).toBeGreaterThan(0)
    expect(cancelled.items.every((i: Campaign) => i.displayStatus === 'canceled')).toBe(true)
    expect(cancelled.items[0].notified).toBe(4)
    for (const status of ['scheduled', 'in progress', 'finished'])
      for (const i of (
        await call(owner, 'GET', `${url}?status=${encodeURIComponent(status)}&size=100`)
      ).json().items)
        expect(i.displayStatus).toBe(status)
    const sms = (await call(owner, 'GET', `${url}?channel=SMS&size=100`)).json()
    expect(sms.items.length).toBeGreaterThan(0)
    expect(sms.items.every((i: Campaign) => i.channel === 'SMS')).toBe(true)
    expect((await call(owner, 'GET', `${url}?from=2020-01-01&to=2020-12-31`)).json().total).toBe(0)
    const small = (await call(owner, 'GET', `${url}?page=2&size=3`)).json()
    expect(small).toMatchObject({ page: 2, size: 3, total: page.total })
    expect(small.items.map((i: Campaign) => i.id)).toEqual(page.items.slice(3, 6).map((i: Campaign) => i.id))
    expect400(await call(owner, 'GET', `${url}?status=done`), 'status')
    expect400(await call(owner, 'GET', `${url}?from=2020-02-31`), 'from')
  })
})
