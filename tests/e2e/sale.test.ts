// The create-sale dialog in Chromium (issue 5): Brooklyn Bagels (MANUAL_AMOUNT, USD) opens the dialog
// from the toolbar, its single tag is auto-selected, 12.50 is injected, the amount, the points and a
// countdown that goes down show; Reset clears them. The scanner dialog opens the tag's scanner screen,
// which shows the QR code and the points waiting, and returns to "scan" once they are reset.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
const { baseURL } = e2e
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('bagels@demo.test')
})

const countdownSeconds = async (text: string) => {
  const m = /(\d+):(\d{2})/.exec(text)
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN
}

describe('create a sale', () => {
  it('injects 12.50 on the auto-selected tag, counts down, and resets', async () => {
    await page.getByRole('button', { name: 'Create a sale' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create a sale' })
    const counter = dialog.getByRole('radio', { name: 'Counter' })
    await expect.poll(() => counter.isChecked(), { timeout: 20_000 }).toBe(true)
    // An injection left open by an earlier run would show first: reset it.
    const reset = dialog.getByRole('button', { name: 'Reset' })
    if ((await reset.count()) > 0 && (await reset.isEnabled())) {
      await reset.click()
      await expect.poll(() => reset.count(), { timeout: 10_000 }).toBe(0)
    }
    const amount = dialog.getByRole('textbox', { name: 'Sale amount' })
    expect(await amount.getAttribute('placeholder')).toBe('0.00')
    const validate = dialog.getByRole('button', { name: 'Validate' })
    expect(await validate.isDisabled()).toBe(true)
    await amount.fill('0')
    expect(await validate.isDisabled()).toBe(true)
    await amount.fill('12.50')
    await amount.press('Enter')

    const waiting = dialog.getByRole('region', { name: 'Waiting on the tag' })
    await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBe(1)
    expect(await waiting.innerText()).toContain('$12.50')
    expect(await waiting.innerText()).toMatch(/12 points/)
    const timer = waiting.getByRole('timer')
    const first = await countdownSeconds(await timer.innerText())
    expect(first).toBeGreaterThan(150)
    expect(first).toBeLessThanOrEqual(180)
    await expect
      .poll(async () => countdownSeconds(await timer.innerText()), { timeout: 10_000 })
      .toBeLessThan(first)
    expect(await amount.inputValue()).toBe('')

    // Closing and reopening shows the injection still open.
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await page.getByRole('button', { name: 'Create a sale' }).click()
    await expect
      .poll(() => page.getByRole('region', { name: 'Waiting on the tag' }).count(), { timeout: 15_000 })
      .toBe(1)

    await page.getByRole('dialog', { name: 'Create a sale' }).getByRole('button', { name: 'Reset' }).click()
    await expect
      .poll(() => page.getByRole('region', { name: 'Waiting on the tag' }).count(), { timeout: 15_000 })
      .toBe(0)
    await page.keyboard.press('Escape')
  })

  it('opens the scanner screen of the store’s tag: QR code, the points waiting, then "scan" again', async () => {
    await page.getByRole('button', { name: 'Scanner' }).click()
    const dialog = page.getByRole('dialog', { name: 'Scanner' })
    const open = dialog.getByRole('button', { name: 'Open the scanner of Counter' })
    await expect.poll(() => open.count(), { timeout: 20_000 }).toBe(1)
    const [scanner] = await Promise.all([page.context().waitForEvent('page'), open.click()])
    await scanner.waitForLoadState()
    expect(new URL(scanner.url()).pathname).toMatch(/^\/stores\/[0-9a-f-]{36}\/tags\/[0-9a-f-]{36}\/scanner$/)
    const qr = scanner.getByRole('img', { name: 'QR code of the tag Counter' })
    await expect.poll(() => qr.count(), { timeout: 20_000 }).toBe(1)
    // The scan page's address: the tag's random id and the store's current presence code (issue 16 #5).
    expect(await qr.getAttribute('data-qr-text')).toMatch(
      new RegExp(`^${new URL(baseURL).origin.replace(/[.]/g, '\\.')}/scan/[a-z2-7]{10}\\?c=[\\w-]{12}$`),
    )
    expect(await scanner.getByText('Brooklyn Bagels — Williamsburg').count()).toBe(1)
    expect(await scanner.getByRole('banner').count()).toBe(0)
    await expect.poll(() => scanner.getByText(/Scan the code with your phone/).count()).toBe(1)

    // A sale at the counter appears on the scanner within a poll or two.
    await page.getByRole('button', { name: 'Create a sale' }).click()
    const sale = page.getByRole('dialog', { name: 'Create a sale' })
    const amount = sale.getByRole('textbox', { name: 'Sale amount' })
    await expect.poll(() => amount.isEditable(), { timeout: 15_000 }).toBe(true)
    await amount.fill('7,25')
    await sale.getByRole('button', { name: 'Validate' }).click()
    await expect.poll(() => scanner.getByText('7 points to collect').count(), { timeout: 15_000 }).toBe(1)
    expect(await scanner.getByText('For a purchase of $7.25').count()).toBe(1)
    await sale.getByRole('button', { name: 'Reset' }).click()
    await expect
      .poll(() => scanner.getByText(/Scan the code with your phone/).count(), { timeout: 15_000 })
      .toBe(1)
    await scanner.close()
  })
})
