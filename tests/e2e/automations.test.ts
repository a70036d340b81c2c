// Automated marketing's journey (issue 20) in Chromium, on a server of this file's own whose clock the
// test sets (tests/support/e2e-clock.ts): Tuesday 8 December 2026, 10:01 in Paris, demo data seeded
// that day. The owner switches the birthday automation on by SMS with a 10% coupon; the clock moves to
// 10:15, the server's own 15-minute tick (pg-boss cron) queues the franchise's daily run, the run
// hands today's birthdays to the dispatch engine, and their SMS reach the outbox; the card counts them
// and says when it ran, and a birthday client's history shows the message (issue 34). Then the same
// screens at a phone's width; every page with an empty console.
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { type ClockedServer, startClockedServer } from '../support/e2e-clock'
import { ownerToken } from '../support/e2e-outbox'
import { shot } from '../support/e2e-shot'

const OWNER = 'owner@demo.test'
// 10:01 and 10:15 in Paris (UTC+1 in December): before the 10:15 tick, and the tick's own minute.
const START = new Date('2026-12-08T09:01:00Z')
const TICK = new Date('2026-12-08T09:15:00Z')
const TEXT = 'Happy birthday from Maison Dupont: 10% off your next visit!'

const e2e = e2eBrowser()
const [DESKTOP, PHONE] = JOURNEY_VIEWPORTS
let server: ClockedServer

beforeAll(async () => {
  server = await startClockedServer(START)
}, 600_000)
afterAll(async () => {
  await server?.stop()
})

/** The owner's API: the franchise, its clients (CRM export, with dates of birth) and its SMS outbox. */
async function ownerApi(baseURL: string) {
  const headers = { authorization: `Bearer ${await ownerToken(baseURL, OWNER)}` }
  const get = async (path: string) => {
    const res = await fetch(`${baseURL}${path}`, { headers })
    expect(res.status, path).toBe(200)
    return res
  }
  const stores = (await (await get('/api/v2/stores/owned')).json()) as { franchiseId: string }[]
  const franchiseId = stores[0]!.franchiseId
  return {
    async clients() {
      const csv = await (await get(`/api/v2/franchises/${franchiseId}/crm-clients/export.csv`)).text()
      return parse(csv, { columns: true, bom: true }) as { dateOfBirth: string; phone: string }[]
    },
    async birthdaySms() {
      const page = (await (
        await get(`/api/v2/franchises/${franchiseId}/messages?channel=sms&size=100`)
      ).json()) as { data: { recipient: string; body: string }[] }
      return page.data.filter((m) => m.body.includes(TEXT))
    },
  }
}

