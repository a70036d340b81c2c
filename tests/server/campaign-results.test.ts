// Issue 18: a campaign's results. Coupons issued once per recipient (holdout and skipped rows get none;
// their exactly-once under interruptions is tests/server/campaign-coupons.test.ts), the short link `/r/{code}` (302, first open counted once)
// and the public coupon page's call, the app's push open, and the rolled-up stats against a fixture
// computed by hand; foreign and unknown ids are 404s.
import { and, eq, inArray, like, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignRecipients, outbox, pointsTransactions, smsOptOuts } from '../../src/server/db/schema'
import { type DispatchDeps, freezeAudience, runDispatch } from '../../src/server/services/campaign-dispatch'
import { runCampaignStats, statsByCampaign } from '../../src/server/services/campaign-stats'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import {
  addCampaign,
  addClients,
  COUPON,
  campaignCoupons,
  franchiseNamed,
  PUBLIC,
  recipientsOf,
  resultDeps,
  T0,
} from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const DAY = 86_400_000

describe.each(databaseKinds())('campaign results on %s', (kind) => {
  let t: TestApp
  let fid: string
  let owner: string
  let ownerId: string
  let bagels: string
  let admin: string
  const db = () => t.database.db
  const deps = (over: Partial<DispatchDeps> = {}) => resultDeps(db(), over)
  const get = (url: string, token = owner) => t.app.inject({ method: 'GET', url, headers: bearer(token) })
  const recipients = (campaignId: string) => recipientsOf(db(), campaignId)
  const couponsOf = (campaignId: string) => campaignCoupons(db(), campaignId)

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { publicUrl: PUBLIC } })
    fid = (await franchiseNamed(db(), 'Maison Dupont')).id
    owner = await loginAs(t.app, 'owner@demo.test')
    bagels = await loginAs(t.app, 'bagels@demo.test')
    admin = await loginAs(t.app, 'admin@demo.test')
    ownerId = (await get('/api/v2/users/me')).json().id
  }, 120_000)
  afterAll(() => t?.close())

  describe('a coupon campaign with a control group', () => {
    let campaignId: string
    let ids: string[]
    let sent: (typeof campaignRecipients.$inferSelect)[]

    beforeAll(async () => {
      ids = await addClients(db(), fid, 11, '+3365')
      const c = await addCampaign(db(), fid, {
        content: 'COUPON_AMOUNT',
        coupon: COUPON,
        startAt: T0,
      })
      campaignId = c.id
      await freezeAudience(db(), c.id, T0)
      // Only this test's 11 clients: the others are the other describe's.
      await db()
        .delete(campaignRecipients)
        .where(
          and(
            eq(campaignRecipients.campaignId, c.id),
            eq(campaignRecipients.status, 'PENDING'),
            notInArray(campaignRecipients.clientId, ids),
          ),
        )
      // The control group: clients 6 to 9, chosen here rather than at random so the figures are known.
      await db()
        .update(campaignRecipients)
        .set({ status: 'HOLDOUT' })
        .where(
          and(
            eq(campaignRecipients.campaignId, c.id),
            inArray(campaignRecipients.clientId, ids.slice(6, 10)),
          ),
        )
      // Client 10 answers STOP after the freeze: skipped when sending, no coupon.
      await db().insert(smsOptOuts).values({ franchiseId: fid, phone: '+33650000010' })
      expect(await runDispatch(deps(), c.id)).toEqual({ kind: 'sent' })
      sent = (await recipients(c.id)).filter((r) => r.status === 'SENT')
    })

    it('issues one coupon per notified recipient, none to the control group or the skipped one', async () => {
      const rows = await recipients(campaignId)
      expect(
        rows
          .filter((r) => r.status === 'SENT')
          .map((r) => r.clientId)
          .sort(),
      ).toEqual(ids.slice(0, 6).sort())
      expect(rows.find((r) => r.clientId === ids[10])).toMatchObject({ status: 'SKIPPED', couponId: null })
      expect(rows.filter((r) => r.status === 'HOLDOUT').every((r) => r.couponId === null)).toBe(true)
      const issued = await couponsOf(campaignId)
      expect(issued).toHaveLength(6)
      expect(issued.map((c) => c.id).sort()).toEqual(sent.map((r) => r.couponId).sort())
      expect(issued[0]).toMatchObject({
        franchiseId: fid,
        type: 'flat',
        value: 500,
        currencyCode: 'EUR',
        header: '5 € offerts',
        termsOfUse: 'Dès 20 € d’achat',
        claimedAt: null,
      })
      expect(issued[0]!.expiresAt.getTime()).toBe(T0.getTime() + 14 * DAY)
    })

    it('sends each SMS with the recipient’s own short link, counted as the link', async () => {
      const messages = await db()
        .select()
        .from(outbox)
        .where(like(outbox.dedupeKey, `campaign:${campaignId}:%`))
      expect(messages).toHaveLength(6)
      for (const r of sent) {
        const m = messages.find((x) => x.dedupeKey === `campaign:${campaignId}:${r.clientId}`)!
        expect(m.body).toBe(`Soldes -20% ce week-end\n${PUBLIC}/r/${r.linkCode}\nSTOP SMS: repondez STOP`)
        expect(r.linkCode).toMatch(/^[A-Za-z0-9_-]{12}$/)
      }
      expect(new Set(sent.map((r) => r.linkCode)).size).toBe(6)
    })

    it('redirects a short link to the coupon page and counts the first open only', async () => {
      const [r0, , , , r4] = sent.sort((a, b) => ids.indexOf(a.clientId) - ids.indexOf(b.clientId))
      const open = () => t.app.inject({ method: 'GET', url: `/r/${r0!.linkCode}` })
      const first = await open()
      expect(first.statusCode).toBe(302)
      expect(first.headers.location).toBe(`${PUBLIC}/coupon/${r0!.linkCode}`)
      const [after] = await db()
        .select()
        .from(campaignRecipients)
        .where(
          and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.clientId, r0!.clientId)),
        )
      expect(after!.openedAt).not.toBeNull()
      expect((await open()).statusCode).toBe(302)
      const [again] = await db()
        .select()
        .from(campaignRecipients)
        .where(
          and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.clientId, r0!.clientId)),
        )
      expect(again!.openedAt).toEqual(after!.openedAt)
      expect((await t.app.inject({ method: 'GET', url: `/r/${r4!.linkCode}` })).statusCode).toBe(302)
      const opened = (await recipients(campaignId)).filter((r) => r.openedAt)
      expect(opened.map((r) => r.clientId).sort()).toEqual([r0!.clientId, r4!.clientId].sort())
      // Unknown and malformed codes; the control group never gets a code, a skipped row's opens nothing.
      expect((await t.app.inject({ method: 'GET', url: '/r/AAAAAAAAAAAA' })).statusCode).toBe(404)
      expect((await t.app.inject({ method: 'GET', url: '/r/short' })).statusCode).toBe(400)
      const rows = await recipients(campaignId)
      expect(rows.filter((r) => r.status === 'HOLDOUT').map((r) => r.linkCode)).toEqual([
        null,
        null,
        null,
        null,
      ])
      const skipped = rows.find((r) => r.status === 'SKIPPED')!
      expect((await t.app.inject({ method: 'GET', url: `/r/${skipped.linkCode}` })).statusCode).toBe(404)
    })

    it('shows the coupon on the public page’s call, redeemable with the coupon call', async () => {
      const r3 = sent.find((r) => r.clientId === ids[3])!
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/public/campaign-links/${r3.linkCode}/coupon`,
      })
      expect(page.statusCode).toBe(200)
      expect(page.json()).toEqual({
        franchiseName: 'Maison Dupont',
        franchiseLogo: null,
        type: 'flat',
        value: 500,
        currencyCode: 'EUR',
        header: '5 € offerts',
        productDescription: null,
        termsOfUse: 'Dès 20 € d’achat',
        expiresAt: new Date(T0.getTime() + 14 * DAY).toISOString(),
        state: 'active',
        // Issue 34: the short code without look-alike characters, which the counter redeems.
        counterCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/),
      })
      const redeem = await t.app.inject({
        method: 'POST',
        url: `/api/v2/coupons/by-code/${page.json().counterCode}/redeem`,
        headers: { ...bearer(owner), 'idempotency-key': `redeem-${r3.couponId}` },
        payload: {},
      })
      expect(redeem.statusCode, redeem.body).toBeLessThan(300)
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/public/campaign-links/${r3.linkCode}/coupon`,
      })
      expect(after.json()).toMatchObject({ state: 'claimed' })
    })

    it('rolls the figures up as computed by hand, with the uplift over the control group', async () => {
      const at = (days: number) => new Date(T0.getTime() + days * DAY)
      const ledger = (i: number, type: string, amountCents: number | null, createdAt: Date) => ({
        franchiseId: fid,
        clientId: ids[i]!,
        type,
        points: 1,
        amountCents,
        createdAt,
      })
      await db()
        .insert(pointsTransactions)
        .values([
          ledger(0, 'tag', 1200, at(1)), // a visit with a purchase: converted, 12.00
          ledger(1, 'credit', 2500, at(3)), // a sale: converted, 25.00
          ledger(1, 'debit', null, at(4)), // neither a visit nor a sale
          ledger(2, 'tag', 1000, at(-1)), // before the start: not counted
          ledger(5, 'tag', 800, at(31)), // after the 30 days: not counted
          ledger(6, 'tag', null, at(2)), // the control group: one of 4 came back
        ])
      // Client 3 redeemed its coupon (converted); clients 0 and 4 opened (2 of 6).
      const res = await get(`/api/v2/communication-campaigns/${campaignId}/stats`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        notified: 6,
        // No delivery receipt yet (the outbox keeps no receipts): none counted as delivered.
        deliveredPercent: 0,
        openedPercent: 33.3,
        couponsIssued: 6,
        couponsRedeemed: 1,
        conversionPercent: 50,
        turnoverCents: 3700,
        upliftPercent: 25,
        asOf: expect.any(String),
      })
      // The job's run keeps it fresh: a later sale shows after the next rollup, not before.
      await db()
        .insert(pointsTransactions)
        .values(ledger(4, 'tag', 300, at(5)))
      expect((await get(`/api/v2/communication-campaigns/${campaignId}/stats`)).json()).toMatchObject({
        conversionPercent: 50,
      })
      expect((await runCampaignStats(db())).campaigns).toBeGreaterThan(0)
      expect((await get(`/api/v2/communication-campaigns/${campaignId}/stats`)).json()).toMatchObject({
        conversionPercent: 66.7,
        turnoverCents: 4000,
        upliftPercent: 41.7,
      })
      expect(await statsByCampaign(db(), [campaignId])).toEqual({
        [campaignId]: { notified: 6, openedPercent: 33.3, conversionPercent: 66.7, turnoverCents: 4000 },
      })
    })

    it('answers the campaign’s coupon and the revenue campaigns brought', async () => {
      const res = await get(`/api/v2/communication-campaigns/${campaignId}/current-coupon`)
      expect(res.json()).toEqual({
        type: 'flat',
        value: 500,
        header: '5 € offerts',
        productDescription: null,
        termsOfUse: 'Dès 20 € d’achat',
        validity: { value: 2, unit: 'weeks' },
        issued: 6,
        redeemed: 1,
      })
      const revenue = await get(`/api/v2/users/${ownerId}/communication-campaigns/revenue`)
      expect(revenue.json()).toEqual({ revenueCents: 4000, campaigns: 1 })
      expect((await get(`/api/v2/users/${ownerId}/communication-campaigns/revenue`, admin)).json()).toEqual({
        revenueCents: 4000,
        campaigns: 1,
      })
    })

    it('answers 404 for another merchant’s or an unknown campaign, and another merchant’s revenue', async () => {
      const unknown = '00000000-0000-4000-8000-000000000009'
      for (const url of [
        `/api/v2/communication-campaigns/${campaignId}/stats`,
        `/api/v2/communication-campaigns/${campaignId}/current-coupon`,
      ]) {
        const foreign = await get(url, bagels)
        expect(foreign.statusCode).toBe(404)
        expect(foreign.json()).toMatchObject({ code: 'COMMUNICATION_CAMPAIGN_NOT_FOUND' })
        const none = await get(url.replace(campaignId, unknown))
        expect(none.json()).toMatchObject({ code: 'COMMUNICATION_CAMPAIGN_NOT_FOUND' })
      }
      expect((await get(`/api/v2/communication-campaigns/not-an-id/stats`)).statusCode).toBe(400)
      expect((await get(`/api/v2/users/${ownerId}/communication-campaigns/revenue`, bagels)).statusCode).toBe(
        404,
      )
      expect((await get(`/api/v2/users/${unknown}/communication-campaigns/revenue`, admin)).statusCode).toBe(
        404,
      )
    })
  })

  it('answers UNABLE_TO_GET_COUPON_BY_COMMUNICATION_CAMPAIGN_ID for a campaign without a coupon', async () => {
    const c = await addCampaign(db(), fid, { dispatch: 'IDLE' })
    const res = await get(`/api/v2/communication-campaigns/${c.id}/current-coupon`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'UNABLE_TO_GET_COUPON_BY_COMMUNICATION_CAMPAIGN_ID' })
    // Not sent yet: the stats are zeros.
    expect((await get(`/api/v2/communication-campaigns/${c.id}/stats`)).json()).toMatchObject({
      notified: 0,
      upliftPercent: null,
    })
  })

  it('counts a push opened by the app with the recipient’s code, once, for its campaign only', async () => {
    const c = await addCampaign(db(), fid, { channel: 'PUSH', link: 'https://dupont.example/soldes' })
    await runDispatch(deps(), c.id)
    const [r] = await recipients(c.id)
    const pushed = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `campaign:${c.id}:${r!.clientId}`))
    expect(pushed[0]!.body).toBe(`Soldes -20% ce week-end\n${PUBLIC}/r/${r!.linkCode}`)
    const opened = (id: string, code = r!.linkCode) =>
      t.app.inject({ method: 'POST', url: `/api/v2/communication-campaigns/${id}/opened`, payload: { code } })
    expect((await opened(c.id)).json()).toEqual({ opened: true })
    const [first] = await db()
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.clientId, r!.clientId)))
    expect(first!.openedAt).not.toBeNull()
    expect((await opened(c.id)).statusCode).toBe(200)
    const other = await addCampaign(db(), fid, { dispatch: 'IDLE' })
    expect((await opened(other.id)).statusCode).toBe(404)
    expect((await opened(c.id, 'x')).statusCode).toBe(400)
    // The short link of a push with a link leads to that link.
    const follow = await t.app.inject({ method: 'GET', url: `/r/${r!.linkCode}` })
    expect(follow.headers.location).toBe('https://dupont.example/soldes')
    const [still] = await db()
      .select()
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.clientId, r!.clientId)))
    expect(still!.openedAt).toEqual(first!.openedAt)
  })
})
