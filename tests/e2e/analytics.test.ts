// Analytics in Chromium (issue 8): the owner lands on the dashboard after login, filled from the
// seeded demo data by the rollup job, on the top bar's store; "All stores" in the top bar makes it
// franchise-wide; changing the period and the store updates the figures and the charts. The ECharts chunk is not downloaded with the page: only once a chart is drawn.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
let page: Page
const scripts: string[] = []
const isChartsChunk = (url: string) => /\/EChart-[\w-]+\.js$/.test(new URL(url).pathname)

beforeAll(async () => {
  page = await e2e.newPage()
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
})

/** The dashboard's own filters (the toolbar has a store selector of its own). */
const filters = () => page.getByRole('search', { name: 'Filters' })
const card = (name: string) => page.getByRole('region', { name })
/** The drawn chart of a card (ECharts' SVG), to see it change. */
const chartOf = (name: string) => card(name).locator('[data-chart] svg').first().innerHTML()
const figureOf = (name: string, label: string) =>
  card(name)
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText()

describe('analytics', () => {
  it('lands the owner on the dashboard; the charts chunk loads only when a chart is drawn', async () => {
    await page.goto('/login')
    await page.getByLabel('E-mail').fill('owner@demo.test')
    await page.getByLabel('Password', { exact: true }).fill('demo-password')
    // The login page and the whole app shell came without the charts.
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter(isChartsChunk)).toEqual([])
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/pages/dashboards/analytics')
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).count(), { timeout: 15_000 })
      .toBe(1)
    // The seeded months are rolled up at start: the cards have figures, and a chart is drawn.
    await expect
      .poll(() => card('Visits per day').locator('[data-chart] svg').count(), { timeout: 30_000 })
      .toBe(1)
    expect(scripts.filter(isChartsChunk)).toHaveLength(1)
    await expect
      .poll(() => card('Return on investment').locator('dd').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    expect(await figureOf('Return on investment', 'Sales')).toMatch(/^€[\d,]+\.\d\d$/)
  })

  it('updates the figures and the charts when the period and the store change', async () => {
    // Marks this document: a full page load would lose it.
    await page.evaluate(() => {
      ;(window as unknown as { __noReload: boolean }).__noReload = true
    })
    // The dashboard starts on the top bar's store (the first one); "All stores" there makes it franchise-wide.
    const storeSales = await figureOf('Return on investment', 'Sales')
    expect(await card('Visit frequency').getByText('Choose a store to see these figures.').count()).toBe(0)
    const topBar = page.getByRole('combobox', { name: 'Current store' })
    await topBar.click()
    await page.getByRole('option', { name: 'All stores' }).click()
    await expect.poll(() => topBar.innerText()).toBe('All stores')
    await expect
      .poll(() => card('Visit frequency').getByText('Choose a store to see these figures.').count(), {
        timeout: 15_000,
      })
      .toBe(1)
    await expect
      .poll(() => figureOf('Return on investment', 'Sales').catch(() => storeSales), { timeout: 15_000 })
      .not.toBe(storeSales)
    const sales30 = await figureOf('Return on investment', 'Sales')
    await expect
      .poll(() => card('Visits per day').locator('[data-chart] svg').count(), { timeout: 15_000 })
      .toBe(1)
    const chart30 = await chartOf('Visits per day')

    await filters().getByRole('combobox', { name: 'Period' }).click()
    await page.getByRole('option', { name: 'Last 365 days' }).click()
    await expect.poll(() => figureOf('Return on investment', 'Sales'), { timeout: 15_000 }).not.toBe(sales30)
    await expect.poll(() => chartOf('Visits per day'), { timeout: 15_000 }).not.toBe(chart30)
    const sales365 = await figureOf('Return on investment', 'Sales')
    const chart365 = await chartOf('Visits per day')
    // The store cards ask for a store until one is chosen.
    expect(await card('Visit frequency').getByText('Choose a store to see these figures.').count()).toBe(1)

    await filters().getByRole('combobox', { name: 'Store' }).click()
    await page.getByRole('option').nth(1).click()
    await expect.poll(() => figureOf('Return on investment', 'Sales'), { timeout: 15_000 }).not.toBe(sales365)
    await expect.poll(() => chartOf('Visits per day'), { timeout: 15_000 }).not.toBe(chart365)
    // A chart is drawn once its card comes near the window: this one may be below it.
    await card('Visit frequency').scrollIntoViewIfNeeded()
    await expect
      .poll(() => card('Visit frequency').locator('[data-chart] svg').count(), { timeout: 15_000 })
      .toBe(1)
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
    // The chunk was fetched once, not again for each chart.
    expect(scripts.filter(isChartsChunk)).toHaveLength(1)
  })
  // The demo pages (the same screens over the demo franchise) are driven in tests/e2e/demo.test.ts.
})
