// Stripe (issue 35 §1) through the official library against a fake Stripe API on 127.0.0.1: Checkout
// with the customer made once, the customer portal, and webhooks signed as Stripe signs them —
// success, card declined, payment failed then paid (with the grace period), cancel at period end,
// resume, forged signature, stale timestamp, replay, out of order; Stripe's errors as a 502.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPayments, stripePayments } from '../../src/server/adapters/payments'
import { paymentsConfig } from '../../src/server/adapters/payments/config'
import { testConfig } from '../../src/server/config'
import { stripeEvents, subscriptions, users } from '../../src/server/db/schema'
import { stripePaymentLink, stripePortalUrl } from '../../src/server/services/payments-stripe'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'
import { type FakeStripe, type StripeEvent, signedWebhook, startFakeStripe } from '../support/fake-stripe'

const KEY = 'sk_test_fake'
const SECRET = 'whsec_test_fake'
const PRICES = { EUR: 'price_eur', USD: 'price_usd', CAD: 'price_cad', CHF: 'price_chf' }
const DAY_MS = 86_400_000

describe('payments settings', () => {
  it('keeps the local checkout unless PAYMENTS=stripe (or a Stripe key) says otherwise', () => {
    expect(paymentsConfig({}).kind).toBe('local')
    expect(paymentsConfig({ STRIPE_SECRET_KEY: KEY }).kind).toBe('stripe')
    expect(paymentsConfig({ PAYMENTS: 'local', STRIPE_SECRET_KEY: KEY }).kind).toBe('local')
    expect(() => paymentsConfig({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS must be local or stripe/)
    expect(paymentsConfig({ STRIPE_PRICES: 'eur:price_1, USD:price_2' }).prices).toEqual({
      EUR: 'price_1',
      USD: 'price_2',
    })
    expect(() => createPayments(paymentsConfig({ PAYMENTS: 'stripe' }))).toThrow(/STRIPE_SECRET_KEY/)
  })
})

describe.each(databaseKinds())('Stripe payments on %s', (kind) => {
  let t: TestApp
  let stripe: FakeStripe
  let token: string
  let userId: string
  beforeAll(async () => {
    stripe = await startFakeStripe({ key: KEY, prices: PRICES })
    t = await startTestApp(kind, {
      seed: true,
      config: {
        publicUrl: 'http://shop.test',
        appOrigins: ['http://app2.shop.test'],
        adapters: {
          ...testConfig().adapters,
          payments: {
            kind: 'stripe',
            secretKey: KEY,
            webhookSecret: SECRET,
            prices: PRICES,
            api: stripe.api,
            graceDays: 7,
          },
        },
      },
    })
    token = await loginAs(t.app, 'unpaid@demo.test')
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'unpaid@demo.test'))
    userId = u!.id
  })
  afterAll(async () => {
    await t?.close()
    await stripe?.close()
  })
  afterEach(() => vi.useRealTimers())

  const db = () => t.database.db
  const get = (url: string, host?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(host ? { host } : {}) } })
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) })
  const deliver = (event: StripeEvent, secret = SECRET, at?: number) => {
    const { body, headers } = signedWebhook(event, secret, at)
    return t.app.inject({ method: 'POST', url: '/stripe/webhook', headers, payload: body })
  }
  const deliverAll = async (events: StripeEvent[]) => {
    const outcomes = []
    for (const e of events) {
      const res = await deliver(e)
      expect(res.statusCode, res.body).toBe(200)
      outcomes.push(res.json().outcome)
    }
    return outcomes
  }
  const subscribed = async () => (await get('/api/v2/users/me/subscription')).json().isSubscribedRetailer
  const detail = async () => (await get('/stripe/subscriptions')).json()
  /** Opens a checkout and pays it at Stripe: the events Stripe then sends. */
  const checkout = async (card: 'ok' | 'declined' = 'ok') => {
    const res = await get('/stripe/payment-links/loyalty-pro-monthly')
    expect(res.statusCode, res.body).toBe(200)
    const sessionId = new URL(res.json().url).pathname.split('/').pop()!
    return { sessionId, events: stripe.payCheckout(sessionId, card) }
  }
  const subscriptionId = async () =>
    (await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]?.stripeSubscriptionId

  it('opens Checkout for the user’s currency, on a customer made once and kept as stripeId', async () => {
    const first = await get('/stripe/payment-links/loyalty-pro-monthly', 'app2.shop.test')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)
    await get('/stripe/payment-links/loyalty-pro-monthly')
    const creations = stripe.requests.filter((r) => r.path === '/v1/customers')
    expect(creations).toHaveLength(1)
    expect(creations[0]).toMatchObject({
      idempotencyKey: `customer-${userId}`,
      form: { email: 'unpaid@demo.test', 'metadata[userId]': userId },
    })
    const [u] = await db().select().from(users).where(eq(users.id, userId))
    expect(u!.stripeId).toBe([...stripe.customers.keys()][0])
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')
    expect(sessions[0]!.form).toMatchObject({
      mode: 'subscription',
      customer: u!.stripeId!,
      client_reference_id: userId,
      'line_items[0][price]': 'price_eur',
      'line_items[0][quantity]': '1',
      success_url: 'http://app2.shop.test/?checkout=done',
      cancel_url: 'http://app2.shop.test/',
    })
    // Never a Host the request merely claims.
    await get('/stripe/payment-links/loyalty-pro-monthly', 'evil.test')
    expect(stripe.requests.at(-1)!.form.success_url).toBe('http://shop.test/?checkout=done')
    expect((await get('/stripe/payment-links/nope')).statusCode).toBe(404)
  })

  it('card declined: the first payment fails, nothing opens', async () => {
    const { events } = await checkout('declined')
    expect(await deliverAll(events)).toEqual(['updated', 'updated'])
    expect(await subscribed()).toBe(false)
    expect(await detail()).toMatchObject({ status: 'inactive', plan: null, manage: 'portal' })
  })

  it('success: the paid checkout opens the owner pages, the detail shows Stripe’s invoices', async () => {
    const { events } = await checkout()
    expect(await deliverAll(events)).toEqual(['updated', 'updated', 'updated'])
    expect(await subscribed()).toBe(true)
    const d = await detail()
    expect(d).toMatchObject({
      status: 'active',
      isSubscribedRetailer: true,
      plan: { id: 'loyalty-pro-monthly', currencyCode: 'EUR' },
      cancelAtPeriodEnd: false,
      manage: 'portal',
      pastDue: null,
    })
    expect(new Date(d.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS)
    expect(d.invoices[0]).toMatchObject({ amountCents: 4900, currencyCode: 'EUR', status: 'paid' })
  })

  it('the customer portal opens for the caller’s own customer, back to the profile', async () => {
    const res = await post('/stripe/portal-sessions')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/)
    expect(stripe.requests.at(-1)!.form).toMatchObject({ return_url: 'http://shop.test/pages/profile' })
  })

  it('cancel at period end, then resume, in the portal (and through the API)', async () => {
    const sub = (await subscriptionId())!
    await deliverAll(stripe.setCancelAtPeriodEnd(sub, true))
    expect(await detail()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(await subscribed()).toBe(true)
    await deliverAll(stripe.setCancelAtPeriodEnd(sub, false))
    expect(await detail()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
    const cancelled = await post('/stripe/subscriptions/cancel')
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true })
    expect(stripe.subscriptions.get(sub)!.cancel_at_period_end).toBe(true)
    expect((await post('/stripe/subscriptions/resume')).json()).toMatchObject({ cancelAtPeriodEnd: false })
  })

  it('payment failed: a notice and a grace period, then paid again', async () => {
    const sub = (await subscriptionId())!
    vi.useFakeTimers({ toFake: ['Date'] })
    const failedAt = Date.now()
    await deliverAll(stripe.renew(sub, 'declined'))
    const d = await detail()
    expect(d).toMatchObject({ status: 'active', isSubscribedRetailer: true, pastDue: { closed: false } })
    expect(new Date(d.pastDue.closesAt).getTime()).toBe(new Date(d.pastDue.since).getTime() + 7 * DAY_MS)
    // Stripe retries and fails again three days later: the grace still counts from the first failure.
    vi.setSystemTime(failedAt + 3 * DAY_MS)
    await deliverAll(stripe.renew(sub, 'declined'))
    expect((await detail()).pastDue.since).toBe(d.pastDue.since)
    expect(await subscribed()).toBe(true)
    vi.setSystemTime(failedAt + 4 * DAY_MS)
    await deliverAll(stripe.renew(sub, 'ok'))
    expect(await detail()).toMatchObject({ status: 'active', pastDue: null })
    expect(await subscribed()).toBe(true)
  })

  it('a renewal that stays unpaid closes the owner pages when the grace period ends', async () => {
    const sub = (await subscriptionId())!
    vi.useFakeTimers({ toFake: ['Date'] })
    const failedAt = Date.now()
    await deliverAll(stripe.renew(sub, 'declined'))
    vi.setSystemTime(failedAt + 7 * DAY_MS - 60_000)
    expect(await subscribed()).toBe(true)
    vi.setSystemTime(failedAt + 7 * DAY_MS + 60_000)
    expect(await subscribed()).toBe(false)
    expect((await detail()).pastDue).toMatchObject({ closed: true })
    // Paid at last: open again.
    await deliverAll(stripe.renew(sub, 'ok'))
    expect(await subscribed()).toBe(true)
  })

  it('refuses a forged signature and a stale timestamp, changing nothing', async () => {
    const sub = (await subscriptionId())!
    const [ended] = stripe.end(sub)
    const before = await db().select().from(stripeEvents)
    const forged = await deliver(ended!, 'whsec_not_ours')
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' })
    expect(forged.body).toContain('stripe-signature')
    const stale = await deliver(ended!, SECRET, Math.floor(Date.now() / 1000) - 301)
    expect(stale.statusCode).toBe(400)
    expect(stale.json().message).toMatch(/too old/)
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(ended),
    })
    expect(unsigned.statusCode).toBe(400)
    expect(await db().select().from(stripeEvents)).toHaveLength(before.length)
    expect(await subscribed()).toBe(true)
    // Within the 300 s tolerance it is taken: the subscription ended.
    expect((await deliver(ended!, SECRET, Math.floor(Date.now() / 1000) - 299)).json().outcome).toBe(
      'updated',
    )
    expect(await subscribed()).toBe(false)
    expect(await detail()).toMatchObject({ status: 'inactive' })
  })

  it('a replay changes nothing; events out of order leave Stripe’s current state', async () => {
    const { events } = await checkout()
    const [created, paid, completed] = events as [StripeEvent, StripeEvent, StripeEvent]
    const sub = stripe.subscriptions.get(
      (completed.data.object as unknown as { subscription: string }).subscription,
    )!
    // Cancelled in the portal before our server heard of the checkout; the events arrive backwards.
    const [cancelled] = stripe.setCancelAtPeriodEnd(sub.id, true)
    expect(await deliverAll([cancelled!, completed, paid, created])).toEqual([
      'updated',
      'updated',
      'updated',
      'updated',
    ])
    expect(await detail()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(await subscribed()).toBe(true)
    // The same delivery again, Stripe retrying: handled once.
    const replay = await deliver(created)
    expect(replay.json()).toEqual({ received: true, outcome: 'replayed' })
    // The declined checkout's subscription, ended late, does not end the live one.
    const declined = [...stripe.subscriptions.values()].find((s) => s.status === 'incomplete')!
    const [oldEnd] = stripe.end(declined.id)
    expect((await deliver(oldEnd!)).json().outcome).toBe('ignored')
    expect(await subscribed()).toBe(true)
  })

  it('ignores events it does not handle, once', async () => {
    const res = await deliver({
      id: 'evt_other',
      type: 'customer.updated',
      data: { object: { id: 'cus_x' } },
    })
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' })
    expect(
      (await deliver({ id: 'evt_other', type: 'customer.updated', data: { object: { id: 'cus_x' } } })).json()
        .outcome,
    ).toBe('replayed')
  })

  it('Stripe’s errors are a 502 naming the failure; the key never reaches the client', async () => {
    const broken = stripePayments({
      kind: 'stripe',
      secretKey: 'sk_test_wrong',
      prices: PRICES,
      api: stripe.api,
      graceDays: 7,
    })
    const err = await stripePortalUrl(db(), broken, userId, 'http://shop.test').catch((e) => e)
    expect(err).toMatchObject({ statusCode: 502, code: 'PAYMENT_PROVIDER_ERROR' })
    expect(err.message).toMatch(/customer portal \(StripeAuthenticationError\)/)
    const noPrice = stripePayments({
      kind: 'stripe',
      secretKey: KEY,
      prices: { EUR: 'price_gone' },
      api: stripe.api,
      graceDays: 7,
    })
    const missing = await stripePaymentLink(
      db(),
      noPrice,
      userId,
      'loyalty-pro-monthly',
      'EUR',
      'http://shop.test',
    ).catch((e) => e)
    expect(missing).toMatchObject({ statusCode: 502 })
    expect(missing.message).toMatch(/resource_missing/)
    const noCurrency = await stripePaymentLink(
      db(),
      noPrice,
      userId,
      'loyalty-pro-monthly',
      'CHF',
      'http://shop.test',
    ).catch((e) => e)
    expect(noCurrency.message).toMatch(/No Stripe price is set for CHF/)
    expect(t.logs.join('')).not.toContain(KEY)
  })
})
