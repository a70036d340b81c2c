// The client base in Chromium (issue 4): filters kept in the address across a reload, a client's
// detail, a points credit through the ledger, an offer redeemed.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
const { baseURL } = e2e
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test')
})

describe('the client base', () => {
  it('keeps the filters and page in the address across a reload', async () => {
    await page.goto(
      '/pages/user/clients?clientType=REGULAR_CUSTOMER&acquiredFrom=STORE&page=2&rowsPerPage=10',
    )
    // Loaded rows link to their client (the loading skeleton has no links).
    const rows = page.locator('table tbody tr:has(a)')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10)
    const first = await rows.first().innerText()
    await page.reload()
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10)
    expect(await rows.first().innerText()).toBe(first)
    const url = new URL(page.url())
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.getAll('clientType')).toEqual(['REGULAR_CUSTOMER'])
    expect(url.searchParams.getAll('acquiredFrom')).toEqual(['STORE'])
  })

  it('opens a client, credits points and sees the balance and the transaction, then redeems an offer', async () => {
    // A client who came to a store (the imported ones of imports.test.ts may sit at the card's maximum).
    await page.goto('/pages/user/clients?acquiredFrom=STORE&sort=points&order=desc')
    const rows = page.locator('table tbody tr:has(a)')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await rows.first().getByRole('link').first().click()
    await page.waitForURL('**/pages/user/clients/*')
    await page.getByRole('button', { name: 'Credit / debit points' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Points').fill('25')
    await dialog.getByRole('button', { name: /credit points/i }).click()
    await expect
      .poll(() => page.getByText('The points have been credited.').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    const clientId = new URL(page.url()).pathname.split('/').at(-1)!
    const token = await page.evaluate(() => localStorage.getItem('lb.token'))
    const me = await (
      await fetch(`${baseURL}/api/v2/franchises/owned`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    const detail = await (
      await fetch(`${baseURL}/api/v2/franchises/${me[0].id}/clients/${clientId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
    expect(detail.transactions[0]).toMatchObject({ type: 'credit', points: 25 })

    const redeem = page.getByRole('button', { name: /^Redeem / }).first()
    await expect.poll(() => redeem.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await redeem.click()
    await page.getByRole('button', { name: 'Redeem the offer' }).click()
    await expect
      .poll(() => page.getByText('The offer has been redeemed.').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    const after = await (
      await fetch(`${baseURL}/api/v2/franchises/${me[0].id}/clients/${clientId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
    expect(after.transactions[0].type).toBe('redeem')
    expect(after.points).toBe(detail.points + after.transactions[0].points)
  })
})
