// The end-to-end tests drive Debian's Chromium headless shell (the benchmarks the full browser). On a
// fresh machine both are installed here when we run as root; otherwise we stop with one line saying how.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell'
const PACKAGES = 'chromium chromium-headless-shell'

export function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL)) return
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM} or ${HEADLESS_SHELL}: install it with "sudo apt-get install -y ${PACKAGES}" (or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH).`,
    )
    process.exit(1)
  }
  console.log('Installing Debian’s chromium packages for the end-to-end tests…')
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`, {
    stdio: 'inherit',
  })
  if (!existsSync(CHROMIUM) || !existsSync(HEADLESS_SHELL)) {
    console.error('Chromium could not be installed; see the apt-get output above.')
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
