// The customer scan page in Chromium, without logging in (issue 5): a passage at Maison Dupont with a
// new French number and a 5-star opinion; points injected on a Brooklyn Bagels tag (through the API,
// as the counter would) collected by a customer, then the client and the transaction in the back office.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { scanUrl } from '../../src/domain/scan'
import { launchBrowser } from '../support/browser'

const baseURL = inject('baseURL')
let browser: Browser
const contexts: BrowserContext[] = []

async function newPage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale, baseURL, viewport: { width: 390, height: 844 } })
  contexts.push(context)
  return context.newPage()
}

async function api(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  return { status: res.status, body: await res.json().catch(() => null) }
}

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

/** Random digits: every run is a new customer (the franchise's minimum time between visits applies). */
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('')

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const c of contexts) await c.close()
  await browser?.close()
})

describe('customer scan page', () => {
  it('credits a passage to a new customer, shows the balance, and takes a 5-star opinion', async () => {
    const page = await newPage()
    await page.goto('/scan/maison-dupont-paris-marais')
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
    // A new customer: the balance is what was just credited.
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

  it('collects points injected on a Brooklyn Bagels tag; the client appears with the transaction', async () => {
    const login = await api('/api/users/login', null, {
      method: 'POST',
      body: { email: 'bagels@demo.test', password: 'demo-password' },
    })
    expect(login.status).toBe(200)
    const token = login.body.id as string
    const stores = (await api('/api/v2/stores/owned', token)).body as {
      id: string
      franchiseId: string
      name: string
    }[]
    const store = stores.find((s) => s.name === 'Brooklyn Bagels — Williamsburg')!
    const tags = await api(`/api/v2/franchises/${store.franchiseId}/tags?storeId=${store.id}`, token)
    expect(tags.status).toBe(200)
    const tag = (tags.body.data as { id: string; tagId: string }[]).find(
      (t) => t.tagId === 'brooklyn-bagels-williamsburg',
    )!
    const injected = await api(`/api/v2/tags/${tag.id}/inject-points`, token, {
      method: 'POST',
      body: { amount: '12.50' },
    })
    expect(injected.status).toBe(200)

    const page = await newPage()
    await page.goto('/scan/brooklyn-bagels-williamsburg')
    await expect.poll(() => page.getByText(/12 points waiting for you/).count(), { timeout: 20_000 }).toBe(1)
    const phone = `(718) 555-${digits(4)}`
    await page.getByRole('textbox', { name: /Your phone number/ }).fill(phone)
    await page.getByRole('button', { name: 'Collect my points' }).click()
    const answer = page.waitForResponse((r) => r.url().includes('/collect'))
    await page.getByRole('button', { name: 'Validate' }).click()
    const collected = await (await answer).json()
    expect(collected.points).toBe(12)
    await expect.poll(() => page.getByText('+12 points').count(), { timeout: 15_000 }).toBe(1)

    // The merchant's back office: the client and the sale.
    const office = await newPage()
    await office.goto('/login')
    await office.getByLabel('E-mail').fill('bagels@demo.test')
    await office.getByLabel('Password', { exact: true }).fill('demo-password')
    await office.getByRole('button', { name: 'Log in' }).click()
    await office.waitForURL('**/pages/dashboards/analytics')
    await office.goto(`/pages/user/clients?search=${encodeURIComponent(phone)}`)
    const rows = office.locator('table tbody tr:has(a)')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1)
    // A client known only by phone: the name link is empty (see the report), so open its address.
    const href = await rows.first().getByRole('link').first().getAttribute('href')
    expect(href).toBe(`/pages/user/clients/${collected.clientId}`)
    await office.goto(href!)
    await office.getByRole('tab', { name: 'History' }).click()
    const history = office.getByRole('table', { name: 'History' })
    await expect
      .poll(() => history.locator('tbody tr').filter({ hasText: '$12.50' }).count(), { timeout: 15_000 })
      .toBe(1)
    expect(await history.locator('tbody tr').filter({ hasText: '$12.50' }).innerText()).toContain('+12')
  })

  it('reads another tag’s QR code with the camera, and says when the camera is refused', async () => {
    const refused = await newPage()
    await refused.goto('/scan/maison-dupont-paris-marais')
    await refused.getByRole('button', { name: 'Scan a QR code' }).click({ timeout: 20_000 })
    await expect
      .poll(() => refused.getByText('Camera permission not granted.').count(), { timeout: 15_000 })
      .toBe(1)

    const video = qrVideo(scanUrl(baseURL, 'brooklyn-bagels-williamsburg'))
    const withCamera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    })
    try {
      const context = await withCamera.newContext({ locale: 'en-US', baseURL, permissions: ['camera'] })
      const page = await context.newPage()
      await page.goto('/scan/maison-dupont-paris-marais')
      await page.getByRole('button', { name: 'Scan a QR code' }).click({ timeout: 20_000 })
      await page.waitForURL('**/scan/brooklyn-bagels-williamsburg', { timeout: 20_000 })
      await expect
        .poll(() => page.getByText('Brooklyn Bagels — Williamsburg').count(), { timeout: 15_000 })
        .toBeGreaterThan(0)
    } finally {
      await withCamera.close()
    }
  })
})
