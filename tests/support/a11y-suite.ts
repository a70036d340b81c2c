// Accessibility of the main pages in Chromium (issue 17): axe-core on every page a user works in, and
// with the create-sale and points dialogs open, in the light and the dark theme; no violation of impact
// "serious" or "critical" may remain.
// Issue 34: axe's default run leaves out its rules tagged "experimental", among them
// label-content-name-mismatch (WCAG 2.5.3, RGAA 6.1.5), so the shell's account and language buttons,
// named without the text they show, passed; that rule is now on for every page, and the signed-in shell
// is checked at the journeys' two widths, the phone one showing other text (the avatar only). The
// account button failed it even once named "<name>, <role>: account menu": its name and role were two
// spans with no space between, which axe reads as one word ("Camille DupontFranchise owner").
// Both themes on each page load (issue 36 §6): axe runs in the theme the page opened in, then the page
// switches to the other one as the app itself does (the preferences' applyToDocument, called in the
// page) and axe runs again. A theme per page load cost twice the loads, and axe's first run in a
// document (its code cold: 0.9–2.8 s a page here) where the second run in it takes 0.2–0.8 s. The
// layout settings panel switches the theme once (the create-sale check), saved on the account.
// Two files, by pages (tests/e2e/a11y-pages.test.ts, a11y-shell.test.ts): the e2e files run two at a
// time, each on its own server, and this suite was the longest of them by far.
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeChecks, switchTheme, themeOf } from './a11y-axe'
import { e2eBrowser, JOURNEY_VIEWPORTS } from './e2e-browser'
import { shot } from './e2e-shot'

/** The suite's two halves, one per test file. */
export type A11yPart = 'pages' | 'shell'

