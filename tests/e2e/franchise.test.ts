// The franchise page in Chromium (issue 6): the owner changes the theme colours, sees them on the
// preview card before saving, saves, and the shell takes the new primary colour without a reload.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test', null)
})

describe('the franchise page', () => {
  it('changes the theme colours with a live preview, and the shell uses the saved primary colour', async () => {
    // Once in ~10 full runs the preview showed the saved colour again just after the draft's (not
    // reproduced alone nor under load): the page's loads of the franchise say whether it was read again.
    const loads: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/api\/v2\/franchises\/[^/]+$/.test(new URL(r.url()).pathname))
        loads.push(new URL(r.url()).pathname)
    })
    await page.goto('/pages/franchise')
    const theme = page.getByRole('region', { name: 'Theme' })
    await theme.waitFor({ timeout: 20_000 })
    const shell = page.locator('[data-franchise-primary]')
    const before = await shell.getAttribute('data-franchise-primary')
    const colour = before === '#0f766e' ? '#be123c' : '#0f766e'

    await theme.getByRole('textbox', { name: 'Primary colour', exact: true }).fill(colour)
    const preview = theme.getByRole('figure', { name: 'Preview' })
    expect(await preview.getAttribute('data-primary')).toBe(colour)
    // The preview's button is drawn in the draft colour; the shell still has the saved one.
    const rgb = (hex: string) =>
      `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
    const sample = preview.getByText('Collect points')
    expect(
      await sample.evaluate((el) => getComputedStyle(el).backgroundColor),
      `franchise loads ${loads.length}, preview now ${await preview.getAttribute('data-primary')}`,
    ).toBe(rgb(colour))
    expect(await shell.getAttribute('data-franchise-primary')).toBe(before)

    await theme.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => page.getByText('Updated successfully').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await expect.poll(() => shell.getAttribute('data-franchise-primary'), { timeout: 10_000 }).toBe(colour)
    expect(
      await shell.evaluate((el) => getComputedStyle(el).getPropertyValue('--franchise-primary').trim()),
    ).toBe(colour)
    // The top stripe of the shell is drawn in it.
    const column = shell.locator(':scope > div').last()
    expect(await column.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(rgb(colour))

    // Saved on the server: a reload keeps it.
    await page.reload()
    await expect
      .poll(() => page.locator('[data-franchise-primary]').getAttribute('data-franchise-primary'), {
        timeout: 20_000,
      })
      .toBe(colour)
  })
})
