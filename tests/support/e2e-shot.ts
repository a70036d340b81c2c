// Screenshots of the journeys, for a person to look at: taken only when E2E_SHOTS is set (`E2E_SHOTS=on
// npm run test:e2e`). They assert nothing, and a full-page PNG costs Chromium about half a second of
// CPU: some 80 of them were a minute of the suite's two cores.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Page } from 'playwright-core'

export async function shot(page: Page, path: string, fullPage = true): Promise<void> {
  if (!process.env.E2E_SHOTS) return
  mkdirSync(dirname(path), { recursive: true })
  await page.screenshot({ path, fullPage })
}
