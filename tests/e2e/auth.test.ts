// Sign-in journeys of SPEC §4 in Chromium against the one e2e server (demo data).
import type { BrowserContext, Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { signUpLink } from '../support/e2e-outbox'
import { shot as takeShot } from '../support/e2e-shot'
import { signIn as fillLogin } from '../support/sign-in'

const e2e = e2eBrowser()
const { baseURL } = e2e
let context: BrowserContext
let page: Page

beforeEach(async () => {
  await context?.close()
  context = await e2e.newContext()
  page = await context.newPage()
})

/** The login form on this test's page (sign-in.ts fills it). */
const signIn = (email: string, password = 'demo-password') => fillLogin(page, email, password)

const path = () => new URL(page.url()).pathname

describe('signing in', () => {
  it('takes an owner to the analytics start page', async () => {
    await signIn('owner@demo.test')
    await page.waitForURL('**/pages/dashboards/analytics')
    expect(await page.evaluate(() => localStorage.getItem('lb.token'))).toBeTruthy()
  })

  it('takes each admin role to administration', async () => {
    for (const email of ['admin@demo.test', 'tech@demo.test']) {
      await context.clearCookies()
      await page.evaluate(() => localStorage.clear()).catch(() => {})
      await signIn(email)
      await page.waitForURL('**/pages/admin/dashboard')
      await page.evaluate(() => localStorage.clear())
    }
  })

  it('takes a store owner and a second franchise owner to their start page', async () => {
    for (const email of ['store@demo.test', 'bagels@demo.test']) {
      await signIn(email)
      await page.waitForURL('**/pages/dashboards/analytics')
      await page.evaluate(() => localStorage.clear())
    }
  })

  it('takes a registered account to the account confirmation', async () => {
    await signIn('registered@demo.test')
    await page.waitForURL('**/pages/confirmation')
  })

  it('shows the error on a wrong password and stays on login', async () => {
    await signIn('owner@demo.test', 'not-the-password')
    await expect.poll(() => page.getByText('Incorrect e-mail or password.').first().isVisible()).toBe(true)
    expect(path()).toBe('/login')
  })

  it('returns an unauthenticated deep link to its page after login', async () => {
    await page.goto('/pages/user/clients?page=2')
    await page.waitForURL('**/login?redirect=*')
    await page.getByLabel('E-mail').fill('owner@demo.test')
    await page.getByLabel('Password', { exact: true }).fill('demo-password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/pages/user/clients?page=2')
  })

  it('returns to login when the stored token has expired or was revoked', async () => {
    await signIn('store@demo.test')
    await page.waitForURL('**/pages/**')
    const token = await page.evaluate(() => localStorage.getItem('lb.token'))
    const res = await fetch(`${baseURL}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(204)
    await page.reload()
    await page.waitForURL('**/login*')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lb.token'))).toBeNull()
  })

  it('sends an unpaid account to the payment page, and after paying into the app', async () => {
    await signIn('unpaid@demo.test')
    await page.waitForURL('**/checkout/**')
    await page.getByRole('button', { name: /^Pay/ }).click()
    // Fleurs Martin has one store: the start page.
    await page.waitForURL('**/pages/dashboards/analytics')
  })
})

describe('the app shell', () => {
  it('switches language, and the choice survives a reload', async () => {
    // Its own account: the choice is saved to the account, and other journeys read owner@ in English.
    await signIn('store@demo.test')
    await page.waitForURL('**/pages/**')
    await page.getByRole('button', { name: 'Language' }).click()
    await page.getByRole('menuitemradio', { name: 'Français' }).click()
    await expect.poll(() => page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(1)
    await page.reload()
    await expect.poll(() => page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
  })

  it('remembers the folded navbar across a reload', async () => {
    await signIn('owner@demo.test')
    await page.waitForURL('**/pages/dashboards/analytics')
    const toggle = page.getByRole('button', { name: /^(Expand|Collapse) menu$/ })
    const before = await toggle.getAttribute('aria-expanded')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).not.toBe(before)
    const after = await toggle.getAttribute('aria-expanded')
    // At once, within the save's debounce: the change is not on the server yet.
    await page.reload()
    // Signed in again, the server's settings hold the change (saved at that sign-in), and the page shows it.
    const serverFolded = () =>
      page.evaluate(async () => {
        const token = localStorage.getItem('lb.token')
        const answer = await fetch('/api/v2/users/me/session', {
          headers: { authorization: `Bearer ${token}` },
        })
        const body = (await answer.json()) as { info?: { data?: { settings?: { navbarFolded?: boolean } } } }
        return body.info?.data?.settings?.navbarFolded
      })
    await expect.poll(serverFolded).toBe(after === 'false')
    await page.getByRole('button', { name: /account menu/ }).waitFor()
    expect(
      await page.getByRole('button', { name: /^(Expand|Collapse) menu$/ }).getAttribute('aria-expanded'),
    ).toBe(after)
  })

  it('logs out from the user menu back to login', async () => {
    await signIn('bagels@demo.test')
    await page.waitForURL('**/pages/dashboards/analytics')
    // Brooklyn Bagels is a MANUAL_AMOUNT franchise: the create-sale button is there (once the shell's
    // chunk has arrived: the address changes first).
    await page.getByRole('button', { name: 'Create a sale' }).waitFor()
    expect(await page.getByRole('button', { name: 'Create a sale' }).count()).toBe(1)
    await page.getByRole('button', { name: /account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL('**/login')
    // §4: go to login, then clear the session (once the server revoked the token).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lb.token'))).toBeNull()
  })
})

// Issue 34: every screen shot lands here, at both widths, to be looked at (with E2E_SHOTS set).
const SHOTS = '/tmp/shots-auth'
const shot = (p: Page, name: string, width: string) => takeShot(p, `${SHOTS}/${name}-${width}.png`)

describe.each(JOURNEY_VIEWPORTS)('signing up at $name width (issue 34)', ({ name, ...device }) => {
  it('lists what is missing, says “check your inbox” for a new and a known e-mail alike, and the link signs in', async () => {
    const context = await e2e.newContext(device)
    const p = await context.newPage()
    const email = `nina.${name}@example.test`
    await p.goto('/register')
    const create = p.getByRole('button', { name: 'Create my account' })
    await p.getByText('Still needed to create your account:').waitFor()
    expect(await create.isDisabled()).toBe(true)
    await p.getByLabel('Your name').fill('Nina Martin')
    await p.getByLabel('E-mail').fill('nina@')
    await shot(p, 'register-missing', name)
    expect(await p.getByRole('listitem').allTextContents()).toEqual([
      'E-mail — Enter a valid e-mail address.',
      'Password — This field is required.',
      'Confirm the password — This field is required.',
    ])
    const fill = async (address: string) => {
      await p.getByLabel('E-mail').fill(address)
      await p
        .locator('input')
        .and(p.getByLabel(/^Password/))
        .fill('a-long-password-1')
      await p
        .locator('input')
        .and(p.getByLabel(/^Confirm the password/))
        .fill('a-long-password-1')
    }
    // An address that has an account gets the same screen (its owner gets a notice by mail).
    await fill('owner@demo.test')
    await create.click()
    await p.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    const knownText = await p.locator('main').innerText()
    await p.getByRole('button', { name: 'Change my details' }).click()
    await fill(email)
    await create.click()
    await p.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await shot(p, 'register-sent', name)
    expect((await p.locator('main').innerText()).replace(email, 'owner@demo.test')).toBe(knownText)

    const link = new URL(await signUpLink(baseURL, email))
    await p.goto(`${link.pathname}${link.search}`)
    await p.waitForURL('**/pages/confirmation')
    await p.getByRole('heading', { level: 1, name: 'Activate your account' }).waitFor()
    // The link works once: opened again (signed out) it says so.
    const again = await e2e.newContext(device)
    const q = await again.newPage()
    await q.goto(`${link.pathname}${link.search}`)
    await q.getByRole('heading', { name: 'This link is invalid or has expired' }).waitFor()
    await shot(q, 'register-link-invalid', name)
    expect(e2e.consoleProblems(p)).toEqual([])
    // The spent link's 400 is the one thing its page's console says.
    expect(e2e.consoleProblems(q).filter((m) => !/status of 400/.test(m))).toEqual([])
  })
})

describe.each(JOURNEY_VIEWPORTS)(
  'a session revoked on the server at $name width (issue 34)',
  ({ name, ...device }) => {
    it('signs the user out on the next call, back at login with a message', async () => {
      const context = await e2e.newContext(device)
      const p = await context.newPage()
      await fillLogin(p, 'owner@demo.test')
      await p.waitForURL('**/pages/dashboards/analytics')
      await p.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      // Signed out from elsewhere (another device's logout revokes the token on the server).
      const token = await p.evaluate(() => localStorage.getItem('lb.token'))
      const res = await fetch(`${baseURL}/api/users/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.status).toBe(204)
      // The next thing clicked (in the page, no reload) calls the API with the revoked token.
      // On a phone the navigation is folded away: the app is moved to the page as a link would (no reload).
      if (name === 'phone')
        await p.evaluate(() => {
          history.pushState({}, '', '/pages/loyalty')
          dispatchEvent(new PopStateEvent('popstate'))
        })
      else {
        // The dashboard's own calls may meet the revoked token first and sign out before the click
        // lands: whichever comes first (the message is a toast, so nothing waits past it).
        const click = p
          .getByRole('link', { name: 'Loyalty', exact: true })
          .first()
          .click()
          .catch(() => {})
        await Promise.race([click, p.waitForURL('**/login*')])
      }
      await p.waitForURL('**/login*')
      await p.getByText('Invalid access_token: your session has ended, please log in again.').waitFor()
      await shot(p, 'session-expired', name)
      await expect.poll(() => p.evaluate(() => localStorage.getItem('lb.token'))).toBeNull()
      // The refused call is the one thing the console says.
      expect(e2e.consoleProblems(p).filter((m) => !/status of 401/.test(m))).toEqual([])
    })
  },
)
