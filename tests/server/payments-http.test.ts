// The HTTP payments adapter against a fake Stripe-like provider on 127.0.0.1: the requests it sends,
// the replies it maps, provider failures as a 502, and the signed webhook that sets the subscription.

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPayments } from '../../src/server/adapters/payments'
import { signBody } from '../../src/server/adapters/webhook-signature'
import { testConfig } from '../../src/server/config'
import { subscriptions } from '../../src/server/db/schema'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { scriptedProvider } from '../support/scripted-provider'

const KEY = 'sk_test_fake'
const SECRET = 'whsec_test_fake'

// The provider answers what `next` says (a reply per path), and records every request it gets.
const provider = scriptedProvider()
const { seen, replies: next } = provider

const sign = (body: string, secret = SECRET) => signBody(secret, body)

describe('createPayments', () => {
  it('keeps the local checkout unless a provider URL is set, and wants a key with it', () => {
    expect(createPayments({}).kind).toBe('local')
    expect(createPayments({ url: 'http://127.0.0.1:1', key: KEY }).kind).toBe('http')
    expect(() => createPayments({ url: 'http://127.0.0.1:1' })).toThrow(/PAYMENTS_API_KEY/)
  })
})

describe.each(databaseKinds())('HTTP payments on %s', (kind) => {
  let t: TestApp
  let unpaid: string
  let unpaidId: string
  beforeAll(async () => {
    t = await startTestApp(kind, {
      seed: true,
      config: {
        publicUrl: 'http://shop.test',
        appOrigins: ['http://app2.shop.test'],
        adapters: {
          ...testConfig().adapters,
          payments: { url: `${provider.url}/v1`, key: KEY, webhookSecret: SECRET },
        },
      },
    })
    unpaid = await loginAs(t.app, 'unpaid@demo.test')
    unpaidId = (await get('/api/v2/users/me')).json().id
  })
  afterAll(() => t.close())
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(unpaid) })
  const webhook = (body: string, headers: Record<string, string> = { 'x-signature': sign(body) }) =>
    t.app.inject({
      method: 'POST',
      url: '/stripe/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })
  const subscribed = async () => (await get('/api/v2/users/me/subscription')).json().isSubscribedRetailer

  it('asks the provider for a payment link and answers its URL', async () => {
    next['/v1/payment_links'] = { status: 200, body: { url: 'https://pay.example/link/abc', id: 'plink_1' } }
    const res = await get('/stripe/payment-links/loyalty-pro-monthly')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ url: 'https://pay.example/link/abc' })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/payment_links',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': expect.stringContaining('application/json'),
      },
      body: {
        customer: unpaidId,
        product: 'loyalty-pro-monthly',
        currency: 'EUR',
        success_url: 'http://shop.test/',
      },
    })
  })

  it('lists the same products, and refuses an unknown one without asking the provider', async () => {
    expect((await get('/stripe/payment-links')).json()[0]).toMatchObject({
      id: 'loyalty-pro-monthly',
      currencyCode: 'EUR',
      amountCents: 4900,
    })
    const res = await get('/stripe/payment-links/no-such-product')
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('PAYMENT_LINK_NOT_FOUND')
    expect(seen).toHaveLength(0)
  })

  it('maps a provider failure to a 502 PAYMENT_PROVIDER_ERROR', async () => {
    next['/v1/payment_links'] = { status: 500, body: { error: { message: 'internal secret detail' } } }
    const failed = await get('/stripe/payment-links/loyalty-pro-monthly')
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({
      statusCode: 502,
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'The payment provider could not create the payment link (HTTP 500)',
    })
    expect(failed.body).not.toContain('secret detail')

    // A reply without a web URL, and a connection the provider drops, fail the same way.
    next['/v1/payment_links'] = { status: 200, body: { url: 'javascript:alert(1)' } }
    expect((await get('/stripe/payment-links/loyalty-pro-monthly')).json().code).toBe(
      'PAYMENT_PROVIDER_ERROR',
    )
    next['/v1/payment_links'] = 'hang-up'
    const dropped = await get('/stripe/payment-links/loyalty-pro-monthly')
    expect(dropped.statusCode).toBe(502)
    expect(dropped.json().code).toBe('PAYMENT_PROVIDER_ERROR')
  })

  it('reads the subscription from the provider', async () => {
    next['/v1/subscriptions'] = {
      status: 200,
      body: { status: 'active', current_period_start: 1_700_000_000 },
    }
    const res = await get('/stripe/subscriptions')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'active',
      isSubscribedRetailer: false,
      since: '2023-11-14T22:13:20.000Z',
      plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      // The fake provider has no invoices route yet: a 404 is none.
      invoices: [],
    })
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: `/v1/subscriptions?customer=${unpaidId}`,
      headers: { authorization: `Bearer ${KEY}` },
    })

    next['/v1/subscriptions'] = { status: 200, body: { status: 'canceled', current_period_start: null } }
    expect((await get('/stripe/subscriptions')).json()).toMatchObject({ status: 'inactive', since: null })
    next['/v1/subscriptions'] = { status: 404, body: { error: 'no subscription' } }
    expect((await get('/stripe/subscriptions')).json()).toMatchObject({ status: 'inactive' })
    next['/v1/subscriptions'] = { status: 503 }
    const down = await get('/stripe/subscriptions')
    expect(down.statusCode).toBe(502)
    expect(down.json().code).toBe('PAYMENT_PROVIDER_ERROR')
  })

  it('refuses a webhook call whose signature is wrong or missing, and changes nothing', async () => {
    const body = JSON.stringify({ type: 'subscription.activated', customer: unpaidId })
    const wrong: Record<string, string>[] = [
      { 'x-signature': sign(body, 'another-secret') },
      { 'x-signature': sign(`${body} `) },
      { 'x-signature': 'abc' },
      {},
    ]
    for (const headers of wrong) {
      const res = await webhook(body, headers)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID')
    }
    expect(await subscribed()).toBe(false)
  })

  it('refuses a signed body that is not a subscription event', async () => {
    const notJson = '{"type":'
    expect((await webhook(notJson)).statusCode).toBe(400)
    const noCustomer = JSON.stringify({ type: 'subscription.activated', customer: 'cus_123' })
    expect((await webhook(noCustomer)).json()).toMatchObject({
      statusCode: 400,
      code: 'WEBHOOK_INVALID_BODY',
    })
    // Events it does not handle are acknowledged, so that the provider stops sending them.
    const other = JSON.stringify({ type: 'invoice.paid', customer: unpaidId })
    expect((await webhook(other)).json()).toEqual({ received: true, outcome: 'ignored' })
    expect(await subscribed()).toBe(false)
  })

  it('activates and cancels the subscription on signed events, idempotently', async () => {
    const activated = JSON.stringify({ type: 'subscription.activated', customer: unpaidId })
    const first = await webhook(activated)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'updated' })
    expect(await subscribed()).toBe(true)
    // The provider retries: the same event again changes nothing.
    expect((await webhook(activated)).json()).toEqual({ received: true, outcome: 'unchanged' })
    expect(await subscribed()).toBe(true)
    // An optional "sha256=" prefix is accepted.
    expect((await webhook(activated, { 'x-signature': `sha256=${sign(activated)}` })).statusCode).toBe(200)

    const canceled = JSON.stringify({ type: 'subscription.canceled', customer: unpaidId })
    expect((await webhook(canceled)).json()).toEqual({ received: true, outcome: 'updated' })
    expect(await subscribed()).toBe(false)

    const stranger = JSON.stringify({
      type: 'subscription.activated',
      customer: '00000000-0000-4000-8000-000000000000',
    })
    expect((await webhook(stranger)).json()).toEqual({ received: true, outcome: 'unknown-customer' })
  })
  it('returns the payment to the trusted address the app was opened on, never to a claimed one', async () => {
    next['/v1/payment_links'] = { status: 200, body: { url: 'https://pay.example/link/abc' } }
    const on = (host: string) =>
      t.app.inject({
        method: 'GET',
        url: '/stripe/payment-links/loyalty-pro-monthly',
        headers: { ...bearer(unpaid), host },
      })
    await on('app2.shop.test')
    await on('evil.test')
    expect(seen.map((r) => (r.body as { success_url: string }).success_url)).toEqual([
      'http://app2.shop.test/',
      'http://shop.test/',
    ])
  })

  it('shows the plan, renewal and invoices; cancels and resumes through the provider', async () => {
    const end = 1_800_000_000
    const active = {
      status: 'active',
      current_period_start: 1_797_400_000,
      current_period_end: end,
      plan: 'loyalty-pro-monthly',
      currency: 'eur',
    }
    next['/v1/subscriptions'] = { status: 200, body: active }
    next['/v1/invoices'] = {
      status: 200,
      body: {
        data: [
          { id: 'in_1', created: 1_794_800_000, amount_paid: 4900, currency: 'eur', status: 'paid' },
          { id: 'in_2', created: 1_797_400_000, amount_paid: 4900, currency: 'eur', status: 'paid' },
        ],
      },
    }
    const read = (await get('/stripe/subscriptions')).json()
    expect(read).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(end * 1000).toISOString(),
    })
    expect(read.invoices.map((i: { id: string }) => i.id)).toEqual(['in_2', 'in_1'])
    expect(read.invoices[0]).toMatchObject({ amountCents: 4900, currencyCode: 'EUR', status: 'paid' })

    next['/v1/subscriptions/renewal'] = { status: 200, body: { ...active, cancel_at_period_end: true } }
    const post = (path: string) => t.app.inject({ method: 'POST', url: path, headers: bearer(unpaid) })
    const cancel = await post('/stripe/subscriptions/cancel')
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(seen.find((r) => r.url === '/v1/subscriptions/renewal')).toMatchObject({
      method: 'POST',
      body: { customer: unpaidId, cancel_at_period_end: true },
    })
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, unpaidId))
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(end * 1000) })

    next['/v1/subscriptions/renewal'] = { status: 409, body: { error: 'no active subscription' } }
    const none = await post('/stripe/subscriptions/resume')
    expect(none.statusCode).toBe(409)
    expect(none.json().code).toBe('SUBSCRIPTION_NOT_ACTIVE')
    next['/v1/subscriptions/renewal'] = { status: 500 }
    expect((await post('/stripe/subscriptions/resume')).statusCode).toBe(502)
  })

  it('keeps the state a signed subscription.updated event carries', async () => {
    const body = JSON.stringify({
      type: 'subscription.updated',
      customer: unpaidId,
      subscription: { status: 'active', current_period_end: 1_900_000_000, cancel_at_period_end: false },
    })
    expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'updated' })
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, unpaidId))
    expect(row).toMatchObject({
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(1_900_000_000_000),
    })
    const broken = JSON.stringify({
      type: 'subscription.updated',
      customer: unpaidId,
      subscription: { nope: 1 },
    })
    expect((await webhook(broken)).json().code).toBe('WEBHOOK_INVALID_BODY')
  })
})

describe('webhook without a secret', () => {
  it('refuses every call', async () => {
    const t = await startTestApp('pglite')
    try {
      const body = JSON.stringify({
        type: 'subscription.activated',
        customer: '00000000-0000-4000-8000-000000000000',
      })
      const res = await t.app.inject({
        method: 'POST',
        url: '/stripe/webhook',
        headers: { 'content-type': 'application/json', 'x-signature': sign(body, '') },
        payload: body,
      })
      expect(res.statusCode).toBe(400)
      expect(t.app.adapters.payments.kind).toBe('local')
    } finally {
      await t.close()
    }
  })
})
