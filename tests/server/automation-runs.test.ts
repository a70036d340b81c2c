// The daily run of automated marketing on a fake clock over a year (issue 20): every qualifying client
// is messaged exactly once per occasion — birthdays across a leap year (29 February on the 28th in
// other years, N days before), a lost client who comes back and is lost again, a new client after its
// delay — nothing leaves outside 08:00–20:00, a missed day is caught up once, a rerun or a second
// worker sends nothing more, a crash between the run and its job loses nothing, and switching off stops
// the next run. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../src/domain/automations'
import { localClock, localInstant } from '../../src/domain/campaigns'
import { automatedMarketings, clients, franchises } from '../../src/server/db/schema'
import { runAutomation } from '../../src/server/services/automation-selection'
import { startTestApp, type TestApp } from '../support/app'
import { addAutomation, addClient, fakeWorkers, sendsOf } from '../support/automation-fixtures'
import { franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

const TZ = 'Europe/Paris'
const at = (day: string, hour = 10) => localInstant(day, hour, TZ)
const localDay = (d: Date) => localClock(d, TZ).day
const localHour = (d: Date) => localClock(d, TZ).hour

describe.each(databaseKinds())('automated marketing runs on %s', (kind) => {
  let t: TestApp
  let fid: string
  const db = () => t.database.db

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    const f = await franchiseNamed(db(), 'Maison Dupont')
    fid = f.id
    await db()
      .update(franchises)
      .set({
        timezone: TZ,
        smsQuietDays: false,
        customersQualification: { lostCustomers: { timeSinceLastVisit: { value: 30, unit: 'days' } } },
      })
      .where(eq(franchises.id, fid))
  }, 120_000)
  afterAll(() => t?.close())

  /** Each day of [from, to] at 10:00 (or `hourOf(day)`), except `skip`. */
  async function everyDay(
    w: ReturnType<typeof fakeWorkers>,
    from: string,
    to: string,
    opts: { skip?: string[]; hourOf?: (day: string) => number; before?: (day: string) => Promise<void> } = {},
  ) {
    for (let d = from; d <= to; d = addDays(d, 1)) {
      await opts.before?.(d)
      if (opts.skip?.includes(d)) continue
      await w.runDay(fid, at(d, opts.hourOf?.(d) ?? 10))
    }
  }

  it('birthdays: once a year each, 29 February on the 28th in 2027 and the 29th in 2028, caught up once after a missed day', async () => {
    const a = await addAutomation(db(), fid, 'BIRTHDAY', { isActive: true, lastRunDay: '2027-01-31' })
    const leap = await addClient(db(), fid, { birthDate: '1992-02-29' })
    const july = await addClient(db(), fid, { birthDate: '1980-07-14' })
    const newYear = await addClient(db(), fid, { birthDate: '1990-01-01' })
    const none = await addClient(db(), fid, {})
    const w = fakeWorkers(db())
    // 14 July 2027 the server is down; 3 October the run is late, at 21:30.
    await everyDay(w, '2027-02-01', '2028-03-31', {
      skip: ['2027-07-14'],
      hourOf: (d) => (d === '2027-10-03' ? 21 : 10),
    })
    await w.drain(at('2028-04-01', 9))
    const { rows, outbox } = await sendsOf(db(), a.id)
    const days = (clientId: string) =>
      rows
        .filter((r) => r.clientId === clientId)
        .map((r) => localDay(r.sentAt!))
        .sort()
    expect(days(leap.id)).toEqual(['2027-02-28', '2028-02-29'])
    expect(days(july.id)).toEqual(['2027-07-15'])
    expect(days(newYear.id)).toEqual(['2028-01-01'])
    expect(days(none.id)).toEqual([])
    expect(rows.every((r) => r.status === 'SENT')).toBe(true)
    expect(rows.every((r) => localHour(r.sentAt!) >= 8 && localHour(r.sentAt!) < 20)).toBe(true)
    // One outbox message per occasion, keyed automation:client:occasion.
    expect(outbox.sort()).toEqual(
      [
        `automation:${a.id}:${leap.id}:2027`,
        `automation:${a.id}:${leap.id}:2028`,
        `automation:${a.id}:${july.id}:2027`,
        `automation:${a.id}:${newYear.id}:2028`,
      ].sort(),
    )
    await db().update(automatedMarketings).set({ isActive: false }).where(eq(automatedMarketings.id, a.id))
  }, 240_000)

  it('a run late in the evening waits for 08:00 the next morning', async () => {
    const a = await addAutomation(db(), fid, 'BIRTHDAY', {
      isActive: true,
      lastRunDay: '2027-10-02',
      daysBefore: 2,
    })
    const c = await addClient(db(), fid, { birthDate: '1970-10-05' })
    const w = fakeWorkers(db())
    await w.runDay(fid, at('2027-10-03', 21))
    expect((await sendsOf(db(), a.id)).rows[0]?.status).toBe('PENDING')
    await w.drain(at('2027-10-04', 8))
    const { rows } = await sendsOf(db(), a.id)
    expect(rows.map((r) => [r.clientId, localDay(r.sentAt!), localHour(r.sentAt!)])).toEqual([
      [c.id, '2027-10-04', 8],
    ])
    await db().update(automatedMarketings).set({ isActive: false }).where(eq(automatedMarketings.id, a.id))
  })

  it('lost customers: once per episode; back and lost again is a new episode', async () => {
    const a = await addAutomation(db(), fid, 'LOST_CUSTOMER', {
      isActive: true,
      lastRunDay: '2027-01-31',
      coveredUntil: at('2027-01-31'),
    })
    const c = await addClient(db(), fid, {
      firstVisitAt: at('2027-01-20', 15),
      lastVisitAt: at('2027-01-20', 15),
    })
    const regular = await addClient(db(), fid, {
      firstVisitAt: at('2027-01-20', 15),
      lastVisitAt: at('2027-01-20', 15),
    })
    const w = fakeWorkers(db())
    await everyDay(w, '2027-02-01', '2027-12-31', {
      before: async (d) => {
        // c comes back on 1 June at 11:00 (after the run), then never again.
        if (d === '2027-06-01')
          await db()
            .update(clients)
            .set({ lastVisitAt: at(d, 11) })
            .where(eq(clients.id, c.id))
        // regular visits on the 1st, 11th, 21st and 31st: never lost.
        if (Number(d.slice(8)) % 10 === 1)
          await db()
            .update(clients)
            .set({ lastVisitAt: at(d, 9) })
            .where(eq(clients.id, regular.id))
      },
    })
    const { rows, outbox } = await sendsOf(db(), a.id)
    expect(rows.filter((r) => r.clientId === regular.id)).toEqual([])
    // Lost on 19 February (last visit 20 January + 30 days at 15:00): messaged at the run of the 20th;
    // lost again on 1 July (1 June 11:00 + 30 days): messaged on the 2nd.
    expect(rows.map((r) => localDay(r.sentAt!)).sort()).toEqual(['2027-02-20', '2027-07-02'])
    expect(outbox.sort()).toEqual([
      `automation:${a.id}:${c.id}:2027-02-19`,
      `automation:${a.id}:${c.id}:2027-07-01`,
    ])
    await db().update(automatedMarketings).set({ isActive: false }).where(eq(automatedMarketings.id, a.id))
  }, 240_000)

  it('new customers: once, the day after the first visit (the default delay), never again', async () => {
    const a = await addAutomation(db(), fid, 'NEW_CUSTOMER', { isActive: true, lastRunDay: '2027-02-28' })
    const late = await addClient(db(), fid, {}) // first visit 10 March 18:00
    const early = await addClient(db(), fid, {}) // first visit 15 April 09:00 (before that day's run)
    const w = fakeWorkers(db())
    await everyDay(w, '2027-03-01', '2027-12-31', {
      before: async (d) => {
        if (d === '2027-03-11')
          await db()
            .update(clients)
            .set({ firstVisitAt: at('2027-03-10', 18), lastVisitAt: at('2027-03-10', 18) })
            .where(eq(clients.id, late.id))
        if (d === '2027-04-15')
          await db()
            .update(clients)
            .set({ firstVisitAt: at(d, 9), lastVisitAt: at(d, 9) })
            .where(eq(clients.id, early.id))
        if (d === '2027-05-01')
          await db()
            .update(clients)
            .set({ lastVisitAt: at(d, 9) })
            .where(eq(clients.id, late.id))
      },
    })
    const { rows } = await sendsOf(db(), a.id)
    const byClient = Object.fromEntries(rows.map((r) => [r.clientId, localDay(r.sentAt!)]))
    expect(rows).toHaveLength(2)
    expect(byClient).toEqual({ [late.id]: '2027-03-11', [early.id]: '2027-04-16' })
    await db().update(automatedMarketings).set({ isActive: false }).where(eq(automatedMarketings.id, a.id))
  }, 240_000)

  it('a rerun, a second worker at once, or a crash before the job is queued never sends twice nor loses a message', async () => {
    const a = await addAutomation(db(), fid, 'BIRTHDAY', { isActive: true, lastRunDay: '2027-08-09' })
    const ids = await Promise.all([1, 2, 3].map(() => addClient(db(), fid, { birthDate: '2001-08-10' })))
    const now = at('2027-08-10')
    // Two workers at the same moment: one takes the day, the other finds it done.
    const [x, y] = await Promise.all([runAutomation(db(), a.id, now), runAutomation(db(), a.id, now)])
    expect([x.recipients, y.recipients].sort()).toEqual([0, 3])
    // Neither queued its dispatch (the "crash"): the server's start requeues the live campaign.
    const w = fakeWorkers(db())
    expect((await w.runDay(fid, at('2027-08-10', 11))).recipients).toBe(0)
    await w.requeue(at('2027-08-10', 12))
    await w.drain(at('2027-08-10', 12))
    await w.runDay(fid, at('2027-08-11'))
    // Birthday edited and switched off and on again the same day: still not re-sent.
    await db()
      .update(automatedMarketings)
      .set({ message: 'Edited', lastRunDay: '2027-08-09' })
      .where(eq(automatedMarketings.id, a.id))
    await w.runDay(fid, at('2027-08-10', 15))
    const { rows, outbox } = await sendsOf(db(), a.id)
    expect(rows.map((r) => r.clientId).sort()).toEqual(ids.map((c) => c.id).sort())
    expect(outbox).toHaveLength(3)
  })

  it('switched off: the next run sends nothing', async () => {
    const a = await addAutomation(db(), fid, 'BIRTHDAY', { isActive: false, lastRunDay: '2027-09-09' })
    await addClient(db(), fid, { birthDate: '1999-09-10' })
    const w = fakeWorkers(db())
    await w.runDay(fid, at('2027-09-10'))
    expect((await sendsOf(db(), a.id)).rows).toEqual([])
  })
})
