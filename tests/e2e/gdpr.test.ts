// GDPR in Chromium (issue 23), at a desktop's and a phone's width (issue 34): an owner downloads the
// personal data of a client who never visited (a landing-page, import, scan or game sign-up) as JSON
// and as the readable page, erases the client, and the client is gone from the list, its search and
// its count, with nothing said wrong in the console.
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { shot } from '../support/e2e-shot'

const e2e = e2eBrowser()
const { baseURL } = e2e

describe.each(JOURNEY_VIEWPORTS)('GDPR on the client detail ($name)', ({ name, ...options }) => {
  let page: Page
  /** Every address the page asked for (issue 34: none carries the access token). */
  const requested: string[] = []
  beforeAll(async () => {
    page = await e2e.signedInPage('owner@demo.test', undefined, options)
    page.on('request', (r) => requested.push(r.url()))
  })
  afterAll(() => page?.context().close())

  // A table on a desktop, cards on a phone (issue 24).
  const rows = () => page.locator('table tbody tr:has(a), [data-layout="cards"] > li:has(a)')
  /** The list's "N clients" under its title. */
  const shownCount = async () => {
    const text = page.getByText(/^[\d,]+ clients?$/)
    await expect.poll(() => text.count(), { timeout: 20_000 }).toBe(1)
    return Number((await text.textContent())!.replace(/\D/g, ''))
  }

  /** The client list searched by a text (the search is in the address, as the list keeps it). */
  async function searchList(text: string) {
    await page.goto(`/pages/user/clients?search=${encodeURIComponent(text)}`)
  }

  /** The page's own call: the franchise's clients count as the list and the dashboard give it. */
  async function api(path: string, init: RequestInit = {}) {
    const token = await page.evaluate(() => localStorage.getItem('lb.token'))
    const res = await fetch(`${baseURL}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    return res.json()
  }

  it('downloads both copies of a never-visited client, erases it, and it leaves the list and count', async () => {
    const [franchise] = await api('/api/v2/franchises/owned')
    // A sign-up that never came to a store: no visit date at all (issue 34: the readable copy was a 500).
    const firstName = `Jamais${name === 'desktop' ? 'Bureau' : 'Mobile'}`
    const phone = name === 'desktop' ? '+33612450981' : '+33612450982'
    const created = await api(`/api/v2/franchises/${franchise.id}/users`, {
      method: 'POST',
      body: JSON.stringify({ firstName, lastName: 'Venu', phone }),
    })
    expect(created.id).toBeTruthy()
    await page.goto('/pages/user/clients?sort=createdAt&order=desc')
    const countBefore = await shownCount()
    expect(countBefore).toBe((await api('/api/v2/franchises/clients?size=5')).metadata.total)

    await searchList(firstName)
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1)
    await rows().first().getByRole('link').first().click()
    await page.waitForURL(`**/pages/user/clients/${created.id}`)
    await page.getByRole('tab', { name: 'Profile' }).click()
    const copy = async (label: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: label }).click(),
      ])
      return { file: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') }
    }
    const json = await copy('Export personal data (JSON)')
    expect(json.file).toMatch(/personal-data.*\.json$/)
    expect(JSON.parse(json.text).client).toMatchObject({ firstName, phone, lastVisitAt: null })
    const readable = await copy('Export personal data (readable page)')
    expect(readable.file).toMatch(/personal-data.*\.html$/)
    expect(readable.text).toContain(firstName)
    expect(readable.text).not.toMatch(/Invalid|NaN|infinity/i)
    // The copies came through links with a one-minute ticket, not the token.
    const copies = requested.filter((u) => u.includes('/personal-data?'))
    expect(copies.length).toBeGreaterThanOrEqual(2)
    for (const u of copies) expect(u).toContain('download=')
    expect(requested.filter((u) => /[?&](access_token|token)=/.test(u))).toEqual([])

    await page.getByRole('button', { name: 'Erase this client' }).click()
    const dialog = page.getByRole('dialog', { name: /^Erase / })
    await expect.poll(() => dialog.getByRole('listitem').count()).toBeGreaterThan(3)
    await shot(page, `/tmp/shots-privacy/gdpr-erase-${name}.png`)
    await dialog.getByRole('button', { name: 'Erase for good' }).click()
    await page.waitForURL((url) => url.pathname === '/pages/user/clients', { timeout: 15_000 })
    await expect
      .poll(() => page.getByText('The client was erased.').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    // Issue 34: the newest clients first, and no nameless row where it was; one client fewer.
    await page.goto('/pages/user/clients?sort=createdAt&order=desc')
    expect(await shownCount()).toBe(countBefore - 1)
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0)
    expect(await page.locator(`a[href$="/pages/user/clients/${created.id}"]`).count()).toBe(0)
    await shot(page, `/tmp/shots-privacy/gdpr-list-${name}.png`)

    for (const text of [phone, firstName]) {
      await searchList(text)
      // The list answers with its "nobody matches" panel (not merely no rows while it loads).
      await expect
        .poll(() => page.getByText(/^Nobody matches|^No result/).count(), { timeout: 20_000 })
        .toBeGreaterThan(0)
      expect(await rows().count()).toBe(0)
    }
    const after = await api(`/api/v2/franchises/${franchise.id}/clients/${created.id}`)
    expect(after).toMatchObject({ phone: null, firstName: '' })
    expect(e2e.consoleProblems(page)).toEqual([])
  }, 180_000)
})
