// Store owners journey (issue 6 "Owners") in Chromium against the e2e server (demo data): a
// franchise owner creates a store owner for one store, the invitation lands in the outbox, its link
// sets a password, and the new store owner signs in and sees only that store.
import { describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { signIn } from '../support/sign-in'

const e2e = e2eBrowser()
const { baseURL, newPage } = e2e

const api = async (path: string, token: string) => {
  const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status, path).toBe(200)
  return res.json()
}

describe('store owners', () => {
  it('creates a store owner who follows the invitation, signs in and sees only that store', async () => {
    const email = `e2e.owner.${Date.now()}@shop.test`
    const store = 'Maison Dupont — Lyon Presqu’île'
    const owner = await e2e.signedInPage('owner@demo.test', null)
    await owner.goto('/pages/owners')
    await expect.poll(() => owner.getByRole('heading', { level: 1, name: 'Store owners' }).count()).toBe(1)

    await owner.getByRole('button', { name: 'Add a store owner' }).first().click()
    const dialog = owner.getByRole('dialog', { name: 'Add a store owner' })
    await dialog.getByRole('textbox', { name: /E-mail/ }).fill(email)
    await dialog.getByRole('checkbox', { name: store }).check()
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    const row = owner.getByRole('row').filter({ hasText: email })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain('Invitation sent')
    expect(await row.textContent()).toContain(store)

    // The same e-mail again is the §8 409 message.
    await owner.getByRole('button', { name: 'Add a store owner' }).first().click()
    await dialog.getByRole('textbox', { name: /E-mail/ }).fill(email)
    await dialog.getByRole('checkbox', { name: store }).check()
    await dialog.getByRole('button', { name: 'Send the invitation' }).click()
    await expect.poll(() => dialog.getByText('An owner with this e-mail already exists.').count()).toBe(1)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // The invitation, as the offline mail adapter delivered it (the outbox).
    const token = (await owner.evaluate(() => localStorage.getItem('lb.token')))!
    const list = await api(`/api/v2/users/owners?search=${encodeURIComponent(email)}`, token)
    const invitation = await api(`/api/v2/users/owners/${list.data[0].id}/invitation`, token)
    expect(invitation.recipient).toBe(email)
    expect(invitation.link).toContain('/pages/auth/reset-password?token=')

    const invited = await newPage()
    await invited.goto(invitation.link)
    await invited
      .getByLabel(/^New password/)
      .first()
      .fill('store-owner-password')
    await invited
      .getByLabel(/^Confirm the new password/)
      .first()
      .fill('store-owner-password')
    await invited.getByRole('button', { name: 'Change my password' }).click()
    await expect.poll(() => invited.getByText('Password changed').count()).toBeGreaterThan(0)

    await signIn(invited, email, 'store-owner-password')
    await invited.waitForURL('**/pages/dashboards/analytics')
    const own = (await invited.evaluate(() => localStorage.getItem('lb.token')))!
    const stores = await api('/api/v2/stores/owned', own)
    expect(stores.map((s: { name: string }) => s.name)).toEqual([store])

    // A store owner on the owners page is told to contact the franchise manager.
    await invited.goto('/pages/owners')
    await expect
      .poll(() =>
        invited.getByRole('heading', { name: 'Store owners are managed by the franchise manager' }).count(),
      )
      .toBe(1)
    // And the list shows the owner as active now.
    await owner.reload()
    await expect
      .poll(async () => (await owner.getByRole('row').filter({ hasText: email }).textContent()) ?? '')
      .toContain('Active')
  })
})
