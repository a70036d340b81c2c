// Client import in Chromium (issue 23): the owner uploads a 2,000-row CSV with 30 bad rows and 50
// duplicates, keeps the suggested columns, previews, runs it and watches its progress, reads the
// report (80 skipped rows with their reasons) and finds an imported client in the client list. At a
// desktop's and a phone's width, with an empty console (issue 34).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { shot } from '../support/e2e-shot'
import { clientsCsv } from '../support/import-fixtures'

const e2e = e2eBrowser()

describe.each(JOURNEY_VIEWPORTS)('client import ($name)', ({ name: width, ...options }) => {
  let page: Page
  // Phones and e-mails of their own, so that the imported clients meet neither the demo's, the other
  // width's nor another test's (the search below finds this run's client by its e-mail).
  const phoneBase = width === 'desktop' ? 61_000_000 : 62_000_000
  const file = clientsCsv({ rows: 2000, bad: 30, duplicates: 50, phoneBase })
  beforeAll(async () => {
    page = await e2e.signedInPage('owner@demo.test', undefined, options)
  })
  const count = (text: string) =>
    page.getByRole('table', { name: 'Skipped rows' }).getByText(text, { exact: true }).count()
  // A table on a desktop, cards on a phone (issue 24).
  const listRows = () => page.locator('table tbody tr:has(a), [data-layout="cards"] > li:has(a)')

  it('imports a CSV, shows its progress and the skipped rows, and the clients are in the list', async () => {
    expect(file).toMatchObject({ bad: 30, duplicates: 50, valid: 1920 })
    await page.goto('/pages/user/clients')
    await page.getByRole('link', { name: 'Import' }).click()
    await page.waitForURL('**/pages/user/clients/import')
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Import clients' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)

    await page.getByLabel('CSV file').setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file.csv),
    })
    await page.getByRole('button', { name: 'Upload' }).click()

    // The server's suggested columns, kept.
    const firstName = page.getByRole('combobox', { name: 'First name' })
    await firstName.waitFor({ timeout: 30_000 })
    expect(await firstName.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('first_name')
    expect(
      await page
        .getByRole('combobox', { name: 'Opening points balance' })
        .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text),
    ).toBe('points')
    await page.getByRole('button', { name: 'Preview' }).click()

    // The first rows with what each would do: record 3 is the first bad one (its phone).
    const preview = page.getByRole('table', { name: 'The first rows of clients.csv' })
    await preview.waitFor({ timeout: 20_000 })
    expect(await preview.getByRole('row').count()).toBe(21)
    expect(await preview.getByText('Invalid phone number').count()).toBe(1)
    expect(await preview.getByText('New client').count()).toBe(19)

    await page.getByRole('button', { name: 'Import 2,000 rows' }).click()
    // The progress, while the job runs (the first answer comes after the poll's delay).
    const bar = page.getByRole('progressbar', { name: 'Rows read' })
    await bar.waitFor({ timeout: 20_000 })
    expect(await bar.getAttribute('max')).toBe('2000')
    await expect.poll(() => page.getByText(/of 2,?000 rows read$/).count()).toBe(1)

    // The report: 80 skipped rows, each with its reason.
    await page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 120_000 })
    await page.getByRole('table', { name: 'Skipped rows' }).waitFor({ timeout: 20_000 })
    const counter = (name: string) => page.locator('dt', { hasText: name }).locator('+ dd').innerText()
    expect(await counter('Skipped')).toBe('80')
    expect(await counter('Created')).toBe('1920')
    expect(await page.getByRole('table', { name: 'Skipped rows' }).getByRole('row').count()).toBe(81)
    expect(await count('Duplicate of an earlier row')).toBe(50)
    for (const reason of [
      'Invalid phone number',
      'First name missing',
      'Invalid date of birth',
      'Invalid points',
      'Invalid e-mail',
    ])
      expect(await count(reason)).toBe(6)
    expect(await page.getByRole('button', { name: 'Download the report' }).isEnabled()).toBe(true)
    await shot(page, `/tmp/shots-import/report-${width}.png`)

    // An imported client in the client list.
    await page.getByRole('link', { name: 'See the clients' }).click()
    await page.waitForURL('**/pages/user/clients')
    await shot(page, `/tmp/shots-import/list-${width}.png`)
    // The list's search is in its address (as the list keeps it).
    await page.goto(`/pages/user/clients?search=client${phoneBase + 1999}%40import.test`)
    await expect.poll(() => listRows().filter({ hasText: 'Prénom1999' }).count(), { timeout: 20_000 }).toBe(1)
    await shot(page, `/tmp/shots-import/client-${width}.png`)
    expect(e2e.consoleProblems(page)).toEqual([])
  }, 240_000)
})
