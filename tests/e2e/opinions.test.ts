// Satisfaction in Chromium (issue 6): the owner sees each store's average, opens a store's opinions,
// replies to one, and the reply shows (and is stored).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
let page: Page

beforeAll(async () => {
  page = await e2e.signedInPage('owner@demo.test', null)
})

describe('satisfaction', () => {
  it('shows the averages, opens a store’s opinions, replies to one and sees the reply', async () => {
    await page.goto('/pages/satisfaction')
    const byStore = page.getByRole('region', { name: 'By store' })
    // The three demo stores at least (other journeys on the same server may add stores).
    const paris = byStore.getByRole('article', { name: 'Maison Dupont — Paris Marais' })
    await expect.poll(() => paris.count(), { timeout: 20_000 }).toBe(1)
    expect(await byStore.getByRole('article').count()).toBeGreaterThanOrEqual(3)
    // An average with one decimal, and its stars.
    expect(await paris.innerText()).toMatch(/\b[1-5]\.\d\b/)
    expect(await paris.getByRole('img', { name: /out of 5$/ }).count()).toBe(1)
    expect(await paris.getByRole('listitem').count()).toBe(5)
    expect(await page.getByRole('region', { name: 'Recent opinions' }).getByRole('article').count()).toBe(10)

    await paris.getByRole('link', { name: /^Opinions of / }).click()
    await page.waitForURL('**/pages/stores/*/opinions')
    const list = page.getByRole('region', { name: 'Opinions of the store' })
    await expect.poll(() => list.getByRole('article').count(), { timeout: 20_000 }).toBe(10)
    // The first opinion not answered yet (its button says "Reply", not "Edit the reply").
    const article = list
      .getByRole('article')
      .filter({ has: page.locator('button', { hasText: /^Reply$/ }) })
      .first()
    const articleName = await article.getAttribute('aria-label')
    await article.getByRole('button', { name: /^Reply to the opinion of/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Reply to an opinion' })
    const text = `Merci pour votre avis ! (${Date.now()})`
    await dialog.getByRole('textbox', { name: 'Your reply' }).fill(text)
    await dialog.getByRole('button', { name: 'Publish the reply' }).click()
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
    await expect.poll(() => page.getByText('Reply saved').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const answered = list.getByRole('article', { name: articleName! })
    expect(await answered.first().innerText()).toContain(text)

    // Stored: a reload shows it.
    await page.reload()
    await expect.poll(() => list.getByText(text).count(), { timeout: 20_000 }).toBe(1)
  })
})