/** The checks of `part`, each page in both themes. */
export function a11ySuite(part: A11yPart): void {
  const e2e = e2eBrowser({
    // Reduced motion, as every journey (e2e-browser.ts): no animation caught half-way (axe would measure
    // a dialog's contrast while it fades in).
    viewport: { width: 1400, height: 900 },
  })
  const { baseURL } = e2e

  /** Violations per page and theme, by impact: printed at the end (BENCHMARKS.md quotes them). */
  const counts: string[] = []
  afterAll(() => {
    console.log(`axe violations (critical/serious/moderate/minor):\n${counts.join('\n')}`)
  })

  const SHOTS = join(import.meta.dirname, '..', 'e2e', 'screenshots')

  const { expectAccessible } = axeChecks(counts)
  const newPage = e2e.newPage

  const appears = (locator: Locator, timeout = 20_000) =>
    expect.poll(() => locator.count(), { timeout }).toBeGreaterThan(0)

  const api = async (path: string, token: string) => {
    const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status, path).toBe(200)
    return res.json()
  }

  /**
   * The public page of one of Maison Dupont's tags as its QR code opens it in the store: with the
   * presence code the scanner screen shows now (issue 16 #5), read as its owner reads it.
   */
  async function demoScanPath(page: Page): Promise<() => Promise<string>> {
    const token = (await page.evaluate(() => localStorage.getItem('lb.token')))!
    const [franchise] = await api('/api/v2/franchises/owned', token)
    const tags = await api(`/api/v2/franchises/${franchise.id}/tags`, token)
    const { id, tagId } = tags.data[0]
    return async () => {
      const { code } = await api(`/api/v2/tags/${id}/presence-code`, token)
      return `/scan/${encodeURIComponent(tagId)}?c=${encodeURIComponent(code)}`
    }
  }

  /** A new profile signed in as `email`, on its landing page, its theme applied. */
  async function signedIn(email: string, landing?: string): Promise<Page> {
    const page = await e2e.signedInPage(email, landing)
    // (No expect.poll: this runs in a beforeAll too.)
    await page.waitForFunction(() => document.documentElement.dataset.theme, undefined, { timeout: 15_000 })
    return page
  }

  /** A list page checked once its rows are in, then the first row's own page opened. */
  async function checkListThenOpenFirst(page: Page, what: string, list: string, item: string) {
    await page.goto(list)
    const rows = page.locator('table tbody tr:has(a)')
    await appears(rows)
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
    await expectAccessible(page, what)
    await rows.first().getByRole('link').first().click()
    await page.waitForURL(item)
  }

  const rule = 'label-content-name-mismatch'

  describe(`accessibility in both themes: ${part === 'pages' ? 'the pages' : 'the shell, the calendar, the dialogs and administration'}`, () => {
    if (part === 'pages') {
      let scanPath: () => Promise<string>

      it('the login page', async () => {
        const page = await newPage()
        await page.goto('/login')
        await appears(page.getByRole('button', { name: 'Log in' }))
        await expectAccessible(page, 'login')
      })

      // One signed-in page, from one check to the next (each a test of its own, in order).
      describe('a franchise owner’s pages', () => {
        let page: Page
        beforeAll(async () => {
          page = await signedIn('owner@demo.test')
          scanPath = await demoScanPath(page)
        })

        it('analytics', async () => {
          await page.goto('/pages/dashboards/analytics')
          await appears(page.locator('[data-chart] svg'), 30_000)
          await expectAccessible(page, 'analytics')
        })

        it('the client list, a client’s page and its points dialog', async () => {
          await checkListThenOpenFirst(page, 'client list', '/pages/user/clients', '**/pages/user/clients/*')
          await appears(page.getByRole('button', { name: 'Credit / debit points' }))
          await expectAccessible(page, 'client detail')
          await page.getByRole('button', { name: 'Credit / debit points' }).click()
          await appears(page.getByRole('dialog').getByLabel('Points'))
          await expectAccessible(page, 'credit-points dialog')
          await page.keyboard.press('Escape')
        })

        it('the loyalty card and its offers', async () => {
          await page.goto('/pages/loyalty')
          await appears(page.getByRole('table', { name: 'Offers' }).locator('tbody tr'))
          await expect.poll(() => page.getByRole('textbox', { name: /^Card name/ }).inputValue()).not.toBe('')
          await expectAccessible(page, 'loyalty')
        })

        it('the stores and a store’s editor', async () => {
          await checkListThenOpenFirst(page, 'stores', '/pages/stores/all', '**/pages/stores/*')
          await appears(page.getByRole('textbox', { name: /^Name/ }))
          await expect.poll(() => page.getByRole('textbox', { name: /^Name/ }).inputValue()).not.toBe('')
          await expectAccessible(page, 'store editor')
        })

        it('the franchise', async () => {
          await page.goto('/pages/franchise')
          await appears(page.getByRole('region', { name: 'Theme' }))
          await expectAccessible(page, 'franchise')
        })

        it('the store owners', async () => {
          await page.goto('/pages/owners')
          await appears(page.getByRole('button', { name: 'Add a store owner' }))
          await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
          await expectAccessible(page, 'owners')
        })

        it('the messages sent', async () => {
          // Rows or, on a fresh server, the empty panel, with its filters.
          await page.goto('/pages/messages')
          await appears(page.getByRole('combobox', { name: 'Campaign' }))
          await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
          await expectAccessible(page, 'messages sent')
        })

        it('the news and the news editor', async () => {
          await page.goto('/pages/news')
          await appears(page.getByRole('button', { name: 'New item' }).first())
          await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
          await expectAccessible(page, 'news')
          await page.getByRole('button', { name: 'New item' }).first().click()
          await appears(page.getByRole('dialog').getByLabel(/Starts at/))
          await expectAccessible(page, 'news editor')
          await page.keyboard.press('Escape')
        })

        it('the offers calendar', async () => {
          await page.goto('/pages/offers/calendar')
          await appears(page.locator('.fc-daygrid-day').first(), 20_000)
          await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
          await expectAccessible(page, 'offers calendar')
        })

        it('the profile', async () => {
          await page.goto('/pages/profile')
          await appears(page.getByRole('textbox', { name: 'Display name' }))
          await expectAccessible(page, 'profile')
        })
      })

      it('the public scan page', async () => {
        const page = await newPage({ viewport: { width: 390, height: 844 } })
        await page.goto(await scanPath())
        await appears(page.getByRole('textbox', { name: /Your phone number/ }))
        await expectAccessible(page, 'scan page')
      })
      return
    }

    it.each(JOURNEY_VIEWPORTS)(
      'the signed-in shell at $name width: its menu buttons named by what they show',
      async ({ name, ...options }) => {
        const page = await e2e.signedInPage('owner@demo.test', undefined, options)
        const account = page.getByRole('button', { name: 'Camille Dupont, Franchise owner: account menu' })
        await appears(account)
        await appears(page.getByRole('button', { name: 'EN, language: English' }))
        for (const [theme, { passes, violations, incomplete, inapplicable }] of Object.entries(
          await expectAccessible(page, `shell (${name})`),
        )) {
          // The rule ran (it is not silently left out again) and found nothing to fix or to doubt.
          expect(
            [...passes, ...inapplicable].map((r) => r.id),
            theme,
          ).toContain(rule)
          expect(
            [...violations, ...incomplete].filter((r) => r.id === rule),
            theme,
          ).toEqual([])
          // Where the buttons show words (the phone shows the avatar and the globe only), the rule
          // checked both and they passed.
          if (name === 'desktop') {
            const checked = passes.find((r) => r.id === rule)?.nodes.map((n) => String(n.target[0])) ?? []
            const labels = await page.evaluate(
              (targets) => targets.map((t) => document.querySelector(t)?.getAttribute('aria-label')),
              checked,
            )
            expect(labels, theme).toEqual(
              expect.arrayContaining([
                'Camille Dupont, Franchise owner: account menu',
                'EN, language: English',
              ]),
            )
          }
        }
        await shot(page, join(SHOTS, `a11y-shell-${name}.png`), false)
        if (name === 'desktop') {
          // The unfolded navbar shows the product's name in its home link and words in its toggle:
          // both named with them (another journey may leave it unfolded on the account, as it was
          // found). Folded again after, as the account had it.
          const expand = page.getByRole('button', { name: 'Expand menu' })
          const wasFolded = (await expand.count()) > 0
          if (wasFolded) await expand.click()
          const collapse = page.getByRole('button', { name: 'Collapse menu' })
          await appears(collapse)
          const unfolded = await expectAccessible(page, `shell, navbar unfolded (${name})`)
          for (const [theme, results] of Object.entries(unfolded)) {
            const labels = results.passes.find((r) => r.id === rule)?.nodes.map((n) => String(n.target[0]))
            expect(
              labels?.length,
              `label-content-name-mismatch checked the navbar (${theme})`,
            ).toBeGreaterThan(0)
          }
          if (wasFolded) {
            const saved = page.waitForResponse(
              (r) => r.url().endsWith('/info') && r.request().method() === 'PATCH',
            )
            await collapse.click()
            expect((await saved).ok()).toBe(true)
          }
        }
      },
      120_000,
    )

    // Issue 34: FullCalendar named a month's day cells by their day number alone, its day headers by a
    // full date ("23 November 2026" over "Mon 23/11"), and the events were named "<kind> · <name>" while
    // they show their time too; label-content-name-mismatch failed there. Checked at the journeys' widths
    // in both views (the week shows each happy hour's slot).
    it.each(JOURNEY_VIEWPORTS)(
      'the offers calendar at $name width, month and week: named by what it shows',
      async ({ name, ...options }) => {
        const page = await e2e.signedInPage('owner@demo.test', undefined, options)
        await page.goto('/pages/offers/calendar')
        for (const view of ['month', 'week'] as const) {
          if (view === 'week') {
            await page.getByRole('button', { name: 'Week', exact: true }).click()
            // The pointer off the button: axe measures its contrast at rest, not hovered.
            await page.mouse.move(0, 0)
          }
          const grid = view === 'month' ? '.fc-daygrid-day' : '.fc-timegrid-slot'
          await appears(page.locator(grid).first())
          await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
          // The demo's happy hours, with the time they show.
          await appears(page.locator('.fc-event .fc-event-time'))
          const what = `offers calendar, ${view} (${name})`
          for (const [theme, { violations, incomplete }] of Object.entries(
            await expectAccessible(page, what),
          )) {
            expect(
              [...violations, ...incomplete].filter((r) => r.id === rule),
              `${what} (${theme})`,
            ).toEqual([])
            // Nothing in the calendar is named apart from its text on an element that may not be named.
            const prohibited = incomplete
              .filter((r) => r.id === 'aria-prohibited-attr')
              .flatMap((r) => r.nodes.map((n) => n.html))
              .filter((html) => html.includes('fc-'))
            expect(prohibited, `${what} (${theme})`).toEqual([])
          }
          // A happy hour's name starts with the time it shows; its kind is its description.
          const event = page.locator('.fc-event.kind-happy-hour:has(.fc-event-time)').first()
          const time = (await event.locator('.fc-event-time').innerText()).trim()
          const escaped = time.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          expect(await event.ariaSnapshot(), what).toMatch(new RegExp(`^- button "${escaped} `))
          const kind = page.locator(`[id="${await event.getAttribute('aria-describedby')}"]`)
          expect(await kind.innerText(), what).toBe('Happy hours')
          await shot(page, join(SHOTS, `a11y-calendar-${view}-${name}.png`), false)
        }
      },
      120_000,
    )

    it('the create-sale dialog, the dark theme chosen in the layout settings and kept on a page load', async () => {
      const page = await signedIn('bagels@demo.test')
      await switchTheme(page, 'dark')
      await page.reload()
      await expect.poll(() => themeOf(page), { timeout: 15_000 }).toBe('dark')
      await page.getByRole('button', { name: 'Create a sale' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create a sale' })
      await expect
        .poll(() => dialog.getByRole('radio', { name: 'Counter' }).isChecked(), { timeout: 20_000 })
        .toBe(true)
      await expectAccessible(page, 'create-sale dialog')
      await page.keyboard.press('Escape')
      // As the account was: the other journeys on this server find it in the default theme.
      await switchTheme(page, 'light')
    })

    it('administration and the franchise panel', async () => {
      const page = await signedIn('admin@demo.test', '/pages/admin/dashboard')
      await checkListThenOpenFirst(
        page,
        'administration',
        '/pages/admin/dashboard?filter=Maison+Dupont',
        '**/pages/admin/franchise-panel/*',
      )
      // The audit log's card: a table while it loads or holds entries, a sentence when it is empty.
      await appears(page.getByRole('region', { name: 'Audit log' }))
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
      await expectAccessible(page, 'franchise panel')
    })
  })
}
