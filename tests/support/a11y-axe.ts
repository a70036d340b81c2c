// The accessibility suite's axe run and theme switches (tests/support/a11y-suite.ts): a page checked in
// the theme it shows, then in the other one as the app switches it, on one page load.
import { AxeBuilder } from '@axe-core/playwright'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { applyToDocument } from '../../machines/preferences/preferences.actors'

export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

/** Rules axe leaves out by default ("experimental") that the product's pages must pass too. */
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch'] as const

export const themeOf = async (page: Page) =>
  (await page.evaluate(() => document.documentElement.dataset.theme)) as Theme | undefined

/**
 * Signed in, the account's saved settings win over this browser's: switch through the settings panel
 * when they differ, and wait for the save so a page load keeps it.
 */
export async function switchTheme(page: Page, theme: Theme) {
  await expect.poll(() => themeOf(page), { timeout: 15_000 }).toBeTruthy()
  if ((await themeOf(page)) === theme) return
  await page.getByRole('button', { name: 'Layout settings' }).click()
  const saved = page.waitForResponse((r) => r.url().endsWith('/info') && r.request().method() === 'PATCH')
  // The choice's visible text, as a person clicks it: the radio itself is Ark's hidden input, which
  // Playwright once found outside the viewport while the panel opened.
  const panel = page.getByRole('dialog', { name: 'Layout settings' })
  await panel.getByText(theme === 'dark' ? 'Dark' : 'Light', { exact: true }).click()
  expect((await saved).ok()).toBe(true)
  await page.keyboard.press('Escape')
  await expect.poll(() => page.getByRole('dialog', { name: 'Layout settings' }).count()).toBe(0)
  expect(await themeOf(page)).toBe(theme)
}

/**
 * The page shows `theme` as the app shows a theme it switches to: its own applyToDocument, called in
 * the page with the document's other preferences as they are; the charts follow <html> (EChart's
 * useDocumentTheme). Two frames later, what paints outside CSS has painted again.
 */
async function showTheme(page: Page, theme: Theme) {
  const current = await page.evaluate(() => {
    const root = document.documentElement
    return { language: root.lang, direction: root.dir, animations: root.dataset.animations !== 'off' }
  })
  await page.evaluate(`(${applyToDocument.toString()})(${JSON.stringify({ ...current, theme })})`)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  expect(await themeOf(page)).toBe(theme)
}

/**
 * No transition while the theme changes under axe: even shortened to 0.01 ms by the reduced motion, a
 * colour's ends at a later frame, and axe read some texts' colour of the other theme (1 in 20 pages).
 * Axe measures the page at rest, as it does after a page load.
 */
const AT_REST = '*, *::before, *::after { transition: none !important; }'

/**
 * The axe checks of one test file: each adds its counts to `counts` (violations per page and theme, by
 * impact, printed at the end of the file).
 */
export function axeChecks(counts: string[]) {
  /** Axe's verdict on the page as it is, in its theme; serious and critical violations fail (soft). */
  function judge(what: string, theme: Theme, results: AxeResults) {
    const { violations } = results
    const count = (impact: string) => violations.filter((v) => v.impact === impact).length
    counts.push(
      `${what} (${theme}): ${['critical', 'serious', 'moderate', 'minor'].map(count).join('/')}` +
        (violations.length ? ` — ${violations.map((v) => v.id).join(', ')}` : ''),
    )
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    const report = blocking.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }))
    expect.soft(report, `${what} (${theme}): ${JSON.stringify(report, null, 2)}`).toEqual([])
  }

  /**
   * Runs axe on the page as it is, its default rules and `experimental` (EXPERIMENTAL_RULES unless
   * told), in the theme it shows and then in the other one, and leaves it in the first; serious and
   * critical violations are listed on failure. Returns axe's results per theme (what each rule passed,
   * what did not apply).
   */
  async function expectAccessible(
    page: Page,
    what: string,
    experimental: readonly string[] = EXPERIMENTAL_RULES,
  ): Promise<Record<Theme, AxeResults>> {
    const first = await themeOf(page)
    expect(first, `${what}: theme`).toBeDefined()
    const second: Theme = first === 'dark' ? 'light' : 'dark'
    const options = { rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])) }
    // Legacy mode: axe.run in the page itself. The default runs axe in each frame, then opens a blank
    // page to merge the frames' results, a page and a second axe load per run; the app's pages have no
    // cross-origin frame, the one thing only the default checks.
    const results = {} as Record<Theme, AxeResults>
    results[first!] = await new AxeBuilder({ page }).setLegacyMode().options(options).analyze()
    judge(what, first!, results[first!])
    const atRest = await page.addStyleTag({ content: AT_REST })
    await showTheme(page, second)
    // The same axe, already in the page (AxeBuilder injected it): its code is warm now.
    results[second] = await page.evaluate(
      (o) =>
        (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
          document,
          o,
        ),
      options,
    )
    judge(what, second, results[second])
    await showTheme(page, first!)
    await atRest.evaluate((style) => (style as Element).remove())
    return results
  }

  return { expectAccessible }
}
