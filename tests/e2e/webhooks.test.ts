// Outgoing webhooks in Chromium (issue 23): the owner adds an endpoint on the Franchise page pointing
// at a receiver on 127.0.0.1, copies the secret shown once, sends a test event and sees it delivered
// in the endpoint's log; the receiver checks the signature with the standardwebhooks library.
import type { Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { e2eBrowser } from '../support/e2e-browser'
import { webhookReceiver } from '../support/webhook-receiver'

const e2e = e2eBrowser({ viewport: { width: 1400, height: 900 } })
let page: Page
const receiver = webhookReceiver()
const { received } = receiver

beforeAll(async () => {
  await receiver.listen()
  page = await e2e.signedInPage('owner@demo.test', null)
})
afterAll(() => receiver.close())

describe('webhooks on the franchise page', () => {
  it('adds an endpoint, sends a test event and sees it delivered in the log', async () => {
    await page.goto('/pages/franchise')
    const panel = page.getByRole('region', { name: 'Webhooks' })
    await panel.waitFor({ timeout: 30_000 })
    await panel.getByRole('button', { name: 'Add an endpoint' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add an endpoint' })
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url)
    await form.getByRole('button', { name: 'Save' }).click()

    const secretDialog = page.getByRole('dialog', { name: "The endpoint's signing secret" })
    const secretBox = secretDialog.locator('output')
    await secretBox.waitFor({ timeout: 15_000 })
    const secret = (await secretBox.textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click()

    const item = panel.getByRole('listitem', { name: receiver.url })
    await item.getByRole('button', { name: 'Send test event' }).click()
    // The log opens and is read again until the delivery settles.
    await expect
      .poll(() => panel.getByRole('cell', { name: 'Delivered' }).count(), { timeout: 30_000 })
      .toBeGreaterThan(0)
    expect(await panel.getByRole('cell', { name: '200' }).count()).toBeGreaterThan(0)

    expect(received).toHaveLength(1)
    const msg = received[0]!
    const payload = new Webhook(secret).verify(msg.body, msg.headers) as { type: string }
    expect(payload.type).toBe('webhook.test')
  }, 120_000)
})
