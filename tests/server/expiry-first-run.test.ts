// Turning points expiry on (issue 34) on a controllable clock: a save at 14:00 in Paris expires nothing
// (the first run is the next night, 02:00 Paris, and runs only happen at night in the franchise's
// zone); the preview says beforehand when that run is and what it does; with the reminder on, the
// clients already past the delay are reminded at the first run and keep their points for the
// reminder's 30 days, then lose them once, however often that night runs. PGlite and PostgreSQL.
import { eq, like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays } from '../../src/domain/automations'
import { localInstant } from '../../src/domain/campaigns'
import { firstRunDayAfter, nextExpiryRun } from '../../src/domain/expiry'
import { campaignRecipients, franchises } from '../../src/server/db/schema'
import { dueExpiryFranchises, runFranchiseExpiry } from '../../src/server/services/expiry-run'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addClient, fakeWorkers } from '../support/automation-fixtures'
import { franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'
import { balanceOf, expiriesOf, move } from '../support/expiry-fixtures'

const PARIS = 'Europe/Paris'
const paris = (day: string, hour = 2, minute = 0) => localInstant(day, hour, PARIS, minute)
// Tuesday 8 December 2026, 14:00 in Paris: the owner saves.
const SAVE = paris('2026-12-08', 14)
const REMINDER = 'Vos points Maison Dupont expirent bientot'

it('the next run is 02:00 local on the next night not run yet, never before the rule’s first night', () => {
  const none = { lastRunDay: null, firstRunDay: null }
  expect(firstRunDayAfter(SAVE, PARIS)).toBe('2026-12-09')
  expect(firstRunDayAfter(paris('2026-12-08', 1, 30), PARIS)).toBe('2026-12-08')
  expect(nextExpiryRun(SAVE, PARIS, { ...none, firstRunDay: '2026-12-09' })).toEqual({
    day: '2026-12-09',
    at: new Date('2026-12-09T01:00:00Z'),
  })
  // Tonight's run not done at 03:10 (a server restarted): the next tick, 03:15.
  expect(nextExpiryRun(paris('2026-12-09', 3, 10), PARIS, none).at).toEqual(paris('2026-12-09', 3, 15))
  // Done, or past the night window: the next night.
  expect(nextExpiryRun(paris('2026-12-09', 3, 10), PARIS, { ...none, lastRunDay: '2026-12-09' }).day).toBe(
    '2026-12-10',
  )
  expect(nextExpiryRun(paris('2026-12-09', 14), PARIS, none).day).toBe('2026-12-10')
  // New York's night is New York's: 02:00 there is 07:00 UTC.
  expect(nextExpiryRun(new Date('2026-12-08T19:00:00Z'), 'America/New_York', none).at).toEqual(
    new Date('2026-12-09T07:00:00Z'),
  )
})

describe.each(databaseKinds())('turning points expiry on, on %s', (kind) => {
  let t: TestApp
  let fid: string
  let owner: string
  const db = () => t.database.db
  const setting = (reminder: boolean) => ({
    mode: 'INACTIVITY',
    months: 12,
    reminder: { enabled: reminder, channel: 'SMS', title: '', message: reminder ? REMINDER : '' },
  })
  const preview = async (reminder: 'SMS' | 'NONE') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/franchises/${fid}/points-expiry/preview?mode=INACTIVITY&months=12&reminder=${reminder}`,
      headers: bearer(owner),
    })
    expect(res.statusCode).toBe(200)
    return res.json()
  }
  const save = (reminder: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v2/franchises/${fid}/points-expiry`,
      headers: bearer(owner),
      payload: setting(reminder),
    })
  const dueAt = async (at: Date) =>
    (await dueExpiryFranchises(db(), at)).filter((d) => d.id === fid).map((d) => d.day)
  const remindersOf = (clientId: string) =>
    db()
      .select({ key: campaignRecipients.dedupeKey })
      .from(campaignRecipients)
      .where(like(campaignRecipients.dedupeKey, `expiry-reminder:${clientId}:%`))

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    fid = (await franchiseNamed(db(), 'Maison Dupont')).id
    await db().update(franchises).set({ timezone: PARIS, smsQuietDays: false }).where(eq(franchises.id, fid))
  }, 120_000)
  afterEach(() => {
    vi.useRealTimers()
  })
  afterAll(() => t?.close())

  it('saved at 14:00, expires nothing by day; reminds the clients past the delay at night; expires them 30 days later, once', async () => {
    // Pierre last came 18 months ago (112 points), Anna 11 months and 3 weeks ago (her 12 months end
    // on 1 January, within the reminder's 30 days), Marc last month.
    const created = { createdAt: paris('2025-01-01', 12) }
    const pierre = await addClient(db(), fid, { firstName: 'Pierre', lastName: 'Vincent', ...created })
    const anna = await addClient(db(), fid, { firstName: 'Anna', ...created })
    const marc = await addClient(db(), fid, { firstName: 'Marc', ...created })
    await move(db(), fid, pierre.id, 'tag', 112, paris('2025-06-10', 12))
    await move(db(), fid, anna.id, 'tag', 40, paris('2026-01-01', 12))
    await move(db(), fid, marc.id, 'tag', 25, paris('2026-11-02', 12))

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(SAVE)
    owner = await loginAs(t.app, 'owner@demo.test')

    // Before saving: the first run is tonight at 02:00 Paris. Without the reminder it would take
    // Pierre's 112 points; with it, it reminds Pierre and Anna, and Pierre's points wait 30 days.
    expect(await preview('NONE')).toEqual({
      timezone: PARIS,
      nextRunAt: '2026-12-09T01:00:00.000Z',
      nextRunDay: '2026-12-09',
      expiring: { clients: 1, points: 112 },
      reminding: 0,
      overdue: { clients: 1, points: 112, expiresOn: '2026-12-09' },
    })
    expect(await preview('SMS')).toEqual({
      timezone: PARIS,
      nextRunAt: '2026-12-09T01:00:00.000Z',
      nextRunDay: '2026-12-09',
      expiring: { clients: 0, points: 0 },
      reminding: 2,
      overdue: { clients: 1, points: 112, expiresOn: '2027-01-08' },
    })

    expect((await save(true)).statusCode).toBe(200)
    // Five minutes later, and all afternoon: no run is due, and a run called anyway does nothing.
    for (const at of [paris('2026-12-08', 14, 5), paris('2026-12-08', 23, 45)]) {
      expect(await dueAt(at)).toEqual([])
      expect(await runFranchiseExpiry(db(), fid, at)).toMatchObject({ points: 0, reminded: 0 })
    }
    expect(await balanceOf(db(), pierre.id)).toBe(112)
    expect(await remindersOf(pierre.id)).toEqual([])

    // The night: 01:45 is too early, 02:00 Paris (01:00 UTC) is due.
    expect(await dueAt(paris('2026-12-09', 1, 45))).toEqual([])
    expect(await dueAt(paris('2026-12-09', 2))).toEqual(['2026-12-09'])
    const w = fakeWorkers(db())
    const first = await runFranchiseExpiry(db(), fid, paris('2026-12-09', 2), w.queue)
    expect(first).toMatchObject({ day: '2026-12-09', clients: 0, points: 0, reminded: 2 })
    await w.drain(paris('2026-12-09', 10))
    expect((await remindersOf(pierre.id)).length).toBe(1)
    expect((await remindersOf(anna.id)).length).toBe(1)
    expect(await remindersOf(marc.id)).toEqual([])
    expect(await balanceOf(db(), pierre.id)).toBe(112)
    // Run done: the rest of that night, and the day, are not due; the next night is.
    expect(await dueAt(paris('2026-12-09', 3))).toEqual([])
    expect(await dueAt(paris('2026-12-10', 2))).toEqual(['2026-12-10'])

    // Every night until 7 January: Pierre and Anna keep their points, nobody is reminded twice.
    for (let d = '2026-12-10'; d <= '2027-01-07'; d = addDays(d, 1))
      await runFranchiseExpiry(db(), fid, paris(d), w.queue)
    expect(await balanceOf(db(), pierre.id)).toBe(112)
    expect(await balanceOf(db(), anna.id)).toBe(40)
    expect((await remindersOf(pierre.id)).length).toBe(1)

    // 8 January, the 30 days over: both expire, once, whatever that night's reruns do.
    const due = await runFranchiseExpiry(db(), fid, paris('2027-01-08'), w.queue)
    expect(due).toMatchObject({ clients: 2, points: 152 })
    await runFranchiseExpiry(db(), fid, paris('2027-01-08', 3, 30), w.queue)
    expect(await expiriesOf(db(), pierre.id)).toEqual([
      { points: -112, reference: `expiry:${pierre.id}:2027-01-08` },
    ])
    expect(await expiriesOf(db(), anna.id)).toHaveLength(1)
    expect(await balanceOf(db(), marc.id)).toBe(25)

    // Saved again with only a new text: the rule stands, its next run is tomorrow night, nothing waits.
    vi.setSystemTime(paris('2027-01-08', 14))
    owner = await loginAs(t.app, 'owner@demo.test')
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/franchises/${fid}/points-expiry`,
      headers: bearer(owner),
      payload: { ...setting(true), reminder: { ...setting(true).reminder, message: `${REMINDER}!` } },
    })
    expect(again.statusCode).toBe(200)
    expect(await preview('SMS')).toMatchObject({
      nextRunDay: '2027-01-09',
      expiring: { clients: 0, points: 0 },
    })
  }, 120_000)

  it('the preview follows the draft and the caller’s franchise; a bad draft is a 400 naming the field', async () => {
    owner = await loginAs(t.app, 'owner@demo.test')
    const url = (q: string) => `/api/v2/franchises/${fid}/points-expiry/preview?${q}`
    const get = (q: string, token = owner) =>
      t.app.inject({ method: 'GET', url: url(q), headers: bearer(token) })
    const off = await get('mode=OFF&months=12&reminder=NONE')
    expect(off.json()).toMatchObject({ nextRunAt: null, expiring: { clients: 0, points: 0 } })
    for (const [q, field] of [
      ['mode=SOMETIMES&months=12&reminder=NONE', 'mode'],
      ['mode=BATCH&months=0&reminder=NONE', 'months'],
      ['mode=BATCH&months=x&reminder=NONE', 'months'],
      ['mode=BATCH&months=12&reminder=FAX', 'reminder'],
    ] as const) {
      const res = await get(q)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().details.field, q).toBe(field)
    }
    const bagels = await loginAs(t.app, 'bagels@demo.test')
    expect((await get('mode=BATCH&months=12&reminder=NONE', bagels)).statusCode).toBe(404)
  })
})
