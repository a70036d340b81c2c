// Automated marketing calls (issue 20; SPEC §7): the three automations of a franchise, created on the
// first read; saving with the campaign editor's §5 rules (400 naming the field); the type fixed; full
// access only (store owners 403); foreign ids 404; the figures and revenue from the runs' campaigns.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Automation, AutomationDetail, AutomationInput } from '../../src/domain/automations'
import { localInstant } from '../../src/domain/campaigns'
import { automatedMarketings, campaignStats, franchises, outbox } from '../../src/server/db/schema'
import { automationsTick } from '../../src/server/jobs/automations'
import { listAutomations, updateAutomation } from '../../src/server/services/automations'
import { runCampaignStats } from '../../src/server/services/campaign-stats'
import type { Tenant } from '../../src/server/services/scope'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { addClient, fakeWorkers } from '../support/automation-fixtures'
import { franchiseNamed } from '../support/campaign-fixtures'
import { databaseKinds } from '../support/database'

type Method = 'GET' | 'POST' | 'PUT'

describe.each(databaseKinds())('automated marketing calls on %s', (kind) => {
  let t: TestApp
  let owner: string
  let storeOwner: string
  let bagels: string
  let fid: string
  let ownerId: string
  let bagelsFid: string

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Anniversaire',
    isActive: true,
    message: 'Joyeux anniversaire !',
    type: 'BIRTHDAY',
    communicationCampaignType: 'PUSH',
    communicationCampaign: {
      name: 'Anniversaire',
      notification: { title: 'Bon anniversaire' },
      campaignFilters: {},
    },
    coupon: { type: 'percentage', value: 10, header: '-10 %', validity: { value: 1, unit: 'months' } },
    timing: { daysBefore: 0 },
    ...over,
  })
  const list = async (token = owner) =>
    (await call(token, 'GET', `/api/v2/franchises/${fid}/automated-marketings`)).json() as Automation[]

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true })
    owner = await loginAs(t.app, 'owner@demo.test')
    storeOwner = await loginAs(t.app, 'store@demo.test')
    bagels = await loginAs(t.app, 'bagels@demo.test')
    const f = await franchiseNamed(t.database.db, 'Maison Dupont')
    fid = f.id
    ownerId = f.userId!
    bagelsFid = (await franchiseNamed(t.database.db, 'Brooklyn Bagels')).id
  }, 120_000)
  afterAll(() => t?.close())

  it('lists the three automations, inactive, PUSH, birthday first; a second read adds none', async () => {
    const first = await list()
    expect(first.map((a) => [a.type, a.isActive, a.communicationCampaignType])).toEqual([
      ['BIRTHDAY', false, 'PUSH'],
      ['LOST_CUSTOMER', false, 'PUSH'],
      ['NEW_CUSTOMER', false, 'PUSH'],
    ])
    expect(first[2]!.timing.delayDays).toBe(1)
    // Issue 34: Maison Dupont is French; its defaults were English.
    expect(first.map((a) => [a.title, a.message])).toEqual([
      ['Joyeux anniversaire', 'Joyeux anniversaire ! Un petit cadeau vous attend en magasin.'],
      ['Vous nous manquez', 'Vous nous manquez ! Revenez vite nous voir.'],
      ['Bienvenue', 'Merci pour votre première visite, à bientôt !'],
    ])
    expect((await list()).map((a) => a.id)).toEqual(first.map((a) => a.id))
  })

  it('saves an edit with a 10% coupon and switches it on; an edit sends nothing', async () => {
    const [birthday] = await list()
    const res = await call(
      owner,
      'PUT',
      `/api/v2/users/${ownerId}/automated-marketings/${birthday!.id}`,
      body(),
    )
    expect(res.statusCode, res.body).toBe(200)
    const saved = res.json() as Automation
    expect(saved).toMatchObject({
      isActive: true,
      message: 'Joyeux anniversaire !',
      coupon: { type: 'percentage', value: 10 },
    })
    expect(saved.stats.sent).toBe(0)
    const detail = (
      await call(owner, 'GET', `/api/v2/automated-marketings/${birthday!.id}/detail`)
    ).json() as AutomationDetail
    expect(detail.automation.id).toBe(birthday!.id)
    expect(detail.months).toEqual([])
  })

  it('answers 400 naming the field: the type cannot change, a percentage above 100, SMS with an emoji', async () => {
    const [birthday] = await list()
    const put = (b: object) =>
      call(owner, 'PUT', `/api/v2/users/${ownerId}/automated-marketings/${birthday!.id}`, b)
    const field = async (b: object) => {
      const res = await put(b)
      expect(res.statusCode, res.body).toBe(400)
      return res.json().details?.field ?? res.json().field
    }
    expect(await field(body({ type: 'LOST_CUSTOMER' }))).toBe('type')
    expect(
      await field(
        body({
          coupon: { type: 'percentage', value: 150, header: 'x', validity: { value: 1, unit: 'days' } },
        }),
      ),
    ).toBe('coupon.value')
    expect(await field(body({ timing: { daysBefore: 40 } }))).toBe('timing.daysBefore')
    expect(await field(body({ communicationCampaignType: 'SMS', message: 'Joyeux 🎂' }))).toBe(
      'communicationCampaign.notification.message',
    )
    expect(await field(body({ title: '' }))).toBe('title')
  })

  it('POST for a type the franchise has is a 409; the path user must be the caller', async () => {
    const res = await call(owner, 'POST', `/api/v2/users/${ownerId}/automated-marketings`, body())
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('AUTOMATED_MARKETING_EXISTS')
    const bagelsOwner = (await franchiseNamed(t.database.db, 'Brooklyn Bagels')).userId!
    expect(
      (await call(owner, 'POST', `/api/v2/users/${bagelsOwner}/automated-marketings`, body())).statusCode,
    ).toBe(404)
  })

  it('full access only: a store owner is refused; another franchise’s ids are 404', async () => {
    expect((await call(storeOwner, 'GET', `/api/v2/franchises/${fid}/automated-marketings`)).statusCode).toBe(
      403,
    )
    const [birthday] = await list()
    expect((await call(bagels, 'GET', `/api/v2/franchises/${fid}/automated-marketings`)).statusCode).toBe(404)
    const detail = await call(bagels, 'GET', `/api/v2/automated-marketings/${birthday!.id}/detail`)
    expect(detail.statusCode).toBe(404)
    expect(detail.json().code).toBe('AUTOMATED_MARKETING_NOT_FOUND')
    const bagelsOwner = (await franchiseNamed(t.database.db, 'Brooklyn Bagels')).userId!
    const put = await call(
      bagels,
      'PUT',
      `/api/v2/users/${bagelsOwner}/automated-marketings/${birthday!.id}`,
      body(),
    )
    expect(put.statusCode).toBe(404)
    expect(
      (await call(bagels, 'GET', `/api/v2/franchises/${bagelsFid}/automated-marketings`)).statusCode,
    ).toBe(200)
  })

  it('counts a run’s sends at once and its turnover once rolled up; revenue this month and in total', async () => {
    const db = t.database.db
    await db.update(franchises).set({ timezone: 'Europe/Paris' }).where(eq(franchises.id, fid))
    const [birthday] = await list()
    const now = new Date()
    const md = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      month: '2-digit',
      day: '2-digit',
    }).format(now)
    for (let i = 0; i < 2; i++) await addClient(db, fid, { birthDate: `1990-${md}`, appLastUsedAt: now })
    const w = fakeWorkers(db)
    // Noon today in Paris: inside the window.
    const noon = new Date(
      `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now)}T11:00:00Z`,
    )
    await w.runDay(fid, noon)
    await runCampaignStats(db, noon)
    await db
      .update(campaignStats)
      .set({ turnoverCents: 4200, converted: 1 })
      .where(eq(campaignStats.franchiseId, fid))
    const [after] = await list()
    expect(after!.id).toBe(birthday!.id)
    expect(after!.stats).toMatchObject({
      sent: 2,
      converted: 1,
      conversionPercent: 50,
      turnover: 4200,
      averageBasket: 4200,
    })
    expect(after!.sentThisMonth).toBe(2)
    expect(after!.totalMarketingRevenue).toBe(4200)
    const total = (
      await call(owner, 'GET', `/api/v2/franchises/${fid}/automated-marketings/total-revenue`)
    ).json()
    expect(total).toEqual({ revenue: 4200, byType: { BIRTHDAY: 4200, LOST_CUSTOMER: 0, NEW_CUSTOMER: 0 } })
    const month = (await call(owner, 'GET', `/api/v2/franchises/${fid}/automated-marketings/revenue`)).json()
    expect(month.revenue).toBe(4200)
    const detail = (
      await call(owner, 'GET', `/api/v2/automated-marketings/${birthday!.id}/detail`)
    ).json() as AutomationDetail
    expect(detail.months).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}$/), sent: 2, converted: 1 }])
    // The runs are not the merchant's campaigns: the history leaves them out.
    const history = (
      await call(owner, 'GET', `/api/v2/franchises/${fid}/communication-campaigns?page=1&size=20`)
    ).json()
    expect(history.total).toBe(0)
  })

  // Issue 34: the screens never said when the run happens, and "Last run" showed the switching on.
  it('runs at 10:00 franchise time, says so with the next run, and has a last run only after one', async () => {
    const db = t.database.db
    const TZ = 'America/New_York'
    await db.update(franchises).set({ timezone: TZ }).where(eq(franchises.id, bagelsFid))
    const bagelsF = await franchiseNamed(db, 'Brooklyn Bagels')
    const tenant: Tenant = {
      franchiseIds: [bagelsFid],
      storeIds: null,
      userId: bagelsF.userId!,
      role: 'FRANCHISE_OWNER',
      kind: 'member',
      actingAs: null,
    }
    const at = (day: string, hour: number, minute = 0) => localInstant(day, hour, TZ, minute)
    const lost = () =>
      listAutomations(db, tenant, bagelsFid, at('2026-11-24', 8)).then(
        (all) => all.find((a) => a.type === 'LOST_CUSTOMER')!,
      )
    const before = await lost()
    expect(before.schedule).toEqual({ hour: 10, timezone: TZ, nextRunAt: null })
    expect(before.lostAfter).toEqual(bagelsF.customersQualification.lostCustomers.timeSinceLastVisit)
    const input: AutomationInput = {
      franchiseId: bagelsFid,
      title: before.title,
      isActive: true,
      message: before.message,
      type: 'LOST_CUSTOMER',
      communicationCampaignType: 'PUSH',
      communicationCampaign: {
        name: before.communicationCampaign.name,
        notification: { title: 'We miss you' },
        campaignFilters: {},
      },
    }
    // Switched on at 08:00 New York time: no run yet, the next one today at 10:00 there.
    const on = await updateAutomation(
      db,
      tenant,
      tenant.userId,
      before.id,
      input,
      'http://shop.test',
      at('2026-11-24', 8),
    )
    expect(on.lastRunAt).toBeNull()
    expect(on.schedule.nextRunAt).toBe(at('2026-11-24', 10).toISOString())
    expect((await lost()).lastRunAt).toBeNull()
    // The job's tick: nothing due at 09:59 there, the franchise due at 10:00.
    const queued: string[] = []
    const boss = {
      send: async (_: string, data: object) => {
        queued.push((data as { franchiseId: string }).franchiseId)
        return null
      },
    }
    await automationsTick(db, boss as never, at('2026-11-24', 9, 59))
    expect(queued).not.toContain(bagelsFid)
    await automationsTick(db, boss as never, at('2026-11-24', 10))
    expect(queued).toContain(bagelsFid)
    await fakeWorkers(db).runDay(bagelsFid, at('2026-11-24', 10))
    const ran = (await listAutomations(db, tenant, bagelsFid, at('2026-11-24', 11))).find(
      (a) => a.type === 'LOST_CUSTOMER',
    )!
    expect(ran.lastRunAt).toBe(at('2026-11-24', 10).toISOString())
    expect(ran.schedule.nextRunAt).toBe(at('2026-11-25', 10).toISOString())
  })

  // Issue 34: a French franchise's customers got English texts followed by a French opt-out line.
  it('sends the defaults in the franchise’s language with the opt-out line in it; an American one in English', async () => {
    const db = t.database.db
    const bagelsList = (
      await call(bagels, 'GET', `/api/v2/franchises/${bagelsFid}/automated-marketings`)
    ).json()
    expect(bagelsList.map((a: Automation) => a.message)).toEqual([
      'Happy birthday! A little gift awaits you in store.',
      'We miss you! Come back and see us soon.',
      'Thank you for your first visit, see you soon!',
    ])
    const welcome = (await list()).find((a) => a.type === 'NEW_CUSTOMER')!
    await db
      .update(automatedMarketings)
      .set({ isActive: true, channel: 'SMS', lastRunDay: '2026-11-23' })
      .where(eq(automatedMarketings.id, welcome.id))
    const firstVisit = localInstant('2026-11-23', 15, 'Europe/Paris')
    const c = await addClient(db, fid, {
      firstVisitAt: firstVisit,
      lastVisitAt: firstVisit,
    })
    await fakeWorkers(db).runDay(fid, localInstant('2026-11-24', 10, 'Europe/Paris'))
    const [sms] = await db.select().from(outbox).where(eq(outbox.recipient, c.phone!))
    expect(sms!.body).toBe('Merci pour votre première visite, à bientôt !\nSTOP SMS: repondez STOP')
  })
})
