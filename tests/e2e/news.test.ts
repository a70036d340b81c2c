// News and happy hours (issue 19) in Chromium as owner@demo.test: create a happy hour from the news
// page, find it on the offers calendar (and open it), then see it on a store's customer scan page.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { e2eServer } from '../support/e2e-target'
import { signIn } from '../support/sign-in'

const baseURL = e2eServer().baseURL
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const c of contexts) await c.close()
  await browser?.close()
})

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', baseURL })
  contexts.push(context)
  return context.newPage()
}

/** A tag of one of the owner's stores: the scan page's address. */
async function tagUidOf(token: string, storeName: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` }
  const stores = (await (await fetch(`${baseURL}/api/v2/stores/owned`, { headers })).json()) as {
    id: string
    name: string
    franchiseId: string
  }[]
  const store = stores.find((s) => s.name === storeName)!
  const tags = await (
    await fetch(`${baseURL}/api/v2/franchises/${store.franchiseId}/tags?storeId=${store.id}`, { headers })
  ).json()
  return tags.data[0].tagId
}

describe('news and happy hours', () => {
  it('creates a happy hour, sees it on the offers calendar and on the scan page', async () => {
    const name = `E2E happy hour ${Date.now().toString(36)}`
    const page = await newPage()
    await signIn(page, 'owner@demo.test')
    await page.waitForURL('**/pages/dashboards/analytics')
    await page.getByRole('navigation').getByRole('link', { name: 'News and happy hours' }).first().click()
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'News and happy hours' }).count())
      .toBe(1)

    await page.getByRole('button', { name: 'New item' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'New news item or happy hour' })
    // A save without a name shows the field's error and keeps the dialog open.
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => dialog.getByText('Enter a name.').count()).toBe(1)
    await dialog.getByRole('textbox', { name: /Name/ }).fill(name)
    await dialog.getByLabel('Starts at').fill('00:00')
    await dialog.getByLabel('Ends at').fill('23:59')
    await dialog.getByRole('textbox', { name: /Price/ }).fill('4,50')
    await dialog.getByRole('checkbox', { name: 'Maison Dupont — Paris Marais' }).check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain('Published')
    expect(await row.textContent()).toContain('00:00–23:59 daily')

    // The calendar: this week shows the daily slot; clicking it opens it.
    await page.getByRole('link', { name: 'Offers calendar' }).first().click()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Offers calendar' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Week' }).click()
    const event = page.getByRole('button', { name }).first()
    await expect.poll(() => event.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await event.click()
    const opened = page.getByRole('dialog', { name })
    await expect.poll(() => opened.count()).toBe(1)
    expect(await opened.textContent()).toContain('00:00–23:59 daily')
    await page.keyboard.press('Escape')

    // The customer scan page of that store shows it under "At the moment".
    const token = (await page.evaluate(() => localStorage.getItem('lb.token')))!
    const uid = await tagUidOf(token, 'Maison Dupont — Paris Marais')
    const customer = await newPage()
    await customer.goto(`/scan/${uid}`)
    const now = customer.getByRole('region', { name: 'At the moment' })
    await expect.poll(() => now.getByText(name).count(), { timeout: 20_000 }).toBe(1)
    expect(await now.textContent()).toContain('Every day 00:00–23:59')
    expect(await now.textContent()).toContain('€4.50')
  })
})
