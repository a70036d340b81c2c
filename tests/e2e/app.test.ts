import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'

describe('the app in Chromium', () => {
  const e2e = e2eBrowser()
  const { baseURL } = e2e
  let page: Page
  const problems: string[] = []

  beforeAll(async () => {
    page = await e2e.newPage()
    // CSP violations and script errors show up here: the built app must satisfy the server's policy.
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
  })

  // The e2e servers run on the run's PostgreSQL when it has one, else on the embedded database.
  it('serves the health route with its database', async () => {
    const res = await fetch(`${baseURL}/api/health`)
    expect(await res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    })
  })

  it('renders the login page with its form', async () => {
    await page.goto(`${baseURL}/login`)
    await expect.poll(() => page.getByRole('button', { name: /log in/i }).count()).toBe(1)
    expect(await page.getByLabel(/e-?mail/i).count()).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: /forgot/i }).count()).toBe(1)
    expect(await page.getByRole('button', { name: /log in/i }).isDisabled()).toBe(true)
    expect(problems).toEqual([])
  })

  it('serves the app on a deep link reload', async () => {
    const res = await page.goto(`${baseURL}/pages/user/clients?page=3`)
    expect(res?.status()).toBe(200)
    expect(await page.locator('#root').count()).toBe(1)
    expect(problems).toEqual([])
  })
})
