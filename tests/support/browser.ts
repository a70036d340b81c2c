// Headless Chromium (Debian's package) driven by playwright-core. The flags keep it off the network:
// this machine reaches nothing but the registries, and Chromium's background calls would fail noisily.
import { type Browser, chromium } from 'playwright-core'

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}
