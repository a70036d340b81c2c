// The developer tools' phone (profile-page.ts, shifts-page.ts): the production build served with the
// embedded database, a 412 × 823 Chromium window signed in as `email` when the path is a signed-in page,
// `initScript` run before each page's own code, and `load` readying a first visit (empty HTTP cache)
// with the CPU slowed `CPU_RATE` times (4 by default, as Lighthouse's mobile preset).
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type CDPSession, chromium, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/browser'
import { startProductionServer } from '../support/production-server'
import { signIn } from '../support/sign-in'

export type PhonePage = {
  page: Page
  serverUrl: string
  /** Readies a first visit (empty cache, slowed CPU): the caller then goes to the path. */
  load: () => Promise<CDPSession>
  close: () => Promise<void>
}

export async function openPhonePage(
  email: string,
  initScript: string,
  signedIn: boolean,
): Promise<PhonePage> {
  const server = await startProductionServer()
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'phone-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    baseURL: server.url,
    args: CHROMIUM_FLAGS,
    viewport: { width: 412, height: 823 },
  })
  const page = await context.newPage()
  await page.addInitScript(initScript)
  if (signedIn) {
    await signIn(page, email)
    await page.waitForURL(/\/pages\//)
  }
  return {
    page,
    serverUrl: server.url,
    load: async () => {
      await page.goto('about:blank')
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.clearBrowserCache')
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE ?? 4) })
      return cdp
    },
    close: async () => {
      await context.close()
      await server.stop()
    },
  }
}
