// Stores in Chromium (issue 6): the owner creates a store with opening hours, sees it first in the list
// sorted by creation date, enables its scanner, selects it in the toolbar and the scanner button appears,
// all without a page load.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
const { baseURL } = e2e
let page: Page
const name = `Maison Dupont — E2E ${Date.now().toString(36)}`

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test', null)
})

describe('stores', () => {
  it('creates a store with opening hours, enables its scanner and gets the scanner button', async () => {
    await page.goto('/pages/stores/all')
    const rows = page.locator('table tbody tr:has(a)')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    // Marks this document: a full page load later would lose it.
    await page.evaluate(() => {
      ;(window as unknown as { __noReload: boolean }).__noReload = true
    })

    await page.getByRole('button', { name: 'New store' }).click()
    const dialog = page.getByRole('dialog', { name: 'New store' })
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name)
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('01 42 72 00 00')
    await dialog.getByLabel('Monday: closes (hours 1)').fill('12:00')
    await dialog.getByRole('button', { name: 'Add hours on Monday' }).click()
    await dialog.getByLabel('Monday: opens (hours 2)').fill('14:00')
    await dialog.getByLabel('Monday: closes (hours 2)').fill('19:00')
    await dialog.getByRole('button', { name: 'Remove hours 1 on Sunday' }).click()
    await expect.poll(() => dialog.getByText('Closed: Sunday').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Create the store' }).click()
    await expect
      .poll(() => page.getByRole('dialog', { name: 'New store' }).count(), { timeout: 15_000 })
      .toBe(0)

    // Newest first (§9 default sort: date created, descending).
    await expect.poll(() => rows.first().getByRole('link').innerText(), { timeout: 15_000 }).toBe(name)
    expect(await page.getByRole('columnheader', { name: /^Created/ }).getAttribute('aria-sort')).toBe(
      'descending',
    )

    const token = await page.evaluate(() => localStorage.getItem('lb.token'))
    const owned = await (
      await fetch(`${baseURL}/api/v2/stores/owned`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    const created = owned.find((s: { name: string }) => s.name === name)
    const full = await (
      await fetch(`${baseURL}/api/Stores/${created.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    expect(full.phone).toBe('+33142720000')
    expect(full.storeOpeningHours.hours.mon).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '14:00', close: '19:00' },
    ])
    expect(full.storeOpeningHours.hours.sun).toEqual([])

    // Enable the scanner from the edit dialog.
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = page.getByRole('dialog', { name: `Edit ${name}` })
    await edit.getByRole('checkbox', { name: /Tag scanner/ }).check()
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => page.getByRole('dialog', { name: `Edit ${name}` }).count(), { timeout: 15_000 })
      .toBe(0)
    await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain('Enabled')

    // Leave the stores area inside the app (the toolbar's store selector is hidden there, §1).
    await page.evaluate(() => {
      history.pushState({}, '', '/pages/user/clients')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    const selector = page.getByRole('combobox', { name: 'Current store' })
    await selector.click()
    await page.getByRole('option', { name }).click()
    await expect
      .poll(() => page.getByRole('button', { name: 'Scanner' }).count(), { timeout: 15_000 })
      .toBe(1)
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('lb.currentStore'))).toContain(created.id)
  })
})
