// The local checkout (issue 24 #2 and #3): the payment returns to the address the app was opened on
// (a trusted one only), a second "Pay" is harmless, and the subscription can be cancelled at its
// period's end and resumed before it, its state and invoices shown.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscriptions, users } from '../../src/server/db/schema'
import { returnOrigin, trustedOrigins } from '../../src/server/services/app-origin'
import { bearer, loginAs, startTestApp, type TestApp } from '../support/app'
import { databaseKinds } from '../support/database'

describe('the return origin', () => {
  const config = { publicUrl: 'http://localhost:3000', appOrigins: ['https://app.example.test'] }
  it('trusts PUBLIC_URL, its loopback aliases on the same port, and APP_ORIGINS only', () => {
    expect([...trustedOrigins(config.publicUrl, config.appOrigins)].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
      'https://app.example.test',
    ])
    expect(returnOrigin(config, { protocol: 'http', host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000')
    expect(returnOrigin(config, { protocol: 'https', host: 'app.example.test' })).toBe(
      'https://app.example.test',
    )
    // Never a Host the request merely claims: an open redirect.
    for (const host of ['evil.test', '127.0.0.1:4000', 'localhost:3000@evil.test', 'localhost:3000/x'])
      expect(returnOrigin(config, { protocol: 'http', host })).toBe('http://localhost:3000')
    expect(returnOrigin({ publicUrl: 'https://shop.test' }, { protocol: 'http', host: 'localhost' })).toBe(
      'https://shop.test',
    )
  })
})

describe.each(databaseKinds())('local payments on %s', (kind) => {
  let t: TestApp
  let unpaid: string
  let unpaidId: string
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: true, config: { publicUrl: 'http://localhost:3000' } })
    unpaid = await loginAs(t.app, 'unpaid@demo.test')
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'unpaid@demo.test'))
    unpaidId = u!.id
  })
  afterAll(() => t?.close())

  const as = (token: string, method: 'GET' | 'POST', url: string, host?: string) =>
    t.app.inject({ method, url, headers: { ...bearer(token), ...(host ? { host } : {}) } })
  const linkOn = async (host: string) =>
    new URL((await as(unpaid, 'GET', '/stripe/payment-links/loyalty-pro-monthly', host)).json().url)

  it('links to the checkout on the address the app was opened on, one open checkout per product', async () => {
    const onLoopback = await linkOn('127.0.0.1:3000')
    const onLocalhost = await linkOn('localhost:3000')
    const onEvil = await linkOn('evil.test')
    expect(onLoopback.origin).toBe('http://127.0.0.1:3000')
    expect(onLocalhost.origin).toBe('http://localhost:3000')
    expect(onEvil.origin).toBe('http://localhost:3000')
    // Clicking "Pay" twice in the app opens the same checkout.
    expect(new Set([onLoopback.pathname, onLocalhost.pathname, onEvil.pathname]).size).toBe(1)
  })

  it('returns with a relative redirect, and a second Pay changes nothing', async () => {
    const path = (await linkOn('127.0.0.1:3000')).pathname
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `${path}/pay`,
        headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      })
    const first = await pay()
    expect(first.statusCode).toBe(303)
    expect(first.headers.location).toBe('/')
    const before = await as(unpaid, 'GET', '/stripe/subscriptions')
    const second = await pay()
    expect(second.statusCode).toBe(303)
    expect(second.headers.location).toBe('/')
    const after = (await as(unpaid, 'GET', '/stripe/subscriptions')).json()
    expect(after).toEqual(before.json())
    expect(after.invoices).toHaveLength(1)
    // Paid: the page says so, and asking for a link again opens a new checkout, not the paid one.
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('This subscription is paid.')
    expect((await linkOn('127.0.0.1:3000')).pathname).not.toBe(path)
  })

  it('shows the plan, its next renewal and invoices; cancels at the period’s end and resumes', async () => {
    const sub = (await as(unpaid, 'GET', '/stripe/subscriptions')).json()
    expect(sub).toMatchObject({
      status: 'active',
      isSubscribedRetailer: true,
      cancelAtPeriodEnd: false,
      plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
      invoices: [{ amountCents: 4900, currencyCode: 'EUR', status: 'paid' }],
    })
    const renewal = new Date(sub.currentPeriodEnd).getTime()
    expect(renewal - Date.now()).toBeGreaterThan(27 * 86_400_000)
    expect(renewal - Date.now()).toBeLessThan(32 * 86_400_000)

    const cancel = await as(unpaid, 'POST', '/stripe/subscriptions/cancel')
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: sub.currentPeriodEnd,
    })
    // Still subscribed until then; asking twice is the same answer.
    expect((await as(unpaid, 'GET', '/api/v2/users/me/subscription')).json()).toEqual({
      isSubscribedRetailer: true,
    })
    expect((await as(unpaid, 'POST', '/stripe/subscriptions/cancel')).json()).toEqual(cancel.json())
    const resume = await as(unpaid, 'POST', '/stripe/subscriptions/resume')
    expect(resume.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
  })

  it('ends a cancelled subscription at its period’s end; then nothing is left to cancel', async () => {
    await as(unpaid, 'POST', '/stripe/subscriptions/cancel')
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, unpaidId))
    const ended = (await as(unpaid, 'GET', '/stripe/subscriptions')).json()
    expect(ended).toMatchObject({ status: 'inactive', isSubscribedRetailer: false, currentPeriodEnd: null })
    expect(ended.invoices).toHaveLength(1)
    const res = await as(unpaid, 'POST', '/stripe/subscriptions/resume')
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('SUBSCRIPTION_NOT_ACTIVE')
  })

  it('lets a merchant change only its own subscription', async () => {
    const owner = await loginAs(t.app, 'owner@demo.test')
    const res = await as(owner, 'POST', `/stripe/subscriptions/cancel?userId=${unpaidId}`)
    expect(res.statusCode).toBe(403)
  })
})
