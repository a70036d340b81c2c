// Headless Chromium (Debian's package) driven by playwright-core. The flags keep it off the network:
// this machine reaches nothing but the registries, and Chromium's background calls would fail noisily.
import { type Browser, chromium } from 'playwright-core'
import { CHROMIUM, HEADLESS_SHELL } from './ensure-chromium.mjs'

/** The full browser: the benchmarks' (Lighthouse, the phone page), whose figures are a real Chrome's. */
export const CHROMIUM_PATH = CHROMIUM
/**
 * The end-to-end tests' browser: Chromium's headless shell (Debian's chromium-headless-shell, the build
 * Playwright itself runs headless), the same engine without the desktop browser around it. On the same
 * three journey files it took 33 s of CPU where the full browser took 54 s (issue 36 §6).
 */
export const HEADLESS_SHELL_PATH = HEADLESS_SHELL
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, headless: true, args: CHROMIUM_FLAGS })
}
