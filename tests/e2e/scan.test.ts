// The customer scan page in Chromium (issue 5): a passage at Maison Dupont with a new French number and
// a 5-star opinion, without logging in, from the address the store's scanner screen's QR code carries
// (issue 16 #5: the same address without the store's code asks to scan it in the store); the whole
// counter journey at Brooklyn Bagels: the create-sale dialog injects a sale, a customer collects it in
// another browser, the client and the transaction show in the back office.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { scanUrl } from '../../src/domain/scan'
import { HEADLESS_SHELL_PATH } from '../support/browser'
import { e2eBrowser } from '../support/e2e-browser'
import { smsCode } from '../support/e2e-outbox'
import { type TagRef, counterTag as tagOf } from '../support/e2e-tags'
import { signIn } from '../support/sign-in'

// A phone's screen: the scan page is what a customer opens on theirs.
const e2e = e2eBrowser({ viewport: { width: 390, height: 844 } })
const { baseURL } = e2e
const newPage = (locale = 'en-US'): Promise<Page> => e2e.newPage({ locale })

/**
 * A still "camera" video (Y4M, what Chromium's fake capture device plays) showing the QR code of
 * `text`: black modules on white, 8 pixels each, with a quiet zone.
 */
function qrVideo(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const scale = 8
  const size = 480
  const offset = Math.floor((size - modules.size * scale) / 2)
  const y = Buffer.alloc(size * size, 235)
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(
            16,
            (offset + r * scale + dy) * size + offset + c * scale,
            (offset + r * scale + dy) * size + offset + (c + 1) * scale,
          )
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma])
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'scan-qr-')), 'qr.y4m')
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  )
  return file
}

/** A demo store's counter tag (tests/support/e2e-tags.ts) on this server. */
const counterTag = (email: string, storeName: string) => tagOf(baseURL, email, storeName)

async function logIn(page: Page, email: string) {
  await signIn(page, email)
  await page.waitForURL('**/pages/dashboards/analytics')
}

/** The address the QR code on the store's scanner screen encodes now, read from the screen. */
async function addressOnScanner(email: string, tag: TagRef): Promise<string> {
  const screen = await newPage()
  await logIn(screen, email)
  await screen.goto(`/stores/${tag.storeId}/tags/${tag.id}/scanner`)
  const qr = screen.locator('[data-qr-text]')
  await expect.poll(() => qr.count(), { timeout: 20_000 }).toBe(1)
  return (await qr.getAttribute('data-qr-text'))!
}

