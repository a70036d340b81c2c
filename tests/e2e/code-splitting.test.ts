// Route-level code splitting (issue 17): a page's code arrives on its first visit, and meanwhile the
// shell shows its loading state, never a blank screen; the login page downloads no page area.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { PAGE_ONLY_LIBRARIES } from '../../page-only-libraries'
import { e2eBrowser } from '../support/e2e-browser'

const e2e = e2eBrowser()
let context: BrowserContext
let page: Page

beforeEach(async () => {
  await context?.close()
  context = await e2e.newContext()
  page = await context.newPage()
})

/** Navigates inside the app as a link would (wouter follows history). */
const go = (to: string) =>
  page.evaluate((path) => {
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate'))
  }, to)

/**
 * The sources (from the source maps) of the built chunk whose file matches `chunk` and of every chunk it
 * imports statically: what a page that loads it downloads. Reads the build the suite serves.
 */
function sourcesLoadedWith(chunk: RegExp): string[] {
  const dist = process.env.STATIC_DIR || 'dist'
  type Chunk = { file: string; imports?: string[] }
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >
  const start = Object.keys(manifest).find((k) => chunk.test(manifest[k]!.file))
  expect(start).toBeDefined()
  const loaded = new Set<string>()
  const walk = (key: string) => {
    if (loaded.has(key)) return
    loaded.add(key)
    for (const dep of manifest[key]?.imports ?? []) walk(dep)
  }
  walk(start!)
  return [...loaded].flatMap((key) => {
    const map = JSON.parse(readFileSync(path.join(dist, `${manifest[key]!.file}.map`), 'utf8'))
    return map.sources as string[]
  })
}

describe('code splitting', () => {
  it('the login page loads no page area, nor the shell', async () => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((s) => /(Container|ShellRoutes|ShellLayout|EChart)-/.test(s))).toEqual([])
  })

  it('a public page (a QR code’s scan page) downloads none of the back-office', async () => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await page.goto('/scan/0000000000000000', { waitUntil: 'networkidle' })
    await page.getByRole('main').waitFor()
    // public.html's entry and the scan page's chunk; not index.html's entry (login, session, route
    // table), nor the shell or any other page.
    expect(scripts.some((s) => /\/assets\/public-[^/]+\.js$/.test(s))).toBe(true)
    expect(scripts.some((s) => /\/assets\/ScanContainer-[^/]+\.js$/.test(s))).toBe(true)
    const backOffice =
      /\/assets\/(main-|index-|ShellRoutes-|ShellLayout-|EChart-|app-shared-|(?!Scan)\w+Container-)/
    expect(scripts.filter((s) => backOffice.test(s))).toEqual([])
  })

  it('the chunk every signed-in page shares brings no page-only library with it', () => {
    expect(sourcesLoadedWith(/(^|\/)_?app-shared-/).filter((s) => PAGE_ONLY_LIBRARIES.test(s))).toEqual([])
  })

  it('the client list downloads no SMS segment counter (only the expiry settings check SMS text)', () => {
    const sms = /node_modules\/(sms-segments-calculator|grapheme-splitter)\//
    expect(sourcesLoadedWith(/ClientListContainer-/).filter((s) => sms.test(s))).toEqual([])
  })

  it('shows the shell and its loading state while a page’s chunk arrives, then the page', async () => {
    await page.goto('/login')
    await page.getByLabel('E-mail').fill('owner@demo.test')
    await page.getByLabel('Password', { exact: true }).fill('demo-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/pages/dashboards/analytics')
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor()
    // Hold the profile page's chunk until the loading state has been seen.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/ProfileContainer-[^/]+\.js$/, async (route: Route) => {
      await held
      await route.continue()
    })
    await go('/pages/profile')
    await page.getByRole('status').filter({ hasText: 'Loading the page…' }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1)
    release()
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor()
    expect(await page.getByText('Loading the page…').count()).toBe(0)
  })
})
