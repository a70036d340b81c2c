// The demo pages in Chromium (issue 8): the owner of Brooklyn Bagels (a US franchise, in dollars) opens
// /pages/demo/analytics, /pages/demo/clients and /pages/demo/loyalty and sees the demo franchise's
// figures (in euros), clients (French numbers) and card — not its own — with no control that writes.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { signIn } from '../support/sign-in'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
let page: Page
const writes: string[] = []

beforeAll(async () => {
  page = await e2e.newPage()
  // Every call the demo pages make is a read.
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/') && r.method() !== 'GET' && !r.url().includes('/login'))
      writes.push(`${r.method()} ${r.url()}`)
  })
  await signIn(page, 'bagels@demo.test')
  await page.waitForURL('**/pages/**')
})

const banner = () => page.getByRole('note')
const card = (name: string) => page.getByRole('region', { name })
const filters = () => page.getByRole('search', { name: 'Filters' })

describe('demo pages', () => {
  it('shows the demo franchise’s analytics, in euros, over its own stores', async () => {
    writes.length = 0
    await page.goto('/pages/demo/analytics')
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Analytics (demo)' }).count(), {
        timeout: 15_000,
      })
      .toBe(1)
    expect(await banner().innerText()).toContain(
      'Le Comptoir Démo is a fictitious franchise, shown read-only',
    )
    // The demo's sales are in euros; Brooklyn Bagels' would be in dollars.
    await expect
      .poll(() => card('Return on investment').locator('dd').count(), { timeout: 30_000 })
      .toBeGreaterThan(0)
    const sales = await card('Return on investment')
      .locator('dt')
      .filter({ hasText: /^Sales$/ })
      .locator('xpath=following-sibling::dd[1]')
      .innerText()
    expect(sales).toMatch(/^€[\d,]+\.\d\d$/)
    expect(sales).not.toBe('€0.00')
    await filters().getByRole('combobox', { name: 'Store' }).click()
    const options = await page.getByRole('option').allInnerTexts()
    expect(options).toEqual(
      expect.arrayContaining(['Le Comptoir Démo — Bordeaux', 'Le Comptoir Démo — Lyon']),
    )
    expect(options.join(' ')).not.toContain('Brooklyn')
    await page.keyboard.press('Escape')
    expect(writes).toEqual([])
  })

  it('lists the demo franchise’s clients without links or a create button', async () => {
    await page.goto('/pages/demo/clients')
    await expect.poll(() => banner().count(), { timeout: 15_000 }).toBe(1)
    const table = page.getByRole('table')
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(5)
    expect(await page.getByText('300 clients').count()).toBe(1)
    // French numbers of the demo's fictitious clients, not Brooklyn's (+1).
    const body = await table.innerText()
    expect(body).toMatch(/\+33|0[67] \d\d/)
    expect(body).not.toMatch(/\+1 \d{3}|\(\d{3}\)/)
    expect(await table.getByRole('link').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Add a client' }).count()).toBe(0)
    // Sorting stays on the demo page.
    await page.getByRole('button', { name: /^Points/ }).click()
    await page.waitForURL(/\/pages\/demo\/clients\?.*sort=points/)
    expect(writes).toEqual([])
  })

  it('shows the demo franchise’s card and offers with no edit control', async () => {
    await page.goto('/pages/demo/loyalty')
    await expect.poll(() => banner().count(), { timeout: 15_000 }).toBe(1)
    const name = page.getByRole('textbox', { name: 'Card name' })
    await expect.poll(() => name.count(), { timeout: 15_000 }).toBe(1)
    expect(await name.inputValue()).toBe('Carte Comptoir Démo')
    expect(await name.isDisabled()).toBe(true)
    const offers = page.getByRole('table', { name: 'Offers' })
    await expect.poll(() => offers.getByText('Boisson chaude offerte').count(), { timeout: 15_000 }).toBe(1)
    expect(await offers.getByText('Bagel').count()).toBe(0)
    expect(await offers.getByRole('button').count()).toBe(0)
    for (const button of ['New offer', 'Save the card', 'Create the card'])
      expect(await page.getByRole('button', { name: button }).count()).toBe(0)
    expect(writes).toEqual([])
  })
})
