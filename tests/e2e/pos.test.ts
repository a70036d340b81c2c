// Point of sale in Chromium: the owner connects a store's till in the store screen's POS dialog, a
// simulated till posts signed orders with the secret shown there, Refresh lists them; regenerating the
// secret (confirmed) makes the old one refused.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seededRandom, simulate } from '../../src/server/adapters/pos/simulator'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
const { baseURL } = e2e
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test', null)
})

describe('point of sale', () => {
  it('connects a till, receives its signed orders and regenerates the secret', async () => {
    await page.goto('/pages/stores/all')
    await page
      .getByRole('link', { name: /Bordeaux/ })
      .first()
      .click()
    const section = page.getByRole('region', { name: 'Point of sale' })
    await section.getByRole('button', { name: 'POS integration' }).click()
    const dialog = page.getByRole('dialog', { name: 'Point-of-sale integration' })
    const providerId = dialog.getByRole('textbox', { name: /Store id at the provider/ })
    await providerId.waitFor({ timeout: 20_000 })
    // A fresh demo database: Bordeaux has no till yet (NOT_FOUND is shown as an offer to connect).
    if (await dialog.getByRole('button', { name: 'Connect' }).count()) {
      await expect.poll(() => dialog.getByText('Not connected', { exact: true }).count()).toBe(1)
      await providerId.fill('DUPONT-BORDEAUX')
      await dialog.getByRole('button', { name: 'Connect' }).click()
      await page.getByText('Point of sale updated successfully').waitFor({ timeout: 15_000 })
    }
    const secretBox = dialog.getByRole('textbox', { name: 'Secret' })
    await secretBox.waitFor({ timeout: 15_000 })
    const secret = await secretBox.inputValue()
    const url = await dialog.getByRole('textbox', { name: 'Webhook address' }).inputValue()
    const accountId = url.split('/').at(-1)!
    expect(secret).toMatch(/^[0-9a-f]{64}$/)

    const first = 60_000 + Math.floor(Math.random() * 30_000)
    const receipts = await simulate({
      url: baseURL,
      accountId,
      secret,
      orders: 2,
      intervalSeconds: 0,
      currencyCode: 'EUR',
      firstReceipt: first,
      random: seededRandom(first),
      log: () => {},
    })
    await dialog.getByRole('button', { name: 'Refresh' }).click()
    const orders = dialog.getByRole('table', { name: 'Last orders' })
    for (const r of receipts)
      await expect
        .poll(() => orders.getByRole('cell', { name: r, exact: true }).count(), { timeout: 15_000 })
        .toBe(1)
    await expect.poll(() => dialog.getByText('Receiving', { exact: true }).count()).toBe(1)
    await expect.poll(() => dialog.getByRole('table', { name: 'Products (14)' }).count()).toBe(1)

    await dialog.getByRole('button', { name: 'Regenerate the secret' }).click()
    await page
      .getByRole('alertdialog', { name: 'Regenerate the secret?' })
      .getByRole('button', { name: 'Regenerate' })
      .click()
    await expect.poll(() => secretBox.inputValue(), { timeout: 15_000 }).not.toBe(secret)
    await expect(
      simulate({
        url: baseURL,
        accountId,
        secret,
        orders: 0,
        intervalSeconds: 0,
        currencyCode: 'EUR',
        firstReceipt: first,
        log: () => {},
      }),
    ).rejects.toThrow(/HTTP 401/)
  })
})