describe('automated marketing: the birthday automation', () => {
  it('is switched on with a 10% coupon, the daily run texts today’s birthdays, the card counts them', async () => {
    const baseURL = server.url
    const { name: _desktop, ...desktop } = DESKTOP
    const owner = await e2e.signedInPage(OWNER, undefined, { baseURL, ...desktop })
    await owner.goto('/pages/marketing/list')
    // When automations run is said where they are set (issue 34), in the franchise's time.
    await expect
      .poll(() => owner.getByText(/Automations run every day at 10:00( AM)? \(.*Paris.*\)/).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0)
    const card = owner.getByRole('listitem', { name: 'Birthday' })
    await card.getByRole('link', { name: 'Edit' }).click()
    await owner.waitForURL('**/pages/marketing/birthday/*')

    // The editor: SMS, the message, a 10% coupon, switched on, saved.
    await owner.getByRole('radio', { name: 'SMS' }).check()
    await owner.getByRole('textbox', { name: 'Message text' }).fill(TEXT)
    await owner.getByRole('radio', { name: 'Percentage' }).check()
    await owner.getByRole('textbox', { name: 'Value' }).fill('10')
    await owner.getByRole('textbox', { name: 'Coupon title' }).fill('Birthday: 10% off')
    await owner.getByRole('switch', { name: 'Active' }).check()
    await owner.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => owner.getByRole('status').getByText('Automation saved').count()).toBe(1)
    // Switched on, not run yet: the card says so (issue 34: "Last run" showed before any run).
    await owner.goto('/pages/marketing/list')
    await expect.poll(() => card.getByText('Never run yet').count(), { timeout: 20_000 }).toBe(1)

    // Who should get it: the franchise's clients born on 8 December (every demo number takes SMS).
    const api = await ownerApi(baseURL)
    const expected = (await api.clients())
      .filter((c) => c.dateOfBirth.endsWith('-12-08') && c.phone)
      // The export quotes a cell starting like a formula ('+33…): the number is after the quote.
      .map((c) => c.phone.replace(/^'/, ''))
      .sort()
    expect(expected.length).toBeGreaterThan(0)
    expect(await api.birthdaySms()).toEqual([])

    // 10:15: the server's tick queues the run (its schedules are checked every 5 s, and a tick is due
    // for the minute after its time); the dispatch engine sends what it selected.
    server.moveTo(TICK)
    await expect
      .poll(async () => (await api.birthdaySms()).length, { timeout: 120_000, interval: 2_000 })
      .toBe(expected.length)
    const sent = await api.birthdaySms()
    expect(sent.map((m) => m.recipient).sort()).toEqual(expected)

    // The card: on, and the messages sent this month.
    await owner.goto('/pages/marketing/list')
    await expect.poll(() => card.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true)
    await expect.poll(() => card.getByTestId('sent-BIRTHDAY').textContent()).toBe(String(expected.length))
    expect(await card.getByText('Never run yet').count()).toBe(0)
    await shot(owner, '/tmp/shots-automations/list-desktop.png')

    // A birthday client's history shows the message among those they received (issue 34).
    await receivedMessage(owner, expected[0]!)
    await shot(owner, '/tmp/shots-automations/client-history-desktop.png')
    expect(e2e.consoleProblems(owner)).toEqual([])
  }, 300_000)

  it('shows the same at a phone’s width: when it runs, its last run, the count, the editor', async () => {
    const { name: _phone, ...phone } = PHONE
    const owner = await e2e.signedInPage(OWNER, undefined, { baseURL: server.url, ...phone })
    await owner.goto('/pages/marketing/list')
    const card = owner.getByRole('listitem', { name: 'Birthday' })
    await expect
      .poll(() => card.getByRole('switch', { name: 'Active' }).isChecked(), { timeout: 20_000 })
      .toBe(true)
    expect(await card.getByText('Never run yet').count()).toBe(0)
    expect(Number(await card.getByTestId('sent-BIRTHDAY').textContent())).toBeGreaterThan(0)
    await shot(owner, '/tmp/shots-automations/list-phone.png')
    await card.getByRole('link', { name: 'Edit' }).click()
    await owner.waitForURL('**/pages/marketing/birthday/*')
    await expect
      .poll(() => owner.getByRole('textbox', { name: 'Message text' }).inputValue(), { timeout: 20_000 })
      .toBe(TEXT)
    await shot(owner, '/tmp/shots-automations/editor-phone.png')
    expect(e2e.consoleProblems(owner)).toEqual([])
  }, 120_000)
})

/** Opens the client of `phone` from the list's search and finds the automation's SMS in its history. */
async function receivedMessage(page: Page, phone: string) {
  await page.goto(`/pages/user/clients?search=${encodeURIComponent(phone)}`)
  const rows = page.locator('table tbody tr:has(a), [data-layout="cards"] > li:has(a)')
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1)
  await rows.first().getByRole('link').first().click()
  await page.waitForURL('**/pages/user/clients/*')
  await page.getByRole('tab', { name: 'History' }).click()
  const messages = page.getByRole('table', { name: 'Messages received' })
  const row = messages.getByRole('row').filter({ hasText: 'Automation' })
  await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1)
  expect(await row.innerText()).toMatch(/SMS[\s\S]*Sent/)
}
