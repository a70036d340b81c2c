// The browser of one e2e file (next to sign-in.ts, which fills the login form): Debian's Chromium
// launched before the file's tests and closed after them with every context the file opened. Each
// context is English, aimed at the one e2e server (its `baseURL`), with the file's defaults (a
// viewport…) and any options of its own. Call it at the top of the file, before its own hooks.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { STORAGE_KEYS } from '../../src/api/storage'
import { launchBrowser } from './browser'
import { e2eServer } from './e2e-target'
import { loginToken } from './sign-in'

export type E2EBrowser = {
  baseURL: string
  /** The launched browser (in a test or a hook: it starts in beforeAll). */
  browser: () => Browser
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
  /** A page in a context of its own. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>
  /**
   * A page in a context of its own, signed in as `email` (the demo password), opened at `landing` (by
   * default the owner's dashboard); `null`: left blank, for a journey that goes somewhere itself.
   */
  signedInPage: (email: string, landing?: string | null, options?: BrowserContextOptions) => Promise<Page>
  /**
   * What the browser console said wrong on the pages of this context so far: console errors and
   * warnings, and uncaught page errors (Chromium logs a failed request, a 404 say, as a console error). A journey
   * asserts `expect(e2e.consoleProblems(page)).toEqual([])` at its end (issue 34: journeys run with an
   * empty console).
   */
  consoleProblems: (page: Page) => string[]
}

/** The two widths every journey of issue 34 passes at: a desktop and a phone. */
export const JOURNEY_VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const

const problemsOf = new WeakMap<BrowserContext, string[]>()

function recordProblems(context: BrowserContext) {
  const problems: string[] = []
  problemsOf.set(context, problems)
  const watch = (page: Page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning')
        problems.push(`${m.type()}: ${m.text()} (${m.location().url})`)
    })
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  }
  context.on('page', watch)
  for (const page of context.pages()) watch(page)
}

export function e2eBrowser(defaults: BrowserContextOptions = {}): E2EBrowser {
  const baseURL = e2eServer().baseURL
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
    const context = await browser().newContext({
      locale: 'en-US',
      baseURL,
      // Reduced motion, as a customer may ask for it: the app's transitions end at once (theme/tokens.ts),
      // so a page draws its few frames instead of every step of its animations (on three journey files,
      // Chromium's CPU 37–41 s → 31 s, issue 36 §6). A journey that checks an animation asks for motion.
      reducedMotion: 'reduce',
      ...defaults,
      ...options,
    })
    contexts.push(context)
    recordProblems(context)
    return context
  }
  const newPage = async (options: BrowserContextOptions = {}) => (await newContext(options)).newPage()
  return {
    baseURL,
    browser,
    newContext,
    newPage,
    consoleProblems: (page) => [...(problemsOf.get(page.context()) ?? [])],
    // Signed in as a reload finds a signed-in user: the token the login call answers, in the local
    // storage the app reads at its start. The login form itself is the sign-in journeys' (auth.test.ts,
    // sign-in.ts); filling it for every journey loaded one more page each (issue 36 §6).
    signedInPage: async (email, landing = '/pages/dashboards/analytics', options = {}) => {
      const server = options.baseURL ?? defaults.baseURL ?? baseURL
      const { id, userId } = await loginToken(server, email)
      const page = await newPage({
        ...options,
        storageState: {
          cookies: [],
          origins: [
            {
              origin: new URL(server).origin,
              localStorage: [
                { name: STORAGE_KEYS.token, value: id },
                { name: STORAGE_KEYS.userId, value: userId },
              ],
            },
          ],
        },
      })
      if (landing !== null) await page.goto(landing)
      return page
    },
  }
}
