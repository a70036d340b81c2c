// The scan page's live news (issue 19): the store's items running today, customers-only ones once the
// customer is known; expired ones and another store's stopped one are not shown.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/news'
import { presenceWindow } from '../../src/domain/scan'
import { tags } from '../../src/server/db/schema'
import { presenceCodeFor } from '../../src/server/services/presence'
import { databaseKinds } from '../support/database'
import { addListedNews, addStoreCard, type NewsWorld, newsWorld } from '../support/news-world'
import { provenDevice } from '../support/scan-device'

describe.each(databaseKinds())('news on the scan page on %s', (kind) => {
  let w: NewsWorld
  let ipCount = 0

  beforeAll(async () => {
    w = await newsWorld(kind)
    await addListedNews(w)
    // Collecting a visit needs the store's card.
    await addStoreCard(w)
    // 'A': another store's item, running today but stopped.
    const a = await w.create(
      w.item({ name: 'A', startDate: addDays(w.today, -3), endDate: addDays(w.today, 3) }),
    )
    expect(a.statusCode, a.body).toBe(201)
    expect((await w.call(w.owner, 'PATCH', `/api/v2/news/${a.json().id}/stop`)).statusCode).toBe(200)
  })
  afterAll(() => w?.t.close())

  it('the scan page shows the store’s live items; customers-only ones once the customer is known', async () => {
    const [tag] = await w.t.database.db.select().from(tags).where(eq(tags.storeId, w.mine))
    const res = await w.t.app.inject({
      method: 'GET',
      url: `/api/public/scan/${tag!.tagUid}`,
      remoteAddress: `10.9.0.${++ipCount}`,
    })
    expect(res.statusCode).toBe(200)
    const names = res.json().news.map((n: { name: string }) => n.name)
    expect(names).toContain('S-published')
    expect(names).toContain('S-annual')
    expect(names).not.toContain('S-premium') // customers only
    expect(names).not.toContain('S-expired')
    expect(names).not.toContain('A') // another store's, stopped
    expect(res.json().news.find((n: { name: string }) => n.name === 'S-published')).toEqual({
      id: expect.any(String),
      name: 'S-published',
      type: 'happy-hours',
      description: 'Deux verres, une planche offerte',
      priceCents: 650,
      currencyCode: 'EUR',
      endDate: addDays(w.today, 3),
      happyHourStart: '18:00',
      happyHourEnd: '20:00',
      drinkType: 'Vin',
      customersOnly: false,
    })
    // Collecting a visit on a device that proved the phone (issue 24 #4) makes the customer known:
    // the customers-only item comes with the answer.
    const collected = await w.t.app.inject({
      method: 'POST',
      url: `/api/public/scan/${tag!.tagUid}/collect`,
      remoteAddress: `10.9.0.${++ipCount}`,
      headers: await provenDevice(
        w.t.app,
        w.t.database.db,
        tag!.tagUid,
        '06 12 34 56 78',
        `10.9.1.${ipCount}`,
      ),
      payload: { phone: '06 12 34 56 78', code: presenceCodeFor(tag!, presenceWindow(Date.now())) },
    })
    expect(collected.statusCode, collected.body).toBe(200)
    const known = collected.json().news.map((n: { name: string }) => n.name)
    expect(known).toContain('S-premium')
    expect(known).toContain('S-published')
  })
})
