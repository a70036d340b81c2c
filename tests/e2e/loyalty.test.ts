// Loyalty offers in Chromium (issue 5): the owner creates an offer on its card, sees it in the list,
// archives it through the confirmation dialog (it leaves the active list and shows as archived), then
// unarchives it. Names carry a run id: other journeys share the server and its demo data.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
let page: Page
const name = `E2E offer ${Date.now().toString(36)}`

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test', null)
})

describe('loyalty offers', () => {
  it('creates an offer, archives it (confirmed), finds it among the archived ones and unarchives it', async () => {
    await page.goto('/pages/loyalty')
    const offers = page.getByRole('table', { name: 'Offers' })
    await expect.poll(() => offers.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('textbox', { name: /^Card name/ }).inputValue()).not.toBe('')

    await page.getByRole('button', { name: 'New offer' }).click()
    const dialog = page.getByRole('dialog', { name: 'New offer' })
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name)
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Short')
    await dialog.getByRole('textbox', { name: /^Points to redeem/ }).fill('75')
    await dialog.getByRole('combobox', { name: 'Offer type' }).selectOption('FLAT')
    await dialog.getByRole('textbox', { name: /^Amount off/ }).fill('3,50')
    await dialog.getByRole('button', { name: 'Create the offer' }).click()
    // §5: the description needs 10 to 80 characters; nothing is sent until it has.
    await expect.poll(() => dialog.getByText('The description has 10 to 80 characters.').count()).toBe(1)
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A treat for our regulars.')
    await dialog.getByRole('button', { name: 'Create the offer' }).click()
    await expect
      .poll(() => page.getByRole('dialog', { name: 'New offer' }).count(), { timeout: 15_000 })
      .toBe(0)

    const row = offers.getByRole('row').filter({ hasText: name })
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    expect(await row.innerText()).toContain('€3.50')
    expect(await row.innerText()).toContain('Active')

    await page.getByRole('button', { name: `Archive ${name}` }).click()
    const confirm = page.getByRole('alertdialog', { name: `Archive “${name}”?` })
    await confirm.getByRole('button', { name: 'Archive' }).click()
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0)

    await page.getByRole('checkbox', { name: 'Show archived offers' }).check()
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    expect(await row.innerText()).toContain('Archived')

    await page.getByRole('button', { name: `Unarchive ${name}` }).click()
    await page
      .getByRole('dialog', { name: `Unarchive “${name}”?` })
      .getByRole('button', { name: 'Unarchive' })
      .click()
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Active')
    await page.getByRole('checkbox', { name: 'Show archived offers' }).uncheck()
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
  })

  it("lists the card's clients in the customers tab, its query in the address", async () => {
    await page.getByRole('tab', { name: 'Customers' }).click()
    await page.waitForURL('**/pages/loyalty?tab=customers')
    const table = page.locator('table tbody tr:has(a)')
    await expect.poll(() => table.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await page.getByRole('tab', { name: 'My card' }).click()
    await page.waitForURL(/\/pages\/loyalty$/)
  })
})
