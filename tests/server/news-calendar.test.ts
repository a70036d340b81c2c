// The offers calendar (issue 19): news, happy hours as daily slots, offers' expiry days and scheduled
// campaigns per store, a campaign shown at the moment it really goes out, unpublished news marked.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/news'
import { campaigns, loyaltyOffers, news } from '../../src/server/db/schema'
import { databaseKinds } from '../support/database'
import { addListedNews, addStoreCard, type NewsWorld, newsWorld } from '../support/news-world'

describe.each(databaseKinds())('news calendar on %s', (kind) => {
  let w: NewsWorld

  beforeAll(async () => {
    w = await newsWorld(kind)
    await addListedNews(w)
  })
  afterAll(() => w?.t.close())

  it('the calendar lists news, happy hours as daily slots and offers’ expiry days, per store', async () => {
    const card = await addStoreCard(w)
    // 23:30 UTC on the day before is already that day in Paris.
    const expiry = addDays(w.today, 2)
    await w.t.database.db.insert(loyaltyOffers).values({
      franchiseId: w.fid,
      loyaltyModelId: card.id,
      name: 'Café offert',
      description: 'Un café offert.',
      redeemPointAmount: 10,
      type: 'PRODUCT',
      expiresAt: new Date(`${addDays(expiry, -1)}T23:30:00Z`),
    })
    // A campaign scheduled for `mine` the day after tomorrow at 10:00 Paris; a cancelled one is not shown.
    const startAt = new Date(`${addDays(w.today, 2)}T09:00:00Z`)
    const campaign = {
      franchiseId: w.fid,
      type: 'MANUAL_CAMPAIGN',
      content: 'NEWS',
      channel: 'PUSH',
      message: 'Soldes',
      state: 'VALID',
      dispatch: 'QUEUED',
      isScheduled: true,
      startAt,
      filters: { storeIds: [w.mine] },
    }
    await w.t.database.db.insert(campaigns).values([
      { ...campaign, name: 'C-scheduled' },
      { ...campaign, name: 'C-cancelled', state: 'CANCELLED', dispatch: 'CANCELLED' },
    ])
    const from = addDays(w.today, -5)
    const to = addDays(w.today, 5)
    const res = await w.call(w.owner, 'GET', `/api/v2/franchises/${w.fid}/calendar?from=${from}&to=${to}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ timezone: 'Europe/Paris', today: w.today, from, to })
    const kinds = (name: string) => body.events.filter((e: { title: string }) => e.title === name)
    expect(kinds('S-published')[0]).toMatchObject({
      kind: 'happy-hour',
      startTime: '18:00',
      endTime: '20:00',
    })
    expect(kinds('Café offert')).toEqual([
      expect.objectContaining({
        kind: 'offer-expiry',
        startDate: expiry,
        endDate: expiry,
        storeIds: [w.mine],
      }),
    ])
    expect(kinds('C-scheduled')).toEqual([
      expect.objectContaining({
        kind: 'campaign',
        startDate: addDays(w.today, 2),
        campaignStatus: 'scheduled',
        storeIds: [w.mine],
      }),
    ])
    expect(kinds('C-cancelled')).toEqual([])
    // Per store: `other` sees neither the card's offer nor `mine`'s items.
    const atOther = (
      await w.call(
        w.owner,
        'GET',
        `/api/v2/franchises/${w.fid}/calendar?from=${from}&to=${to}&storeId=${w.other}`,
      )
    ).json()
    expect(
      atOther.events.some((e: { title: string }) =>
        ['Café offert', 'S-published', 'C-scheduled'].includes(e.title),
      ),
    ).toBe(false)
    for (const q of [`from=${to}&to=${from}`, `from=${from}&to=${addDays(from, 62)}`, `from=x&to=${to}`]) {
      expect((await w.call(w.owner, 'GET', `/api/v2/franchises/${w.fid}/calendar?${q}`)).statusCode, q).toBe(
        400,
      )
    }
    expect(
      (await w.call(w.bagels, 'GET', `/api/v2/franchises/${w.fid}/calendar?from=${from}&to=${to}`))
        .statusCode,
    ).toBe(404)
  })

  it('the calendar puts a campaign at the moment it really goes out, and marks unpublished news', async () => {
    // Easter Sunday 2027 at 10:00 Paris, then Easter Monday (a public holiday in France): the engine
    // holds marketing SMS until Tuesday 08:00. A push is not held on quiet days.
    const startAt = new Date('2027-03-28T08:00:00Z')
    const campaign = {
      franchiseId: w.fid,
      type: 'MANUAL_CAMPAIGN',
      content: 'NEWS',
      message: 'Chasse aux œufs',
      state: 'VALID',
      dispatch: 'QUEUED',
      isScheduled: true,
      startAt,
      filters: {},
    }
    const [sms, push] = await w.t.database.db
      .insert(campaigns)
      .values([
        { ...campaign, name: 'Q-sms', channel: 'SMS' },
        { ...campaign, name: 'Q-push', channel: 'PUSH' },
      ])
      .returning()
    await w.t.database.db.insert(news).values({
      franchiseId: w.fid,
      name: 'Q-stopped',
      type: 'news',
      startDate: '2027-03-25',
      endDate: '2027-03-31',
      isStopped: true,
    })
    const res = await w.call(
      w.owner,
      'GET',
      `/api/v2/franchises/${w.fid}/calendar?from=2027-03-22&to=2027-04-04`,
    )
    expect(res.statusCode).toBe(200)
    const named = (name: string) => res.json().events.filter((e: { title: string }) => e.title === name)
    expect(named('Q-sms')).toEqual([
      expect.objectContaining({
        kind: 'campaign',
        startDate: '2027-03-30',
        startTime: '08:00',
        scheduledFor: { date: '2027-03-28', hour: '10:00' },
      }),
    ])
    expect(named('Q-push')).toEqual([
      expect.objectContaining({ startDate: '2027-03-28', startTime: '10:00', scheduledFor: null }),
    ])
    expect(named('Q-stopped')).toEqual([expect.objectContaining({ kind: 'news', status: 'unpublished' })])
    // A week that ends on the Sunday does not show it: it goes out the week after.
    const before = await w.call(
      w.owner,
      'GET',
      `/api/v2/franchises/${w.fid}/calendar?from=2027-03-22&to=2027-03-28`,
    )
    expect(before.json().events.some((e: { title: string }) => e.title === 'Q-sms')).toBe(false)
    // The detail says the same moment; the push goes out at its start.
    const detail = (id: string) => w.call(w.owner, 'GET', `/api/v2/communication-campaigns/${id}`)
    expect((await detail(sms!.id)).json()).toMatchObject({
      startDate: startAt.toISOString(),
      sendsAt: '2027-03-30T06:00:00.000Z',
    })
    expect((await detail(push!.id)).json().sendsAt).toBe(startAt.toISOString())
    await w.t.database.db.delete(campaigns).where(eq(campaigns.franchiseId, w.fid))
  })
})
