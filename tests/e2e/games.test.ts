// The gift wheel in Chromium (issues 22, 34), at a desktop's and a phone's width: an admin switches GAME
// off and on for Maison Dupont; the owner creates a wheel with one coupon reward (a weights total over
// 100 % is refused first, tied to the field); a new game's detail says nobody played; a customer in
// another context confirms the phone with the SMS code (read from the phone: the e2e SMS provider), spins and wins the
// coupon: its short code, QR code, value, last day and how to use it on screen, and the same code by
// SMS once; the counter opens the QR code's address and redeems it; the owner renames the wheel; past
// the SMS resend delay (the shared server's clock moved on, tests/support/e2e-clock.ts) a second spin of
// that phone shows the same result and sends nothing.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser, JOURNEY_VIEWPORTS } from '../support/e2e-browser'
import { sharedServerClock } from '../support/e2e-clock'
import { smsCode } from '../support/e2e-outbox'
import { shot } from '../support/e2e-shot'

const e2e = e2eBrowser()
const clock = sharedServerClock()
const { baseURL } = e2e
let admin: Page
let owner: Page
let adminToken: string
let ownerToken: string
let dupontId: string

const api = async (path: string, token: string, init: RequestInit = {}) => {
  const res = await fetch(`${baseURL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  })
  return res.json()
}
const setGame = (isEnabled: boolean) =>
  api(`/api/v2/franchises/${dupontId}/features`, adminToken, {
    method: 'PATCH',
    body: JSON.stringify({ feature: 'GAME', isEnabled }),
  })

beforeAll(async () => {
  admin = await e2e.signedInPage('admin@demo.test', '/pages/admin/dashboard')
  adminToken = (await admin.evaluate(() => localStorage.getItem('lb.token')))!
  const merchants = await api('/api/v2/users/merchants?filter=owner%40demo.test', adminToken)
  dupontId = merchants.data[0].franchise.id
})
afterAll(async () => {
  // Real time again for the files after this one, whatever failed.
  clock.reset()
  // The seed's state: GAME on for Maison Dupont.
  if (adminToken && dupontId) await setGame(true)
})

/**
 * The customer's play page up to the result, the SMS code read as the customer reads their phone
 * (`previous`: a code this phone got before, which the new one must replace).
 */
async function play(page: Page, gameId: string, phone: string, previous = '') {
  await page.goto(`/game/${gameId}`)
  await page.getByRole('button', { name: 'I am in the store' }).click()
  await page.getByLabel('Mobile phone number').fill(phone)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  const e164 = `+33${phone.replace(/\D/g, '').slice(1)}`
  let code = ''
  await expect
    .poll(
      async () => {
        code = await smsCode(e164)
        return code !== previous
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  await page.getByLabel('Code received by SMS').fill(code)
  await page.getByRole('button', { name: 'Confirm' }).click()
  const won = page.getByRole('heading', { name: /^You won: / })
  await expect.poll(() => won.count(), { timeout: 20_000 }).toBe(1)
  return { result: await won.innerText(), code }
}

describe.each(JOURNEY_VIEWPORTS)('gift wheel ($name)', ({ name: width, ...options }) => {
  it('the owner creates a wheel; a customer plays once, gets the coupon on screen and by SMS; the counter redeems it', async () => {
    owner = await e2e.signedInPage('owner@demo.test', undefined, options)
    ownerToken = (await owner.evaluate(() => localStorage.getItem('lb.token')))!
    if (width === 'desktop') {
      // GAME off: no Games entry and the calls refuse; on again, the entry is back.
      await setGame(false)
      await owner.reload()
      expect(await owner.getByRole('navigation').getByRole('link', { name: 'Games' }).count()).toBe(0)
      expect((await api('/api/v2/games/owned', ownerToken)).code).toBe('GAME_FEATURE_DISABLED')
      await setGame(true)
      await owner.reload()
      await owner.getByRole('navigation').getByRole('link', { name: 'Games' }).first().click()
    } else await owner.goto('/pages/games/history')
    await expect.poll(() => owner.getByRole('heading', { level: 1, name: 'Games' }).count()).toBe(1)

    const name = `E2E wheel ${width} ${Date.now().toString(36)}`
    await owner.getByRole('link', { name: 'New gift wheel' }).first().click()
    await owner.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => owner.getByText('Game name is required').count()).toBe(1)
    await owner.getByRole('textbox', { name: /Game name/ }).fill(name)
    await owner.getByRole('checkbox').first().check()
    await owner.getByRole('button', { name: 'Next' }).click()

    // One coupon reward at 100 %: every spin wins it.
    await owner.getByRole('button', { name: 'Add a coupon reward' }).click()
    const reward = owner.getByRole('group', { name: 'Reward 1' })
    await reward.getByRole('textbox', { name: 'Reward' }).fill('Dessert of the day')
    await reward.getByRole('textbox', { name: 'Coupon name' }).fill('Dessert offert')
    await reward.getByRole('spinbutton', { name: 'Percentage' }).fill('10')
    await reward.getByRole('spinbutton', { name: 'Win probability (%)' }).fill('120')
    await owner.getByRole('button', { name: 'Next' }).click()
    // Over 100 %: an error message the weight field points to.
    const weightsError = owner.getByRole('alert').filter({ hasText: 'The weights total more than 100 %.' })
    await expect.poll(() => weightsError.count()).toBe(1)
    const errorId = await weightsError.getAttribute('id')
    expect(
      await reward.getByRole('spinbutton', { name: 'Win probability (%)' }).getAttribute('aria-describedby'),
    ).toContain(errorId)
    await shot(owner, `/tmp/shots-games/wizard-weights-${width}.png`)
    await reward.getByRole('spinbutton', { name: 'Win probability (%)' }).fill('100')
    await expect.poll(() => owner.getByText('Rewards: 100 % · Lose: 0 %').count()).toBe(1)
    await owner.getByRole('button', { name: 'Next' }).click()
    await owner.getByRole('button', { name: 'Create the game' }).click()
    await owner.waitForURL('**/pages/games/history')
    await expect.poll(() => owner.getByRole('link', { name }).count(), { timeout: 15_000 }).toBe(1)
    const games = await api('/api/v2/games/owned?size=50', ownerToken)
    const gameId = (games.data as { id: string; name: string }[]).find((g) => g.name === name)!.id

    // Nobody has played yet: said so on the detail.
    await owner.goto(`/pages/games/${gameId}`)
    await expect.poll(() => owner.getByRole('heading', { name: 'Nobody has played yet' }).count()).toBe(1)
    await shot(owner, `/tmp/shots-games/detail-empty-${width}.png`)

    // The customer, in a context of its own.
    // The wheel turns for the desktop's customer (the journeys' browser asks for reduced motion, under
    // which the result shows at once, as the phone's does).
    const customer = await e2e.newPage(
      width === 'desktop' ? { ...options, reducedMotion: 'no-preference' } : options,
    )
    const phone = `06 ${String(Date.now())
      .slice(-8)
      .replace(/(\d{2})(?=\d)/g, '$1 ')}`
    const { result, code: smsCodeSent } = await play(customer, gameId, phone)
    expect(result).toBe('You won: Dessert of the day!')
    // The coupon as the counter takes it: value, short code, QR code, last day, how to use it.
    const shownCode = (await customer.getByText(/^Coupon code: /).innerText()).replace('Coupon code: ', '')
    expect(shownCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
    const code = shownCode.replace('-', '')
    expect(await customer.getByText('10 % off').count()).toBe(1)
    expect(await customer.getByText(/^Valid until /).count()).toBe(1)
    expect(
      await customer
        .getByText('Show this QR code at the counter, or give the code. The coupon can be used once.')
        .count(),
    ).toBe(1)
    const qr = customer.getByRole('img', { name: "The coupon's QR code" })
    const redeemUrl = (await qr.getAttribute('data-qr-text'))!
    expect(redeemUrl).toBe(`${baseURL}/pages/coupons/${code}`)
    await shot(customer, `/tmp/shots-games/result-${width}.png`)
    // The same coupon by SMS, once, in the page's language.
    const e164 = `+33${phone.replace(/\D/g, '').slice(1)}`
    const sent = await api(
      `/api/v2/franchises/${dupontId}/messages?search=${encodeURIComponent(e164)}`,
      ownerToken,
    )
    const won = ((sent.data ?? []) as { body: string; recipient: string }[]).filter((m) =>
      m.body.includes('Your coupon code'),
    )
    expect(won.map((m) => m.body.includes(shownCode))).toEqual([true])
    // The resend delay of this phone's SMS code runs from here (60 s): the server's clock is moved past
    // it below, after the owner's steps.
    const resendOpen = new Date(Date.now() + 61_000)

    // The counter scans the QR code: the back office's redeem page, then "Use".
    await owner.goto(redeemUrl)
    await expect
      .poll(() => owner.getByRole('heading', { name: 'Dessert offert' }).count(), { timeout: 15_000 })
      .toBe(1)
    await owner.getByRole('button', { name: 'Use', exact: true }).click()
    await expect
      .poll(() => owner.getByRole('status').filter({ hasText: 'The coupon is used.' }).count())
      .toBe(1)
    await shot(owner, `/tmp/shots-games/redeemed-${width}.png`)
    // Typed again at the counter: found, already used.
    await owner.goto('/pages/coupons')
    await owner.getByRole('textbox', { name: 'Coupon code' }).fill(shownCode.toLowerCase())
    await owner.getByRole('button', { name: 'Find' }).click()
    await expect.poll(() => owner.getByText('Already used').count(), { timeout: 15_000 }).toBe(1)

    // The owner renames the wheel from its detail: the wizard opens on the saved game, its reward kept.
    await owner.goto('/pages/games/history')
    await owner.getByRole('link', { name }).click()
    await owner.getByRole('link', { name: 'Edit' }).click()
    await owner.waitForURL(`**/pages/games/${gameId}/edit`)
    await expect
      .poll(() => owner.getByRole('heading', { level: 1, name: 'Edit the gift wheel' }).count())
      .toBe(1)
    const renamed = `${name} (Noël)`
    await owner.getByRole('textbox', { name: /Game name/ }).fill(renamed)
    await owner.getByRole('button', { name: 'Next' }).click()
    expect(
      await owner
        .getByRole('group', { name: 'Reward 1' })
        .getByRole('textbox', { name: 'Reward' })
        .inputValue(),
    ).toBe('Dessert of the day')
    await shot(owner, `/tmp/shots-games/wizard-preview-${width}.png`)
    await owner.getByRole('button', { name: 'Next' }).click()
    await owner.getByRole('button', { name: 'Save the changes' }).click()
    await owner.waitForURL('**/pages/games/history')
    await expect.poll(() => owner.getByRole('link', { name: renamed }).count(), { timeout: 15_000 }).toBe(1)
    expect((await api(`/api/v2/games/${gameId}/info/owner`, ownerToken)).name).toBe(renamed)

    // A second spin of the same phone (after the SMS resend delay): the same result, said so, and no
    // second SMS. The delay is passed on the server's clock, not waited for, and only for this spin: the
    // journeys after this one share that server, and a clock left ahead breaks the countdowns they
    // compare with the browser's.
    const again = await e2e.newPage(options)
    clock.moveTo(resendOpen)
    try {
      expect((await play(again, gameId, phone, smsCodeSent)).result).toBe(result)
      await expect
        .poll(() => again.getByText('You have already played this game: here is your result.').count())
        .toBe(1)
      const after = await api(
        `/api/v2/franchises/${dupontId}/messages?search=${encodeURIComponent(e164)}`,
        ownerToken,
      )
      expect(
        ((after.data ?? []) as { body: string; recipient: string }[]).filter((m) =>
          m.body.includes('Your coupon code'),
        ),
      ).toHaveLength(1)
    } finally {
      clock.reset()
    }

    const rewards = await api(`/api/v2/games/${gameId}/rewards?includeDisabled=true`, ownerToken)
    expect((rewards as { won: number }[]).reduce((n, r) => n + r.won, 0)).toBe(1)
    for (const [who, page] of Object.entries({ owner, customer, again }))
      expect(e2e.consoleProblems(page), who).toEqual([])
  }, 300_000)
})
