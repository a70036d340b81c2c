// The browser of one e2e file (next to sign-in.ts, which fills the login form): Debian's Chromium
// launched before the file's tests and closed after them with every context the file opened. Each
// context is English, aimed at the one e2e server (its `baseURL`), with the file's defaults (a
// viewport…) and any options of its own. Call it at the top of the file, before its own hooks.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchBrowser } from './browser'
import { signIn } from './sign-in'

export type E2EBrowser = {
  baseURL: string
  /** The launched browser (in a test or a hook: it starts in beforeAll). */
  browser: () => Browser
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
  /** A page in a context of its own. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>
  /** A page in a context of its own, signed in as `email`, once on its landing page. */
  signedInPage: (email: string, landing?: string, options?: BrowserContextOptions) => Promise<Page>
}

export function e2eBrowser(defaults: BrowserContextOptions = {}): E2EBrowser {
  const baseURL = inject('baseURL')
  let launched: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    launched = await launchBrowser()
  })
  afterAll(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => {})
    await launched?.close()
  })
  const browser = () => {
    if (!launched) throw new Error('The e2e browser starts in beforeAll: use it in a hook or a test')
    return launched
  }
  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser().newContext({ locale: 'en-US', baseURL, ...defaults, ...options })
    contexts.push(context)
    return context
  }
  const newPage = async (options: BrowserContextOptions = {}) => (await newContext(options)).newPage()
  return {
    baseURL,
    browser,
    newContext,
    newPage,
    signedInPage: async (email, landing = '**/pages/dashboards/analytics', options = {}) => {
      const page = await newPage(options)
      await signIn(page, email)
      await page.waitForURL(landing)
      return page
    },
  }
}
