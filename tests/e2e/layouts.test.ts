// Screens that fit (issue 24): the client list, the administration and the analytics dashboard at
// 390, 1440 and 1920 px, light and dark, in Chromium. No page scrolls sideways; the client list shows
// its "Average basket" column on a wide screen and cards (name, points, last visit) with its filters
// folded behind a button on a phone; the administration table fits its box; the quick panel opens on
// the right; looping animations stop for reduced motion and with the animations setting off. Screenshots
// go to tests/e2e/screenshots/ (gitignored) for a look by hand.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { shot as takeShot } from '../support/e2e-shot'

const e2e = e2eBrowser()
const WIDTHS = [390, 1440, 1920] as const
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]
const SHOTS = join(import.meta.dirname, 'screenshots')

let owner: Page
let admin: Page

beforeAll(async () => {
  owner = await e2e.signedInPage('owner@demo.test')
  admin = await e2e.signedInPage('admin@demo.test', '/pages/admin/dashboard')
})

/**
 * The theme on <html> only (what the Panda conditions and the charts read), so the demo accounts'
 * saved settings stay as they are for the other e2e files.
 */
async function showTheme(page: Page, theme: Theme) {
  // After the app has applied the account's own settings (which would overwrite this).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 15_000 })
    .toBeTruthy()
  await page.waitForLoadState('networkidle')
  await page.evaluate((t) => {
    const root = document.documentElement
    root.dataset.theme = t
    root.classList.toggle('dark', t === 'dark')
    root.classList.toggle('light', t === 'light')
  }, theme)
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  )
}

const overflow = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }))

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await overflow(page)
  expect(scrollWidth, `${what}: page width ${scrollWidth} > window ${innerWidth}`).toBeLessThanOrEqual(
    innerWidth,
  )
}

const shot = (page: Page, name: string) => takeShot(page, join(SHOTS, `${name}.png`))

/** Whether the element's box lies inside its scroll container's visible box (not cut, not scrolled to). */
const insideItsBox = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)
    if (!el) return false
    let box = el.parentElement
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement
    const r = el.getBoundingClientRect()
    const b = (box ?? document.documentElement).getBoundingClientRect()
    return r.right <= Math.min(b.right, window.innerWidth) + 1 && r.width > 0
  }, selector)

describe.each(WIDTHS)('at %i px', (width) => {
  describe.each(THEMES)('%s', (theme) => {
    const name = (screen: string) => `${screen}-${width}-${theme}`

    it('the client list fits: the average basket on a wide screen, cards on a phone', async () => {
      await owner.setViewportSize({ width, height: 900 })
      await owner.goto('/pages/user/clients')
      await showTheme(owner, theme)
      if (width < 768) {
        const cards = owner.locator('[data-layout=cards] li')
        await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(0)
        expect(await owner.locator('table').count()).toBe(0)
        const first = await cards.first().innerText()
        expect(first).toMatch(/\d+ points?/)
        expect(first).toMatch(/Last visit/)
        // The filters wait behind their button.
        const toggle = owner.getByRole('button', { name: 'Filters' })
        expect(await toggle.getAttribute('aria-expanded')).toBe('false')
        expect(await owner.getByLabel('Search', { exact: true }).isVisible()).toBe(false)
        await toggle.click()
        await expect.poll(() => owner.getByLabel('Search', { exact: true }).isVisible()).toBe(true)
      } else {
        const rows = owner.locator('table tbody tr:has(a)')
        await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0)
        expect(await owner.getByRole('button', { name: 'Filters' }).count()).toBe(0)
        const basket = owner.getByRole('columnheader', { name: /average basket/i })
        expect(await basket.isVisible()).toBe(true)
        expect(await insideItsBox(owner, 'table thead th:last-child'), 'average basket not cut').toBe(true)
      }
      await expectNoSidewaysScroll(owner, name('clients'))
      await shot(owner, name('clients'))
    })

    it('the administration fits', async () => {
      await admin.setViewportSize({ width, height: 900 })
      await admin.goto('/pages/admin/dashboard')
      await showTheme(admin, theme)
      const rows = admin.locator('table tbody tr')
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0)
      if (width >= 1440) {
        expect(await insideItsBox(admin, 'table thead th:last-child'), 'last column cut').toBe(true)
      }
      await expectNoSidewaysScroll(admin, name('admin'))
      await shot(admin, name('admin'))
    })

    it('the analytics dashboard fits', async () => {
      await owner.setViewportSize({ width, height: 900 })
      await owner.goto('/pages/dashboards/analytics')
      await showTheme(owner, theme)
      const loading = owner.locator('[data-card][data-status=loading]')
      await expect.poll(() => owner.locator('[data-card]').count(), { timeout: 20_000 }).toBeGreaterThan(0)
      await expect.poll(() => loading.count(), { timeout: 30_000 }).toBe(0)
      // The demo franchise's figures fill every card: none asks for a store or is empty.
      expect(await owner.locator('[data-card][data-status=failed]').count()).toBe(0)
      await owner.locator('[data-chart] svg').first().waitFor({ timeout: 20_000 })
      if (theme === 'dark') {
        // Legends and axis labels in a light colour, readable on the dark background.
        const fills = await owner
          .locator('[data-chart] svg text')
          .evaluateAll((ts) => ts.map((t) => t.getAttribute('fill') ?? getComputedStyle(t).fill))
        expect(fills.length).toBeGreaterThan(0)
        const dark = fills.filter((f) => /^#(3|4|5|6)/i.test(f) || /rgb\((\d{1,2}|1[0-2]\d),/.test(f))
        expect(dark, `dark text in dark mode: ${dark.join(' ')}`).toEqual([])
      }
      await expectNoSidewaysScroll(owner, name('analytics'))
      await shot(owner, name('analytics'))
    })
  })
})

describe('the quick panel', () => {
  it('opens on the right (§1)', async () => {
    await owner.setViewportSize({ width: 1440, height: 900 })
    await owner.goto('/pages/dashboards/analytics')
    await owner.getByRole('button', { name: /quick panel/i }).click()
    const panel = owner.getByRole('dialog')
    await panel.waitFor()
    await expect
      .poll(async () => {
        const box = await panel.boundingBox()
        return box ? Math.round(box.x + box.width) : 0
      })
      .toBe(1440)
    await owner.keyboard.press('Escape')
  })
})

describe('motion', () => {
  /**
   * A looping animation (the spinner's, the loading placeholders' pulse) under the rule that cuts
   * motion: whether it still runs a few frames later. Cut to a 0.01 ms cycle without its loop count,
   * it ran on and showed a random step of its cycle at each frame: a flicker instead of no motion.
   */
  const loopRuns = (page: Page) =>
    page.evaluate(async () => {
      const el = document.createElement('span')
      el.style.animation = 'spin 0.7s linear infinite'
      document.body.append(el)
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r))
      const running = el.getAnimations().some((a) => a.playState === 'running')
      el.remove()
      return running
    })

  it('stops looping animations for reduced motion, and with the animations setting off', async () => {
    // The journeys' browser asks for reduced motion.
    expect(await loopRuns(owner)).toBe(false)
    const moving = await e2e.newPage({ reducedMotion: 'no-preference' })
    await moving.goto('/pages/login')
    expect(await loopRuns(moving)).toBe(true)
    await moving.evaluate(() => {
      document.documentElement.dataset.animations = 'off'
    })
    expect(await loopRuns(moving)).toBe(false)
  })
})
