// Messages sent (issue 19) in Chromium against the e2e server (demo data): a customer collects
// points at Maison Dupont with a phone number, which sends the scan page's confirmation SMS (the local
// SMS adapter delivers it to the outbox); the franchise owner finds it on /pages/messages, filters by
// channel through the address, and a filter with nothing in it says so.
import { describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { counterTag } from '../support/e2e-tags'

const e2e = e2eBrowser()
const { baseURL } = e2e

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('')

describe('messages sent', () => {
  it('the owner sees the confirmation SMS a customer received, and filters the list', async () => {
    const owner = await e2e.signedInPage('owner@demo.test', null)

    // The customer collects a visit with the code the store's scanner screen shows now.
    const tag = await counterTag(baseURL, 'owner@demo.test', 'Maison Dupont — Paris Marais')
    await owner.goto(`/stores/${tag.storeId}/tags/${tag.id}/scanner`)
    const qr = owner.locator('[data-qr-text]')
    await expect.poll(() => qr.count(), { timeout: 20_000 }).toBe(1)
    const code = new URL((await qr.getAttribute('data-qr-text'))!).searchParams.get('c')!
    const local = `6${digits(8)}`
    const collect = await fetch(`${baseURL}/api/public/scan/${tag.uid}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ phone: `0${local}`, code }),
    })
    expect(collect.status).toBe(200)

    // The navigation leads the franchise owner to the page.
    await owner.goto('/pages/dashboards/analytics')
    await owner.getByRole('link', { name: 'Messages sent' }).first().click()
    await owner.waitForURL('**/pages/messages')
    await expect
      .poll(() => owner.getByRole('heading', { level: 1, name: 'Messages sent' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)
    const row = owner.getByRole('row').filter({ hasText: `+33${local}` })
    // The row did not come within 15 s once in CI (stop 58) and once in a full run here (2026-12-02), and
    // the cause could not be found from the count alone: a failure says what the page showed, its address
    // included, and whether the API lists the message (the outbox) at that moment.
    const shown = async () => {
      const token = await owner.evaluate(() => localStorage.getItem('lb.token'))
      const res = await fetch(`${baseURL}/api/v2/franchises/${tag.franchiseId}/messages?search=${local}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const api = `API ${res.status}: ${(await res.text()).slice(0, 400)}`
      return `${owner.url()}\n${api}\n${await owner.locator('main').innerText().catch(String)}`
    }
    const rowOrWhatShows = async () => ((await row.count()) === 1 ? 'the row' : await shown())
    await expect.poll(rowOrWhatShows, { timeout: 15_000 }).toBe('the row')
    expect(await row.innerText()).toMatch(/SMS[\s\S]*Maison Dupont[\s\S]*Points confirmation \(scan page\)/)

    // Only the pushes: the address keeps the filter, and there is none of them in the demo data.
    await owner.getByRole('combobox', { name: 'Channel' }).click()
    await owner.getByRole('option', { name: 'Push' }).click()
    await owner.waitForURL('**/pages/messages?channel=push')
    await expect
      .poll(() => owner.getByRole('heading', { name: 'No message for these filters' }).count())
      .toBe(1)
    // The address alone opens the same list (a link a support person can share).
    await owner.goto(`/pages/messages?channel=sms&search=${local}`)
    await expect
      .poll(() => owner.getByRole('heading', { level: 1, name: 'Messages sent' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)
    await expect.poll(rowOrWhatShows, { timeout: 20_000 }).toBe('the row')
  })
})
