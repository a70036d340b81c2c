// The campaign API (issue 18, SPEC §7), after saving: the cost and notified users of filters, pause,
// resume, cancel, edit before and after the send, the send call, recipients and the history.
import { and, eq } from 'drizzle-orm'
import { assert } from 'superstruct'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Campaign,
  CampaignCost,
  CampaignPage,
  NotifiedUserPage,
  RecipientPage,
} from '../../src/domain/campaign-contract'
import { campaignRecipients, campaigns } from '../../src/server/db/schema'
import { freezeAudience } from '../../src/server/services/campaign-dispatch'
import { type CampaignApiWorld, campaignApiWorld, N, nextDay } from '../support/campaign-api'
import { databaseKinds } from '../support/database'

describe.each(databaseKinds())('campaign API: lifecycle on %s', (kind) => {
  type W = CampaignApiWorld
  let t: W['t']
  let owner: W['owner']
  let bagels: W['bagels']
  let fid: W['fid']
  let bagelsFid: W['bagelsFid']
  let mine: W['mine']
  let other: W['other']
  let call: W['call']
  let body: W['body']
  let created: W['created']
  let expect400: W['expect400']
  beforeAll(async () => {
    ;({ t, owner, bagels, fid, bagelsFid, mine, other, call, body, created, expect400 } =
      await campaignApiWorld(kind))
  }, 120_000)
  afterAll(() => t?.close())

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
