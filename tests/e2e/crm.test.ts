// The registration-form builder's journey (issue 21, the CRM half) in Chromium against the e2e server
// (demo data on PGlite): the owner adds a required "Favourite bakery" field, saves and sees it after a
// reload; a client's value typed on the client detail shows in the CRM clients list and in its CSV.
import { describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 1000 } })
const { baseURL } = e2e

describe('CRM: registration form and clients', () => {
  it('adds a required field, a client answers it on the client detail, the list and the CSV show it', async () => {
    const answer = `Du Pain et des Idées ${Date.now()}`
    const owner = await e2e.signedInPage('owner@demo.test')
    await owner.goto('/pages/user/crm')
    await expect
      .poll(() => owner.getByRole('heading', { level: 1, name: 'CRM clients' }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0)

    // The builder: a new field, labelled and required, saved.
    await owner.getByRole('tab', { name: /Registration form/ }).click()
    await owner.getByRole('button', { name: 'Add a field' }).click()
    const settings = owner.getByRole('region', { name: /Settings of/ })
    await settings.getByRole('textbox', { name: 'Label' }).fill('Favourite bakery')
    await settings.getByRole('checkbox', { name: 'Required' }).check()
    await expect.poll(() => owner.getByText('Unsaved changes').count()).toBeGreaterThan(0)
    await owner.getByRole('button', { name: 'Save the form' }).click()
    await expect.poll(() => owner.getByText('The registration form was saved.').count()).toBeGreaterThan(0)
    await expect.poll(() => owner.getByText('Unsaved changes').count()).toBe(0)

    // Saved: it is there after a reload.
    await owner.reload()
    await owner.getByRole('tab', { name: /Registration form/ }).click()
    const fields = owner.getByRole('list', { name: 'Form fields' })
    await expect
      .poll(() => fields.getByRole('button', { name: 'Favourite bakery' }).count())
      .toBeGreaterThan(0)

    // A client of the list: its detail, its answers edited under its profile.
    await owner.getByRole('tab', { name: 'Clients' }).click()
    const table = owner.getByRole('table', { name: 'Clients and their answers' })
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Favourite bakery' }).count())
      .toBeGreaterThan(0)
    const first = table.getByRole('row').nth(1).getByRole('link').first()
    const name = (await first.textContent())!.trim()
    await first.click()
    await owner.waitForURL('**/pages/user/clients/*')
    await owner.getByRole('tab', { name: 'Profile' }).click()
    await owner.getByRole('button', { name: 'Edit the answers' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Registration form answers' })
    // Required: an empty answer is refused with the rule's message.
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => dialog.getByText('Required.').count()).toBeGreaterThan(0)
    await dialog
      .getByRole('textbox', { name: /Favourite bakery/ })
      .last()
      .fill(answer)
    // Other journeys on this server add required fields of their own (e-marketing): answered too.
    for (const box of await dialog.getByRole('textbox').all())
      if ((await box.inputValue()) === '' && (await box.evaluate((i: HTMLInputElement) => i.required)))
        await box.fill('e2e')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => owner.getByText(answer).count()).toBe(1)

    // The CRM list, filtered on the field (kept in the address), shows the answer in its column.
    await owner.goto('/pages/user/crm')
    await owner
      .getByRole('combobox', { name: 'With a value for' })
      .selectOption({ label: 'Favourite bakery' })
    await expect.poll(() => owner.url()).toContain('field=')
    const row = owner.getByRole('row').filter({ hasText: answer })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.textContent()).toContain(name)

    // The CSV of the same filter, streamed by the server.
    const href = await owner.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
    expect(href).toContain('field=')
    const res = await fetch(`${baseURL}${href}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const csv = await res.text()
    expect(csv.split(/\r?\n/)[0]).toContain('Favourite bakery')
    expect(csv).toContain(answer)
  }, 120_000)
})
