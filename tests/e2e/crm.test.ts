// The registration-form builder's journey (issue 21, the CRM half) in Chromium against the e2e server
// (demo data): the owner adds a required "Favourite bakery" field, saves and sees it after a
// reload; a client's value typed on the client detail shows in the CRM clients list and in its CSV,
// at a desktop's and a phone's width, with an empty console (issue 34).
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { shot } from '../support/e2e-shot'

const e2e = e2eBrowser()

describe.each(JOURNEY_VIEWPORTS)(
  'CRM: registration form and clients ($name)',
  ({ name: width, ...options }) => {
    it('adds a required field, a client answers it on the client detail, the list and the CSV show it', async () => {
      const answer = `Du Pain et des Idées ${Date.now()}`
      // Each width adds a field of its own (the other's stays in the form, required too).
      const label = `Favourite bakery ${width}`
      const owner = await e2e.signedInPage('owner@demo.test', null, options)
      const requested: string[] = []
      owner.on('request', (r) => requested.push(r.url()))
      await owner.goto('/pages/user/crm')
      await expect
        .poll(() => owner.getByRole('heading', { level: 1, name: 'CRM clients' }).count(), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0)

      // The builder: a new field, labelled and required, saved.
      await owner.getByRole('tab', { name: /Registration form/ }).click()
      await owner.getByRole('button', { name: 'Add a field' }).click()
      const settings = owner.getByRole('region', { name: /Settings of/ })
      await settings.getByRole('textbox', { name: 'Label' }).fill(label)
      await settings.getByRole('checkbox', { name: 'Required' }).check()
      await expect.poll(() => owner.getByText('Unsaved changes').count()).toBeGreaterThan(0)
      await owner.getByRole('button', { name: 'Save the form' }).click()
      await expect.poll(() => owner.getByText('The registration form was saved.').count()).toBeGreaterThan(0)
      await expect.poll(() => owner.getByText('Unsaved changes').count()).toBe(0)

      // Saved: it is there after a reload.
      await owner.reload()
      await owner.getByRole('tab', { name: /Registration form/ }).click()
      const fields = owner.getByRole('list', { name: 'Form fields' })
      await expect.poll(() => fields.getByRole('button', { name: label }).count()).toBeGreaterThan(0)

      // A client of the list: its detail, its answers edited under its profile.
      await owner.getByRole('tab', { name: 'Clients' }).click()
      const table = owner.getByRole('table', { name: 'Clients and their answers' })
      await expect.poll(() => table.getByRole('columnheader', { name: label }).count()).toBeGreaterThan(0)
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
        .getByRole('textbox', { name: new RegExp(label) })
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
      await owner.getByRole('combobox', { name: 'With a value for' }).selectOption({ label })
      await expect.poll(() => owner.url()).toContain('field=')
      const row = owner.getByRole('row').filter({ hasText: answer })
      await expect.poll(() => row.count()).toBe(1)
      expect(await row.textContent()).toContain(name)

      await shot(owner, `/tmp/shots-crm/clients-${width}.png`)

      // The CSV of the same filter, streamed by the server, through a link with a one-use ticket.
      const [download] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByRole('link', { name: 'Export CSV' }).click(),
      ])
      const csv = await readFile((await download.path())!, 'utf8')
      expect(csv.split(/\r?\n/)[0]).toContain(label)
      expect(csv).toContain(answer)
      expect(requested.filter((u) => u.includes('/crm-clients/export.csv?'))).toEqual([
        expect.stringMatching(/field=.*download=/),
      ])
      expect(requested.filter((u) => /[?&](access_token|token)=/.test(u))).toEqual([])
      expect(e2e.consoleProblems(owner)).toEqual([])
    }, 120_000)
  },
)
