// Issue 7 in Chromium: an admin creates a franchise whose owner comes later, lands on its panel, sees
// it has no owner, creates the owner (invited by e-mail) and sees it; then adds a franchise to an
// existing merchant from the merchant's row. Names are unique (the server is shared with other files)
// and the merchant used is one this file creates, so that the seed's merchants are left as they are.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1600, height: 1000 } })
const { baseURL } = e2e
const run = Date.now().toString(36)
let admin: Page
let adminToken: string

const api = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${baseURL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
  })
  return { status: res.status, body: await res.json() }
}

beforeAll(async () => {
  admin = await e2e.signedInPage('admin@demo.test', '/pages/admin/dashboard')
  adminToken = (await admin.evaluate(() => localStorage.getItem('lb.token')))!
})

describe('franchises created by staff', () => {
  it('creates a franchise whose owner comes later, then creates that owner from its panel', async () => {
    const title = `Sans Maître ${run}`
    const email = `later-${run}@example.test`
    await admin.getByRole('button', { name: 'Create a franchise' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Create a franchise' })
    await dialog.getByRole('textbox', { name: /Franchise name/ }).fill(title)
    await dialog.getByRole('radio', { name: 'Create the owner later' }).check()
    expect(await dialog.getByRole('textbox', { name: /Owner's e-mail/ }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Create' }).click()
    await admin.waitForURL('**/pages/admin/franchise-panel/*', { timeout: 20_000 })
    await expect
      .poll(() => admin.getByRole('heading', { level: 1, name: title }).count(), { timeout: 20_000 })
      .toBe(1)
    const owner = admin.getByRole('region', { name: 'Owner' })
    await expect.poll(() => owner.getByText('This franchise has no owner yet.').count()).toBe(1)

    await owner.getByRole('button', { name: 'Create the owner' }).click()
    const create = admin.getByRole('dialog', { name: 'Create the owner' })
    await create.getByRole('textbox', { name: /Owner's e-mail/ }).fill(email)
    await create.getByRole('textbox', { name: /Owner's name/ }).fill('Laure Later')
    await create.getByRole('button', { name: 'Create and invite' }).click()
    await expect.poll(() => create.count(), { timeout: 15_000 }).toBe(0)
    await expect.poll(() => owner.getByText(email).count(), { timeout: 15_000 }).toBe(1)
    expect(await owner.getByRole('button', { name: 'Create the owner' }).count()).toBe(0)

    // The new merchant is in the list with that franchise.
    const list = await api(`/api/v2/users/merchants?filter=${encodeURIComponent(email)}`)
    expect(list.body.data[0].franchise.name).toBe(title)
  })

  it('adds a franchise to an existing merchant from its row action', async () => {
    const email = `multi-${run}@example.test`
    const first = `Première ${run}`
    const second = `Seconde ${run}`
    const made = await api('/api/v2/franchise-owner', {
      method: 'POST',
      body: JSON.stringify({ title: first, codeAlpha3: 'FRA', email }),
    })
    expect(made.status).toBe(201)
    await admin.goto(`/pages/admin/dashboard?filter=${encodeURIComponent(email)}`)
    const rows = admin.locator('table tbody tr')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1)
    await admin.getByRole('button', { name: `Add a franchise for ${email}` }).click()
    const dialog = admin.getByRole('dialog', { name: 'Add a franchise' })
    await dialog.getByRole('textbox', { name: /Franchise name/ }).fill(second)
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
    // The list reloads: the row links both franchises, and the new one opens its panel.
    const link = admin.getByRole('link', { name: `Open the franchise panel of ${second}` })
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1)
    expect(await admin.getByRole('link', { name: `Open the franchise panel of ${first}` }).count()).toBe(1)
    await link.click()
    await admin.waitForURL('**/pages/admin/franchise-panel/*')
    const owner = admin.getByRole('region', { name: 'Owner' })
    await expect.poll(() => owner.getByText(email).count(), { timeout: 20_000 }).toBe(1)
  })
})