/** A browser whose (fake) camera films the QR code of `text`. */
function browserWithCamera(text: string): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(text)}`,
    ],
  })
}

/** Random digits: every run is a new customer (the franchise's minimum time between visits applies). */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('')

describe('customer scan page', () => {
  it('issue 16 #5: a visit cannot be collected from home without the store’s code', async () => {
    const tag = await counterTag('owner@demo.test', 'Maison Dupont — Paris Marais')
    expect(tag.uid).toMatch(/^[a-z2-7]{10}$/)
    const home = await newPage()
    await home.goto(`/scan/${tag.uid}`)
    await expect
      .poll(() => home.getByRole('heading', { name: 'Scan the code in the store' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)
    expect(await home.getByRole('textbox', { name: /Your phone number/ }).count()).toBe(0)
    // Straight to the API with a made-up code: refused, nothing credited.
    const res = await fetch(`${baseURL}/api/public/scan/${tag.uid}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `06 ${digits(8)}`, code: 'AAAAAAAAAAAA' }),
    })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('PRESENCE_CODE_INVALID')
  })

  it('credits a passage to a new customer, shows the balance once the phone is proven by SMS code, and takes a 5-star opinion', async () => {
    const tag = await counterTag('owner@demo.test', 'Maison Dupont — Paris Marais')
    // The customer scans the QR code on the store's screen.
    const address = await addressOnScanner('owner@demo.test', tag)
    const [target, code] = address.split('?c=')
    expect(target).toBe(`${new URL(baseURL).origin}/scan/${tag.uid}`)
    expect(code).toMatch(/^[\w-]{12}$/)
    const page = await newPage()
    await page.goto(address)
    await expect
      .poll(() => page.getByText('Maison Dupont — Paris Marais').count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
    const phone = `06 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`
    await page.getByRole('textbox', { name: /Your phone number/ }).fill(phone)
    await page.getByRole('button', { name: 'Collect my points' }).click()
    await expect.poll(() => page.getByRole('timer').innerText()).toMatch(/seconds? left/)
    const answer = page.waitForResponse((r) => r.url().includes('/collect'))
    await page.getByRole('button', { name: 'Validate' }).click()
    expect((await answer).status()).toBe(200)
    await expect.poll(() => page.getByText(/^\+\d+ points?$/).count(), { timeout: 15_000 }).toBe(1)
    const credited = Number((await page.getByText(/^\+\d+ points?$/).innerText()).replace(/\D/g, ''))
    expect(credited).toBeGreaterThan(0)
    // Issue 24 #4: nothing about the client until this phone proves it is theirs with an SMS code.
    expect(await page.getByText(/^Your balance:/).count()).toBe(0)
    await page.getByRole('button', { name: 'See my card' }).click()
    expect(await page.getByLabel(/Mobile phone number/).inputValue()).toBe(phone)
    await page.getByRole('button', { name: 'Send me a code' }).click()
    const e164 = `+33${phone.replace(/\D/g, '').slice(1)}`
    await page.getByLabel(/Code received by SMS/).fill(await smsCode(e164))
    await page.getByRole('button', { name: 'Confirm' }).click()
    // A new customer: the balance is what was just credited.
    await expect.poll(() => page.getByText(/^Your balance:/).count(), { timeout: 15_000 }).toBe(1)
    expect(await page.getByText(/^Your balance:/).innerText()).toBe(`Your balance: ${credited} points`)

    const opinion = page.getByRole('form', { name: 'How was your visit?' })
    // The customer taps the fifth star (the label of the "5 stars" radio).
    await opinion.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click()
    expect(await opinion.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true)
    await opinion.getByRole('textbox', { name: 'Comment (optional)' }).fill('Excellent croissants')
    await opinion.getByRole('button', { name: 'Send my opinion' }).click()
    await expect
      .poll(() => page.getByText('Thank you for your opinion!').count(), { timeout: 15_000 })
      .toBe(1)

    // The phone is remembered for the next visit, with "not you?".
    await page.reload()
    await expect
      .poll(() => page.getByRole('textbox', { name: /Your phone number/ }).inputValue(), { timeout: 15_000 })
      .toBe(phone)
    await page.getByRole('button', { name: 'Not you?' }).click()
    expect(await page.getByRole('textbox', { name: /Your phone number/ }).inputValue()).toBe('')
  })

  it('the counter injects a sale with the create-sale dialog; a customer collects it; the client appears with the transaction', async () => {
    // The store's back office: Brooklyn Bagels (MANUAL_AMOUNT) opens the create-sale dialog.
    const bagels = await counterTag('bagels@demo.test', 'Brooklyn Bagels — Williamsburg')
    const office = await newPage()
    await office.setViewportSize({ width: 1400, height: 900 })
    await logIn(office, 'bagels@demo.test')
    await office.getByRole('button', { name: 'Create a sale' }).click()
    const dialog = office.getByRole('dialog', { name: 'Create a sale' })
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'Counter' }).isChecked(), { timeout: 20_000 })
      .toBe(true)
    await dialog.getByRole('textbox', { name: 'Sale amount' }).fill('12,50')
    await dialog.getByRole('button', { name: 'Validate' }).click()
    const waiting = dialog.getByRole('region', { name: 'Waiting on the tag' })
    await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBe(1)
    expect(await waiting.innerText()).toMatch(/12 points/)
    const timer = waiting.getByRole('timer')
    const seconds = async () => {
      const m = /(\d+):(\d{2})/.exec(await timer.innerText())
      return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN
    }
    const first = await seconds()
    await expect.poll(seconds, { timeout: 10_000 }).toBeLessThan(first)

    // A customer, in another browser, scans the tag's code and collects the points (injected points
    // are bound to the counter's moment: they need no presence code).
    const page = await newPage()
    await page.goto(`/scan/${bagels.uid}`)
    await expect.poll(() => page.getByText(/12 points waiting for you/).count(), { timeout: 20_000 }).toBe(1)
    const phone = `(718) 555-${digits(4)}`
    await page.getByRole('textbox', { name: /Your phone number/ }).fill(phone)
    await page.getByRole('button', { name: 'Collect my points' }).click()
    const answer = page.waitForResponse((r) => r.url().includes('/collect'))
    await page.getByRole('button', { name: 'Validate' }).click()
    const collected = await (await answer).json()
    expect(collected.points).toBe(12)
    // A device that has not proven the phone is not told whose number it is (issue 34).
    expect(collected).not.toHaveProperty('clientId')
    await expect.poll(() => page.getByText('+12 points').count(), { timeout: 15_000 }).toBe(1)

    // Collected: the tag is free again in the dialog; a second customer finds nothing to collect.
    // The office's dialog sees it at its next refresh (TAG_POLL) and says so (issue 24).
    await expect
      .poll(() => dialog.getByText('The customer collected the points.').count(), { timeout: 15_000 })
      .toBe(1)
    expect(await waiting.count()).toBe(0)
    const late = await newPage()
    await late.goto(`/scan/${bagels.uid}`)
    await expect.poll(() => late.getByText(/points waiting for you/).count(), { timeout: 20_000 }).toBe(0)
    await office.keyboard.press('Escape')

    // The client (known by phone) is in the client list; its history holds the sale.
    await office.goto(`/pages/user/clients?search=${encodeURIComponent(phone)}`)
    const rows = office.locator('table tbody tr:has(a)')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1)
    const link = rows.first().getByRole('link', { name: /718\D?555\D?\d{4}/ })
    const href = await link.getAttribute('href')
    expect(href).toMatch(/^\/pages\/user\/clients\/[0-9a-f-]{36}$/)
    await link.click()
    await office.waitForURL(`**${href}`)
    await office.getByRole('tab', { name: 'History' }).click()
    const history = office.getByRole('table', { name: 'History' })
    await expect
      .poll(() => history.locator('tbody tr').filter({ hasText: '$12.50' }).count(), { timeout: 15_000 })
      .toBe(1)
    expect(await history.locator('tbody tr').filter({ hasText: '$12.50' }).innerText()).toContain('+12')
  })

  it('reads another tag’s QR code with the camera, and says when the camera is refused', async () => {
    const paris = await counterTag('owner@demo.test', 'Maison Dupont — Paris Marais')
    const bagels = await counterTag('bagels@demo.test', 'Brooklyn Bagels — Williamsburg')
    const refused = await newPage()
    await refused.goto(`/scan/${paris.uid}`)
    await refused.getByRole('button', { name: 'Scan a QR code' }).click({ timeout: 20_000 })
    await expect
      .poll(() => refused.getByText('Camera permission not granted.').count(), { timeout: 15_000 })
      .toBe(1)

    const withCamera = await browserWithCamera(scanUrl(baseURL, bagels.uid))
    try {
      const context = await withCamera.newContext({ locale: 'en-US', baseURL, permissions: ['camera'] })
      const page = await context.newPage()
      await page.goto(`/scan/${paris.uid}`)
      await page.getByRole('button', { name: 'Scan a QR code' }).click({ timeout: 20_000 })
      await page.waitForURL(`**/scan/${bagels.uid}`, { timeout: 20_000 })
      await expect
        .poll(() => page.getByText('Brooklyn Bagels — Williamsburg').count(), { timeout: 15_000 })
        .toBeGreaterThan(0)
    } finally {
      await withCamera.close()
    }
  })

  it('in the store, the camera reads the screen’s QR code: the visit is collected on the same page', async () => {
    const tag = await counterTag('owner@demo.test', 'Maison Dupont — Paris Marais')
    const address = await addressOnScanner('owner@demo.test', tag)
    const withCamera = await browserWithCamera(address)
    try {
      const context = await withCamera.newContext({ locale: 'en-US', baseURL, permissions: ['camera'] })
      const page = await context.newPage()
      // The address without the code (a bookmark, a typed link): the page asks for the store's QR code.
      await page.goto(`/scan/${tag.uid}`)
      await page.getByRole('button', { name: 'Scan a QR code' }).click({ timeout: 20_000 })
      const phone = page.getByRole('textbox', { name: /Your phone number/ })
      await expect.poll(() => phone.count(), { timeout: 20_000 }).toBe(1)
      await phone.fill(`06 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`)
      await page.getByRole('button', { name: 'Collect my points' }).click()
      const answer = page.waitForResponse((r) => r.url().includes('/collect'))
      await page.getByRole('button', { name: 'Validate' }).click()
      expect((await answer).status()).toBe(200)
    } finally {
      await withCamera.close()
    }
  })
})
