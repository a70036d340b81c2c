// The client base in Chromium (issue 4): filters kept in the address across a reload, a client's
// detail, a points credit through the ledger, an offer redeemed; on a reload, the list asked for beside
// the session call (issue 38 §7).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
const { baseURL } = e2e
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test', null)
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

  it('asks for the list beside the session call on a reload, once (issue 38 §7)', async () => {
    const rows = page.locator('table tbody tr:has(a)')
    await page.goto('/pages/user/clients?page=2&rowsPerPage=10')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10)
    // The order in which the browser sent and heard: the list's call is remembered from this visit.
    const events: string[] = []
    const pathOf = (url: string) => new URL(url).pathname
    const onRequest = (r: { url(): string }) => events.push(`sent ${pathOf(r.url())}`)
    const onResponse = (r: { url(): string }) => events.push(`answered ${pathOf(r.url())}`)
    page.on('request', onRequest)
    page.on('response', onResponse)
    try {
      await page.reload()
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10)
    } finally {
      page.off('request', onRequest)
      page.off('response', onResponse)
    }
    expect(events.filter((e) => e === 'sent /api/v2/franchises/clients')).toHaveLength(1)
    expect(events.indexOf('sent /api/v2/franchises/clients')).toBeLessThan(
      events.indexOf('answered /api/v2/users/me/session'),
    )
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
