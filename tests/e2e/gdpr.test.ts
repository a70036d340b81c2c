// GDPR in Chromium (issue 23): an owner downloads a client's personal data as JSON, erases the client,
// and the client can no longer be found by phone in the list's search.
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
const { baseURL } = e2e
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test')
})

const rows = () => page.locator('table tbody tr:has(a)')

/** Searches the client list by the typed text, as the owner would. */
async function searchList(text: string) {
  await page.goto('/pages/user/clients')
  await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0)
  await page.getByRole('searchbox', { name: 'Search' }).fill(text)
  await page.waitForURL((url) => url.searchParams.get('search') === text, { timeout: 15_000 })
}

describe('GDPR on the client detail', () => {
  it('downloads the personal data, erases the client, and the phone no longer finds it', async () => {
    // The fewest points: a client the other e2e files do not pick.
    await page.goto('/pages/user/clients?sort=points&order=asc')
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await rows().first().getByRole('link').first().click()
    await page.waitForURL('**/pages/user/clients/*')
    const clientId = new URL(page.url()).pathname.split('/').at(-1)!
    const token = await page.evaluate(() => localStorage.getItem('lb.token'))
    const auth = { authorization: `Bearer ${token}` }
    const [franchise] = await (await fetch(`${baseURL}/api/v2/franchises/owned`, { headers: auth })).json()
    const detail = await (
      await fetch(`${baseURL}/api/v2/franchises/${franchise.id}/clients/${clientId}`, { headers: auth })
    ).json()
    expect(detail.phone).toBeTruthy()

    await page.getByRole('tab', { name: 'Profile' }).click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export personal data (JSON)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/personal-data.*\.json$/)
    const copy = JSON.parse(await readFile((await download.path())!, 'utf8'))
    expect(JSON.stringify(copy)).toContain(detail.phone)
    expect(JSON.stringify(copy)).toContain(detail.firstName)

    // Found by phone before the erasure (so the search below proves something).
    await searchList(detail.phone)
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1)
    await rows().first().getByRole('link').first().click()
    await page.waitForURL(`**/pages/user/clients/${clientId}`)

    await page.getByRole('tab', { name: 'Profile' }).click()
    await page.getByRole('button', { name: 'Erase this client' }).click()
    const dialog = page.getByRole('dialog', { name: /^Erase / })
    await expect.poll(() => dialog.getByRole('listitem').count()).toBeGreaterThan(3)
    await dialog.getByRole('button', { name: 'Erase for good' }).click()
    await page.waitForURL((url) => url.pathname === '/pages/user/clients', { timeout: 15_000 })
    await expect
      .poll(() => page.getByText('The client was erased.').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)

    await searchList(detail.phone)
    // The list answers with its "nobody matches" panel (not merely no rows while it loads).
    await expect
      .poll(() => page.getByText(/^Nobody matches|^No result/).count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
    expect(await rows().count()).toBe(0)
    const after = await (
      await fetch(`${baseURL}/api/v2/franchises/${franchise.id}/clients/${clientId}`, { headers: auth })
    ).json()
    expect(after.phone).toBeNull()
  })
})
