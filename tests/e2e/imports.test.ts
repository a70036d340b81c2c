// Client import in Chromium (issue 23): the owner uploads a 2,000-row CSV with 30 bad rows and 50
// duplicates, keeps the suggested columns, previews, runs it and watches its progress, reads the
// report (80 skipped rows with their reasons) and finds an imported client in the client list.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { clientsCsv } from '../support/import-fixtures'

const e2e = e2eBrowser()
let page: Page

// Phones of their own, so that the imported clients meet neither the demo's nor another test's.
const file = clientsCsv({ rows: 2000, bad: 30, duplicates: 50, phoneBase: 61_000_000 })

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test')
})

const count = (text: string) =>
  page.getByRole('table', { name: 'Skipped rows' }).getByText(text, { exact: true }).count()

describe('client import', () => {
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

    // An imported client in the client list.
    await page.getByRole('link', { name: 'See the clients' }).click()
    await page.waitForURL('**/pages/user/clients')
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Nom1999')
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Prénom1999' }).count(), { timeout: 20_000 })
      .toBe(1)
  })
})
