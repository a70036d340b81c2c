// The end-to-end tests drive Debian's Chromium. On a fresh machine it is installed here when we run as
// root; otherwise we stop with one line saying how.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
    )
    process.exit(1)
  }
  console.log('Installing Debian’s chromium package for the end-to-end tests…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  })
  if (!existsSync(CHROMIUM)) {
    console.error('Chromium could not be installed; see the apt-get output above.')
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium()
