// A NEWS campaign's news (issue 19, SPEC §3 Campaign newsId, news, isNewsDifferentFromCampaign; §5 the
// limit of offers at once): created from the campaign's text or its own, linked to an existing item of
// its franchise and stores, kept by an edit, never replaced once sent; one or the other is required
// (NEWS_REQUIRED); foreign ids are 404s and a refused campaign leaves no news behind.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/news'
import { todayIn } from '../../src/domain/today'
import { campaigns, news } from '../../src/server/db/schema'
import { type CampaignApiWorld, campaignApiWorld, UNKNOWN } from '../support/campaign-api'
import { databaseKinds } from '../support/database'

const FLAT = { type: 'flat', value: 500, header: '5 €', validity: { value: 1, unit: 'weeks' } }

describe.each(databaseKinds())('campaign news on %s', (kind) => {
  let w: CampaignApiWorld
  // Far ahead: no seeded or other test's offer runs then.
  const day = (n: number) => addDays(todayIn('Europe/Paris'), 600 + n)
  const newsItem = (over: Record<string, unknown> = {}) => ({
    name: 'Menu d’hiver',
    type: 'news',
    description: 'La carte change',
    startDate: day(0),
    endDate: day(10),
    storeIds: [],
    ...over,
  })
  const postNews = async (payload: object, token = w.owner, franchise = w.fid) => {
    const res = await w.call(token, 'POST', `/api/v2/franchises/${franchise}/news`, payload)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: string }
  }
  const put = (id: string, payload: unknown, token = w.owner) =>
    w.call(token, 'PUT', `/api/v2/communication-campaigns/${id}`, payload)
  const newsCount = async () => (await w.t.database.db.select({ n: count() }).from(news))[0]!.n
  const campaignCount = async () => (await w.t.database.db.select({ n: count() }).from(campaigns))[0]!.n

  beforeAll(async () => {
    w = await campaignApiWorld(kind)
  }, 120_000)
  afterAll(() => w?.t.close())

  it("creates the news from the campaign's title and message, for the stores it targets", async () => {
    const c = await w.created(w.body({ news: { startDate: day(0), endDate: day(6) } }))
    expect(c).toMatchObject({
      isNewsDifferentFromCampaign: false,
      news: { title: 'Soldes', message: 'Soldes -20% ce week-end', startDate: day(0), endDate: day(6) },
    })
    const item = await w.call(w.owner, 'GET', `/api/v2/news/${c.newsId}`)
    expect(item.json()).toMatchObject({ name: 'Soldes', type: 'news', storeIds: [], status: 'upcoming' })
    // A store owner's campaign: the news is its store's.
    const mine = await w.created(
      w.body(
        { userId: w.storeOwnerId, news: { startDate: day(20), endDate: day(21) } },
        { campaignFilters: { storeIds: [w.mine] } },
      ),
      w.storeOwner,
    )
    const own = await w.call(w.storeOwner, 'GET', `/api/v2/news/${mine.newsId}`)
    expect(own.json()).toMatchObject({ storeIds: [w.mine], canEdit: true })
  })

  it('creates the news with its own text when isNewsDifferentFromCampaign', async () => {
    const payload = (title: string | null) =>
      w.body({
        isNewsDifferentFromCampaign: true,
        news: { title, message: 'Nouvelle carte', startDate: day(30), endDate: day(31) },
      })
    const before = await newsCount()
    w.expect400(await w.create(payload(null)), 'news.title')
    w.expect400(await w.create(w.body({ news: { startDate: day(31), endDate: day(30) } })), 'news.endDate')
    expect(await newsCount()).toBe(before)
    const c = await w.created(payload('La carte d’hiver'))
    expect(c).toMatchObject({
      isNewsDifferentFromCampaign: true,
      news: { title: 'La carte d’hiver', message: 'Nouvelle carte' },
      communicationCampaign: { notification: { title: 'Soldes' } },
    })
  })

  it('refuses a NEWS campaign without news with 400 NEWS_REQUIRED, nothing saved', async () => {
    const [news0, campaigns0] = [await newsCount(), await campaignCount()]
    for (const over of [{ newsId: undefined }, { newsId: null }, { newsId: null, news: null }]) {
      const res = await w.create(w.body(over))
      w.expect400(res, 'news')
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'NEWS_REQUIRED' } })
    }
    expect([await newsCount(), await campaignCount()]).toEqual([news0, campaigns0])
    // An edit of a campaign that has no news yet (made before the rule) must give it one too.
    const bare = await w.created(w.body({ content: 'COUPON_AMOUNT', coupon: FLAT }))
    await w.t.database.db.update(campaigns).set({ content: 'NEWS' }).where(eq(campaigns.id, bare.id))
    w.expect400(await put(bare.id, w.body({ newsId: undefined })), 'news')
    const fixed = await put(bare.id, w.body({}))
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(fixed.json()).toMatchObject({ newsId: w.fixtureNewsId })
  })

  it('links an existing news of its franchise and stores; foreign or hidden ids are 404', async () => {
    const item = await postNews(newsItem({ startDate: day(40), endDate: day(45) }))
    const c = await w.created(w.body({ newsId: item.id }))
    expect(c).toMatchObject({
      newsId: item.id,
      isNewsDifferentFromCampaign: true,
      news: { title: 'Menu d’hiver', startDate: day(40) },
    })
    const foreign = await postNews(newsItem({ startDate: day(40), endDate: day(41) }), w.bagels, w.bagelsFid)
    for (const id of [foreign.id, UNKNOWN]) {
      const res = await w.create(w.body({ newsId: id }))
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().code).toBe('NEWS_NOT_FOUND')
    }
    // The other store's news: hidden from the store owner, and not for a franchise-wide campaign.
    const theirs = await postNews(newsItem({ storeIds: [w.other], startDate: day(46), endDate: day(47) }))
    const hidden = await w.create(
      w.body({ userId: w.storeOwnerId, newsId: theirs.id }, { campaignFilters: { storeIds: [w.mine] } }),
      w.storeOwner,
    )
    expect(hidden.statusCode, hidden.body).toBe(404)
    w.expect400(await w.create(w.body({ newsId: theirs.id })), 'newsId')
    // Either a link or a new one; and only a NEWS campaign has one.
    w.expect400(
      await w.create(w.body({ newsId: item.id, news: { startDate: day(0), endDate: day(1) } })),
      'news',
    )
    const coupon = { type: 'percentage', value: 10, header: '-10%', validity: { value: 1, unit: 'weeks' } }
    w.expect400(await w.create(w.body({ content: 'COUPON_PERCENT', coupon, newsId: item.id })), 'newsId')
  })

  it('§5: a news beyond the limit of offers at once refuses the campaign with 409, nothing saved', async () => {
    const limit = await w.call(w.owner, 'PATCH', `/api/v2/franchises/${w.fid}`, { newsMaxConcurrent: 1 })
    expect(limit.statusCode).toBe(200)
    const running = await postNews(newsItem({ name: 'Brunch', startDate: day(60), endDate: day(70) }))
    const [news0, campaigns0] = [await newsCount(), await campaignCount()]
    const res = await w.create(w.body({ news: { startDate: day(65), endDate: day(66) } }))
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toMatchObject({ code: 'NEWS_LIMIT_REACHED', details: { limit: 1 } })
    expect(res.json().details.conflicts).toEqual([
      { id: running.id, name: 'Brunch', startDate: day(60), endDate: day(70) },
    ])
    expect([await newsCount(), await campaignCount()]).toEqual([news0, campaigns0])
    // Linking that running news takes no new slot.
    await w.created(w.body({ newsId: running.id }))
    await w.call(w.owner, 'PATCH', `/api/v2/franchises/${w.fid}`, { newsMaxConcurrent: 3 })
  })

  it('keeps its news through an edit, drops it for a coupon, never replaces it once sent', async () => {
    const c = await w.created(w.body({ news: { startDate: day(80), endDate: day(81) } }))
    // Neither newsId nor news: the campaign keeps the one it has.
    const kept = await put(c.id, w.body({ newsId: undefined }, { name: 'Soldes (modifié)' }))
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json()).toMatchObject({
      newsId: c.newsId,
      communicationCampaign: { name: 'Soldes (modifié)' },
    })
    const other = await postNews(newsItem({ startDate: day(90), endDate: day(91) }))
    // Its audience frozen (being sent): the news stays, a new link or a new news is refused.
    await w.t.database.db.update(campaigns).set({ frozenAt: new Date() }).where(eq(campaigns.id, c.id))
    for (const over of [{ newsId: other.id }, { news: { startDate: day(92), endDate: day(93) } }]) {
      const res = await put(c.id, w.body(over))
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'COMMUNICATION_CAMPAIGN_ALREADY_SENT',
        details: { field: 'newsId' },
      })
    }
    expect((await put(c.id, w.body({ newsId: c.newsId }))).statusCode).toBe(200)
    // Not started: a coupon campaign has no news any more (the item itself stays in the news list).
    const d = await w.created(w.body({ newsId: other.id }))
    const res = await put(d.id, w.body({ content: 'COUPON_AMOUNT', coupon: FLAT }))
    expect(res.json()).toMatchObject({ newsId: null, news: null, isNewsDifferentFromCampaign: false })
    expect((await w.call(w.owner, 'GET', `/api/v2/news/${other.id}`)).statusCode).toBe(200)
  })
})
