// Points expiry (issue 23) on a fake clock: the whole balance after N months without a visit; earning
// batches N months after they were earned, spends consuming the oldest batch first (a redemption
// included); one expiry row per client and day whatever reruns or a second worker do; the franchise's
// time zone deciding the day (New York and Paris); the reminder sent once, 30 days before, through
// the campaign engine, only when the franchise enables it. Plus the setting's and the client's routes.
// PGlite and PostgreSQL.
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/automations'
import { localClock, localInstant } from '../../src/domain/campaigns'
import { addMonths, lastDayExpiredBy } from '../../src/domain/expiry'
import {
  campaignRecipients,
  campaigns,
  franchises,
  outbox,
  pointsTransactions,
} from '../../src/server/db/schema'
import { dueExpiryFranchises, runFranchiseExpiry } from '../../src/server/services/expiry-run'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addClient, fakeWorkers } from '../support/automation-fixtures'
import { franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { balanceOf, expiriesOf, move, setExpiry } from '../support/expiry-fixtures'

const PARIS = 'Europe/Paris'
const NEW_YORK = 'America/New_York'
const paris = (day: string, hour = 2, minute = 30) => localInstant(day, hour, PARIS, minute)

it('counts months on calendar days, the end of a month clamped as PostgreSQL does', () => {
  expect(addMonths('2027-01-31', 1)).toBe('2027-02-28')
  expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
  expect(addMonths('2027-11-15', 3)).toBe('2028-02-15')
  expect(addMonths('2027-03-31', -1)).toBe('2027-02-28')
  // 29, 30 and 31 January all expire on 28 February: the last of them is the cutoff.
  expect(lastDayExpiredBy('2027-02-28', 1)).toBe('2027-01-31')
  expect(lastDayExpiredBy('2027-03-01', 1)).toBe('2027-02-01')
  expect(lastDayExpiredBy('2027-05-15', 12)).toBe('2026-05-15')
})

describe.each(databaseKinds())('points expiry on %s', (kind) => {
  let t: TestApp
  let fid: string
  let nyFid: string
  let owner: string
  let storeOwner: string
  let bagels: string
  const db = () => t.database.db
  const run = (at: Date, id = fid) => runFranchiseExpiry(db(), id, at)

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    fid = (await franchiseNamed(db(), 'Maison Dupont')).id
    nyFid = (await franchiseNamed(db(), 'Brooklyn Bagels')).id
    await db().update(franchises).set({ timezone: PARIS, smsQuietDays: false }).where(eq(franchises.id, fid))
    await db().update(franchises).set({ timezone: NEW_YORK }).where(eq(franchises.id, nyFid))
    ;[owner, storeOwner, bagels] = (await Promise.all(
      ['owner@demo.test', 'store@demo.test', 'bagels@demo.test'].map((e) => loginAs(t.app, e)),
    )) as [string, string, string]
  }, 120_000)
  afterAll(() => t?.close())

  it('is off by default: nothing expires, the client sees nothing coming', async () => {
    const c = await addClient(db(), fid)
    await move(db(), fid, c.id, 'tag', 40, paris('2027-01-05', 12))
    expect((await run(paris('2031-01-01'))).points).toBe(0)
    expect(await balanceOf(db(), c.id)).toBe(40)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/clients/${c.id}/points-expiry`,
      headers: bearer(owner),
    })
    expect(res.json()).toEqual({ mode: 'OFF', months: 12, balance: 40, upcoming: [] })
  })

  it('inactivity: the whole balance goes N months after the last visit, whatever was credited since', async () => {
    await setExpiry(db(), fid, 'INACTIVITY', 3)
    const a = await addClient(db(), fid)
    const b = await addClient(db(), fid)
    await move(db(), fid, a.id, 'tag', 100, paris('2027-01-10', 12))
    await move(db(), fid, a.id, 'credit', 50, paris('2027-02-01', 12)) // not a visit
    await move(db(), fid, b.id, 'tag', 30, paris('2027-01-10', 12))
    await move(db(), fid, b.id, 'tag', 30, paris('2027-03-01', 12)) // came back
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/clients/${a.id}/points-expiry`,
      headers: bearer(owner),
    })
    expect(view.json()).toEqual({
      mode: 'INACTIVITY',
      months: 3,
      balance: 150,
      upcoming: [{ points: 150, expiresOn: '2027-04-10' }],
    })
    await run(paris('2027-04-09'))
    expect(await balanceOf(db(), a.id)).toBe(150)
    await run(paris('2027-04-10'))
    expect(await balanceOf(db(), a.id)).toBe(0)
    expect(await expiriesOf(db(), a.id)).toEqual([{ points: -150, reference: `expiry:${a.id}:2027-04-10` }])
    expect(await balanceOf(db(), b.id)).toBe(60)
    // The same day again, and a later day: nothing more (the balance is gone).
    await run(paris('2027-04-10', 9))
    await run(paris('2027-04-11'))
    expect(await expiriesOf(db(), a.id)).toHaveLength(1)
    await run(paris('2027-06-01'))
    expect(await expiriesOf(db(), b.id)).toEqual([{ points: -60, reference: `expiry:${b.id}:2027-06-01` }])
  })

  it('batches: each expires N months after it was earned; a redemption consumed the oldest first', async () => {
    await setExpiry(db(), fid, 'BATCH', 12)
    const c = await addClient(db(), fid)
    await move(db(), fid, c.id, 'tag', 100, paris('2027-01-15', 12))
    await move(db(), fid, c.id, 'tag', 50, paris('2027-03-10', 12))
    // 80 redeemed: all of it from January's 100 (20 left there), March's 50 untouched.
    await move(db(), fid, c.id, 'redeem', -80, paris('2027-06-01', 12))
    await move(db(), fid, c.id, 'credit', 40, paris('2027-09-20', 12))
    const view = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/franchises/${fid}/clients/${c.id}/points-expiry`,
          headers: bearer(owner),
        })
      ).json()
    expect(await view()).toEqual({
      mode: 'BATCH',
      months: 12,
      balance: 110,
      upcoming: [
        { points: 20, expiresOn: '2028-01-15' },
        { points: 50, expiresOn: '2028-03-10' },
        { points: 40, expiresOn: '2028-09-20' },
      ],
    })
    await run(paris('2028-01-14'))
    expect(await balanceOf(db(), c.id)).toBe(110)
    await run(paris('2028-01-15'))
    expect(await expiriesOf(db(), c.id)).toEqual([{ points: -20, reference: `expiry:${c.id}:2028-01-15` }])
    // A debit in February takes from March's batch (the oldest left): 45 of it remain to expire.
    await move(db(), fid, c.id, 'debit', -5, paris('2028-02-01', 12))
    await run(paris('2028-03-10'))
    expect((await expiriesOf(db(), c.id)).map((e) => e.points)).toEqual([-20, -45])
    expect(await balanceOf(db(), c.id)).toBe(40)
    expect((await view()).upcoming).toEqual([{ points: 40, expiresOn: '2028-09-20' }])
    // A missed night is caught up: the run of a later day expires what fell due meanwhile.
    await run(paris('2028-09-25'))
    expect(await balanceOf(db(), c.id)).toBe(0)
    expect((await expiriesOf(db(), c.id)).map((e) => e.reference)).toEqual([
      `expiry:${c.id}:2028-01-15`,
      `expiry:${c.id}:2028-03-10`,
      `expiry:${c.id}:2028-09-25`,
    ])
  })

  it('one expiry row per client and day: a rerun, two workers at once, or the function called again', async () => {
    await setExpiry(db(), fid, 'BATCH', 6)
    const c = await addClient(db(), fid)
    await move(db(), fid, c.id, 'tag', 70, paris('2027-02-01', 12))
    await move(db(), fid, c.id, 'tag', 30, paris('2027-05-01', 12))
    const at = paris('2027-08-01')
    const results = await Promise.all([run(at), run(at), run(new Date(at.getTime() + 60_000))])
    expect(results.every((r) => r.day === '2027-08-01')).toBe(true)
    expect(await expiriesOf(db(), c.id)).toEqual([{ points: -70, reference: `expiry:${c.id}:2027-08-01` }])
    // Even with new points due the same day, that day's row stands: the next day takes them.
    await move(db(), fid, c.id, 'credit', 10, paris('2027-02-01', 13))
    const again = await db().execute(
      sql`select points_expire(${JSON.stringify({ franchise_id: fid, client_id: c.id, mode: 'BATCH', months: 6, day: '2027-08-01', timezone: PARIS, now: at.toISOString() })}::jsonb) as r`,
    )
    expect((again as unknown as { rows: { r: { expired: number } }[] }).rows[0]!.r.expired).toBe(0)
    expect(await expiriesOf(db(), c.id)).toHaveLength(1)
    // And the database refuses a second expiry row of a day outright.
    await expect(
      db()
        .insert(pointsTransactions)
        .values({
          franchiseId: fid,
          clientId: c.id,
          type: 'expiry',
          points: -1,
          reference: `expiry:${c.id}:2027-08-01`,
        }),
    ).rejects.toThrow()
    await run(paris('2027-08-02'))
    expect((await expiriesOf(db(), c.id)).map((e) => e.points)).toEqual([-70, -10])
    expect(await balanceOf(db(), c.id)).toBe(30)
  })

  it("time zones: the franchise's local day decides, New York's a day before Paris's", async () => {
    await setExpiry(db(), fid, 'BATCH', 1)
    await setExpiry(db(), nyFid, 'BATCH', 1)
    // 15 January 2027 at 03:30 UTC: 04:30 on the 15th in Paris, 22:30 on the 14th in New York.
    const earned = new Date('2027-01-15T03:30:00Z')
    const p = await addClient(db(), fid)
    const n = await addClient(db(), nyFid, { phone: '+12125550101' })
    await move(db(), fid, p.id, 'tag', 10, earned)
    await move(db(), nyFid, n.id, 'tag', 10, earned)
    // 14 February, noon UTC: New York's 14th (its batch is a month old), Paris's 14th (not yet).
    const noon = new Date('2027-02-14T12:00:00Z')
    await run(noon, nyFid)
    await run(noon, fid)
    expect(await expiriesOf(db(), n.id)).toEqual([{ points: -10, reference: `expiry:${n.id}:2027-02-14` }])
    expect(await expiriesOf(db(), p.id)).toEqual([])
    // The tick: at 01:30 UTC on the 15th it is 02:30 in Paris (due) and 20:30 on the 14th in New York
    // (its 14th ran already); at 07:00 UTC New York's 02:00 on the 15th comes.
    const due = async (at: Date) =>
      (await dueExpiryFranchises(db(), at, 2)).map(
        (d) => `${d.id === fid ? 'paris' : d.id === nyFid ? 'ny' : d.id}:${d.day}`,
      )
    expect(await due(new Date('2027-02-15T00:30:00Z'))).not.toContain('paris:2027-02-15')
    expect(await due(new Date('2027-02-15T01:30:00Z'))).toContain('paris:2027-02-15')
    expect(await due(new Date('2027-02-15T01:30:00Z'))).not.toContain('ny:2027-02-15')
    await run(new Date('2027-02-15T01:30:00Z'), fid)
    expect(await expiriesOf(db(), p.id)).toEqual([{ points: -10, reference: `expiry:${p.id}:2027-02-15` }])
    expect(await due(new Date('2027-02-15T06:30:00Z'))).toEqual(
      expect.not.arrayContaining(['paris:2027-02-15', 'ny:2027-02-15']),
    )
    expect(await due(new Date('2027-02-15T07:00:00Z'))).toContain('ny:2027-02-15')
    await setExpiry(db(), nyFid, 'OFF', 1)
  })

  it('reminds each expiring batch once, 30 days before, through the campaign engine, only when enabled', async () => {
    await setExpiry(db(), fid, 'BATCH', 12)
    const c = await addClient(db(), fid)
    const quiet = await addClient(db(), fid)
    const jan = await move(db(), fid, c.id, 'tag', 100, paris('2027-01-15', 12))
    const feb = await move(db(), fid, c.id, 'tag', 20, paris('2027-02-20', 12))
    await move(db(), fid, quiet.id, 'tag', 100, paris('2027-01-15', 12))
    const w = fakeWorkers(db())
    // Without the reminder on: the nights pass, nothing is sent.
    for (let d = '2027-12-10'; d <= '2027-12-20'; d = addDays(d, 1))
      await runFranchiseExpiry(db(), fid, paris(d), w.queue)
    await setExpiry(db(), fid, 'BATCH', 12, { channel: 'SMS', message: 'Vos points expirent bientot' })
    // From the 21st it is on (the quiet client spent its points by then: nothing left to remind).
    await move(db(), fid, quiet.id, 'redeem', -100, paris('2027-12-01', 12))
    for (let d = '2027-12-21'; d <= '2028-01-16'; d = addDays(d, 1)) {
      await runFranchiseExpiry(db(), fid, paris(d), w.queue)
      await w.drain(paris(d, 10))
    }
    for (let d = '2028-01-17'; d <= '2028-02-21'; d = addDays(d, 1)) {
      await runFranchiseExpiry(db(), fid, paris(d), w.queue)
      await w.drain(paris(d, 10))
    }
    const rows = await db()
      .select({
        key: campaignRecipients.dedupeKey,
        sentAt: campaignRecipients.sentAt,
        status: campaignRecipients.status,
      })
      .from(campaignRecipients)
      .where(like(campaignRecipients.dedupeKey, `expiry-reminder:${c.id}:%`))
    // January's batch was due a reminder on 16 December, when reminders were off: it is reminded at
    // the first run that may (21 December, within its 30 days); February's on 21 January exactly.
    expect(rows.map((r) => [r.key, localClock(r.sentAt!, PARIS).day, r.status]).sort()).toEqual([
      [`expiry-reminder:${c.id}:${jan.transaction.id}`, '2027-12-21', 'SENT'],
      [`expiry-reminder:${c.id}:${feb.transaction.id}`, '2028-01-21', 'SENT'],
    ])
    const sent = await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `expiry-reminder:${c.id}:%`))
    expect(sent).toHaveLength(2)
    expect(sent.every((m) => m.body.startsWith('Vos points expirent bientot'))).toBe(true)
    expect(
      await db()
        .select()
        .from(campaignRecipients)
        .where(like(campaignRecipients.dedupeKey, `expiry-reminder:${quiet.id}:%`)),
    ).toEqual([])
    // Both batches then expired on their day; the reminder campaigns stay out of the history.
    expect((await expiriesOf(db(), c.id)).map((e) => e.reference)).toEqual([
      `expiry:${c.id}:2028-01-15`,
      `expiry:${c.id}:2028-02-20`,
    ])
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/communication-campaigns?page=1&size=100`,
      headers: bearer(owner),
    })
    expect(history.statusCode).toBe(200)
    const reminderCampaigns = await db()
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.franchiseId, fid), eq(campaigns.type, 'POINTS_EXPIRY')))
    expect(reminderCampaigns.length).toBeGreaterThan(0)
    expect(JSON.stringify(history.json())).not.toContain(reminderCampaigns[0]!.id)
  }, 120_000)

  describe('the setting', () => {
    const url = () => `/api/v2/franchises/${fid}/points-expiry`
    const put = (payload: unknown, token = owner) =>
      t.app.inject({ method: 'PUT', url: url(), headers: bearer(token), payload: payload as object })
    const valid = {
      mode: 'INACTIVITY',
      months: 6,
      reminder: { enabled: true, channel: 'SMS', title: '', message: 'Vos points expirent dans 30 jours' },
    }

    it('is read by the owner and, read-only, by a store owner; written by the owner only', async () => {
      const saved = await put(valid)
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toMatchObject({ franchiseId: fid, mode: 'INACTIVITY', months: 6, canEdit: true })
      expect(saved.json().reminder).toEqual(valid.reminder)
      const read = await t.app.inject({ method: 'GET', url: url(), headers: bearer(storeOwner) })
      expect(read.json()).toMatchObject({ mode: 'INACTIVITY', months: 6, canEdit: false })
      expect((await put({ ...valid, months: 3 }, storeOwner)).statusCode).toBe(403)
      // Another franchise's owner: as if it did not exist, and nothing changed.
      expect((await t.app.inject({ method: 'GET', url: url(), headers: bearer(bagels) })).statusCode).toBe(
        404,
      )
      expect((await put({ ...valid, months: 3 }, bagels)).statusCode).toBe(404)
      expect((await t.app.inject({ method: 'GET', url: url(), headers: bearer(owner) })).json().months).toBe(
        6,
      )
    })

    it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
      await put(valid)
      const cases: [unknown, string][] = [
        [{ ...valid, months: 0 }, 'months'],
        [{ ...valid, months: 61 }, 'months'],
        [{ ...valid, months: 1.5 }, 'months'],
        [{ ...valid, mode: 'SOMETIMES' }, 'mode'],
        [{ ...valid, reminder: { ...valid.reminder, message: '' } }, 'reminder.message'],
        [
          { ...valid, reminder: { ...valid.reminder, message: 'Vos points 🎁 expirent' } },
          'reminder.message',
        ],
        [{ ...valid, reminder: { ...valid.reminder, message: 'x'.repeat(200) } }, 'reminder.message'],
        [{ ...valid, reminder: { ...valid.reminder, channel: 'PUSH', title: ' ' } }, 'reminder.title'],
        [{ ...valid, reminder: { ...valid.reminder, channel: 'FAX' } }, 'reminder.channel'],
      ]
      for (const [payload, field] of cases) {
        const res = await put(payload)
        expect(res.statusCode, field).toBe(400)
        expect(res.json().details.field, JSON.stringify(payload)).toBe(field)
      }
      expect((await t.app.inject({ method: 'GET', url: url(), headers: bearer(owner) })).json().months).toBe(
        6,
      )
      // Off, the reminder's text is not required.
      const off = await put({
        mode: 'OFF',
        months: 12,
        reminder: { enabled: true, channel: 'SMS', title: '', message: '' },
      })
      expect(off.statusCode).toBe(200)
    })

    it("hides a client the caller may not see, and another franchise's client", async () => {
      const c = await addClient(db(), fid)
      const clientUrl = `/api/v2/franchises/${fid}/clients/${c.id}/points-expiry`
      expect((await t.app.inject({ method: 'GET', url: clientUrl, headers: bearer(owner) })).statusCode).toBe(
        200,
      )
      // The store owner's clients are those who visited its store: this one never came.
      expect(
        (await t.app.inject({ method: 'GET', url: clientUrl, headers: bearer(storeOwner) })).statusCode,
      ).toBe(404)
      expect(
        (await t.app.inject({ method: 'GET', url: clientUrl, headers: bearer(bagels) })).statusCode,
      ).toBe(404)
      const crossed = `/api/v2/franchises/${nyFid}/clients/${c.id}/points-expiry`
      expect((await t.app.inject({ method: 'GET', url: crossed, headers: bearer(bagels) })).statusCode).toBe(
        404,
      )
    })
  })
})
