// Administration in Chromium (issue 7): an admin finds Maison Dupont, deactivates its subscription (the
// owner, signed in elsewhere, is sent to the payment page) and reactivates it, toggles GAME, connects as
// the owner, credits points to a client, comes back to administration and finds that write in the
// franchise panel's audit log with the admin's e-mail. Everything changed is put back (shared server).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
const { baseURL } = e2e
let admin: Page
let owner: Page
let adminToken: string
let dupontOwnerId: string
let dupontId: string

const api = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${baseURL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${adminToken}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  })
  return res.json()
}

beforeAll(async () => {
  admin = await e2e.signedInPage('admin@demo.test', '/pages/admin/dashboard', {
    viewport: { width: 1600, height: 1000 },
  })
  adminToken = (await admin.evaluate(() => localStorage.getItem('lb.token')))!
  const page = await api('/api/v2/users/merchants?filter=owner%40demo.test')
  dupontOwnerId = page.data[0].id
  dupontId = page.data[0].franchise.id
  owner = await e2e.signedInPage('owner@demo.test')
})

afterAll(async () => {
  // Whatever happened above, the demo merchant is left subscribed and with GAME, as the seed made it.
  if (adminToken && dupontOwnerId) {
    await api(`/api/v2/users/${dupontOwnerId}/activate-subscription`, { method: 'PATCH', body: '{}' })
    await api(`/api/v2/franchises/${dupontId}/features`, {
      method: 'PATCH',
      body: JSON.stringify({ feature: 'GAME', isEnabled: true }),
    })
  }
})

describe('administration', () => {
  it('finds Maison Dupont and deactivates then reactivates its subscription', async () => {
    await admin.getByRole('searchbox', { name: 'Search merchants' }).fill('Maison Dupont')
    await admin.getByRole('searchbox', { name: 'Search merchants' }).press('Enter')
    await admin.waitForURL('**/pages/admin/dashboard?filter=Maison+Dupont')
    const rows = admin.locator('table tbody tr')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1)
    expect(await rows.first().innerText()).toContain('owner@demo.test')

    await admin.getByRole('button', { name: 'Deactivate the subscription of owner@demo.test' }).click()
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
    const activate = admin.getByRole('button', { name: 'Activate the subscription of owner@demo.test' })
    await expect.poll(() => activate.count(), { timeout: 15_000 }).toBe(1)

    // The owner's next load: no subscription any more, so the payment page.
    await owner.reload()
    await owner.waitForURL('**/checkout/**', { timeout: 20_000 })

    await activate.click()
    await admin
      .getByRole('dialog', { name: 'Activate the subscription?' })
      .getByRole('button', { name: 'Activate' })
      .click()
    await expect
      .poll(
        () => admin.getByRole('button', { name: 'Deactivate the subscription of owner@demo.test' }).count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1)
    await owner.goto('/')
    await owner.waitForURL('**/pages/dashboards/analytics', { timeout: 20_000 })
  })

  it('toggles GAME in the franchise panel, and the merchant’s navigation follows', async () => {
    await admin.getByRole('link', { name: 'Open the franchise panel of Maison Dupont' }).click()
    await admin.waitForURL(`**/pages/admin/franchise-panel/${dupontId}`)
    const game = admin.getByRole('switch', { name: 'Games (gift wheel)' })
    await expect.poll(() => game.isChecked(), { timeout: 20_000 }).toBe(true)
    await game.click()
    await expect.poll(() => game.isChecked(), { timeout: 15_000 }).toBe(false)
    await expect.poll(() => game.isDisabled(), { timeout: 15_000 }).toBe(false)
    await owner.reload()
    await owner.waitForURL('**/pages/dashboards/analytics')
    await expect.poll(() => owner.getByRole('link', { name: 'Games' }).count(), { timeout: 15_000 }).toBe(0)
    await game.click()
    await expect.poll(() => game.isChecked(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => game.isDisabled(), { timeout: 15_000 }).toBe(false)
    await owner.reload()
    await expect
      .poll(() => owner.getByRole('link', { name: 'Games' }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
  })

  it('connects as the owner, credits points, returns and sees the write in the audit log', async () => {
    await admin.goto('/pages/admin/dashboard?filter=Maison+Dupont')
    await admin.getByRole('button', { name: 'Connect as owner@demo.test' }).click()
    await admin.waitForURL('**/pages/dashboards/analytics', { timeout: 20_000 })
    const banner = admin.getByRole('region', { name: 'Acting as a merchant' })
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1)

    // The fewest points first: a credit never meets the card's cap (other journeys on this server credit
    // the richest clients).
    await admin.goto('/pages/user/clients?sort=points&order=asc')
    const rows = admin.locator('table tbody tr:has(a)')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await rows.first().getByRole('link').first().click()
    await admin.waitForURL('**/pages/user/clients/*')
    await admin.getByRole('button', { name: 'Credit / debit points' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Points').fill('7')
    await dialog.getByRole('button', { name: /credit points/i }).click()
    await expect
      .poll(
        async () =>
          (await admin.getByText('The points have been credited.').count()) > 0 ||
          // A refusal is said in the dialog: shown in the failure rather than a bare timeout.
          (await dialog.getByRole('alert').allInnerTexts()).join(' '),
        { timeout: 15_000 },
      )
      .toBe(true)

    await admin
      .getByRole('region', { name: 'Acting as a merchant' })
      .getByRole('button', { name: 'Back to administration' })
      .click()
    await admin.waitForURL('**/pages/admin/dashboard', { timeout: 20_000 })
    expect(await admin.evaluate(() => localStorage.getItem('lb.impostorToken'))).toBeNull()
    await expect
      .poll(() => admin.getByRole('heading', { level: 1, name: 'Administration' }).count(), {
        timeout: 15_000,
      })
      .toBe(1)

    await admin.goto(`/pages/admin/franchise-panel/${dupontId}`)
    const audit = admin.getByRole('table', { name: 'Audit log' })
    await expect.poll(() => audit.count(), { timeout: 20_000 }).toBe(1)
    const newest = audit.locator('tbody tr').first()
    await expect.poll(() => newest.innerText(), { timeout: 15_000 }).toContain('Changed: loyalties › points')
    const text = await newest.innerText()
    expect(text).toContain('admin@demo.test')
    expect(text).toContain('owner@demo.test')
  })
})
