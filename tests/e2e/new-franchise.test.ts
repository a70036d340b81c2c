// A new franchise's first screens (issue 34, item 7): "nothing yet" (no e-marketing page, no loyalty
// card, a store without tags) used to be answered 404, which Chromium logs as console errors on every
// visit. The journey makes a franchise with its owner (as the administration does), connects as that
// owner, opens its first store, then the e-marketing, loyalty and store pages: each shows its empty
// state and the console stays empty, at the journeys' two widths. The e-marketing form's required
// fields are not drawn as wrong before anything is typed.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { ownerToken } from '../support/e2e-outbox'
import { signIn } from '../support/sign-in'

const e2e = e2eBrowser()
const { baseURL } = e2e
const SHOTS = join(import.meta.dirname, 'screenshots')

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })
  expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300)
  return res.json()
}

/** A new franchise and its owner, subscribed, made through the administration's calls. */
async function newFranchise(run: string) {
  const admin = await ownerToken(baseURL, 'admin@demo.test')
  const email = `new-${run}@example.test`
  const made = await api('/api/v2/franchise-owner', admin, {
    method: 'POST',
    body: { title: `Nouvelle ${run}`, codeAlpha3: 'FRA', email },
  })
  await api(`/api/v2/users/${made.owner.id}/activate-subscription`, admin, { method: 'PATCH', body: {} })
  return email
}

/** The required, still empty fields of the page whose border is the danger colour. */
const redEmptyRequired = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span')
    probe.style.color = 'var(--colors-danger-solid)'
    document.body.append(probe)
    const danger = getComputedStyle(probe).color
    probe.remove()
    return [...document.querySelectorAll<HTMLInputElement>('input[required]')]
      .filter((i) => i.value === '' && getComputedStyle(i).borderTopColor === danger)
      .map((i) => i.name || i.id)
  })

describe.each(JOURNEY_VIEWPORTS)('a new franchise’s first screens at $name width', ({ name, ...options }) => {
  it('shows each "nothing yet" as an empty state, with an empty console', async () => {
    const email = await newFranchise(`${name}-${Date.now()}`)
    const page = await e2e.newPage(options)
    mkdirSync(SHOTS, { recursive: true })
    const shot = (what: string) =>
      page.screenshot({ path: join(SHOTS, `new-franchise-${what}-${name}.png`), fullPage: true })

    // The administration connects as the new owner, who makes a first store.
    await signIn(page, 'admin@demo.test')
    await page.waitForURL('**/pages/admin/dashboard')
    await page.goto(`/pages/admin/dashboard?filter=${encodeURIComponent(email)}`)
    await page.getByRole('button', { name: `Connect as ${email}` }).click()
    const banner = page.getByRole('region', { name: 'Acting as a merchant' })
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(1)
    const token = (await page.evaluate(() => localStorage.getItem('lb.impostorToken')))!
    const store = await api('/api/v2/stores', token, { method: 'POST', body: { name: 'Premier magasin' } })

    // E-marketing before it exists: the set-up form, nothing marked wrong yet.
    await page.goto('/pages/e-marketing')
    await page.getByRole('heading', { name: 'Set up your e-marketing page' }).waitFor({ timeout: 20_000 })
    expect(await redEmptyRequired(page)).toEqual([])
    await shot('emarketing')

    // The loyalty card before it exists: its empty form.
    await page.goto('/pages/loyalty')
    const cardName = page.getByRole('textbox', { name: /^Card name/ })
    await cardName.waitFor({ timeout: 20_000 })
    expect(await cardName.inputValue()).toBe('')
    await shot('loyalty')

    // The first store's tags section: what it has (none, or the first tag it was given).
    await page.goto(`/pages/stores/${store.id}`)
    await page.getByRole('heading', { name: 'NFC tags' }).waitFor({ timeout: 20_000 })
    await expect.poll(() => page.getByText('Loading the tags…').count(), { timeout: 20_000 }).toBe(0)
    expect(await page.getByText('The tags could not be loaded.').count()).toBe(0)
    await shot('store')

    expect(e2e.consoleProblems(page)).toEqual([])
  }, 180_000)
})
