// A fake Stripe API on 127.0.0.1 that the official `stripe` library talks to (its host, port and
// protocol options), answering the endpoints the adapter uses as Stripe's API reference documents
// them: form-encoded requests with a bearer secret key, JSON objects carrying their `object` type,
// lists as {object: 'list', data, has_more, url}, and errors as {error: {type, code, message, param,
// decline_code}} with Stripe's statuses (401 bad key, 404 resource_missing, 400 invalid request).
// It also plays Stripe's part after a checkout, a renewal or a portal change: it changes its objects
// and answers the events Stripe would send, which `signedWebhook` signs as Stripe signs them.
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import { closeLocal, listenLocal } from './local-server'

type Obj = Record<string, unknown> & { id: string }
export type StripeEvent = { id: string; type: string; data: { object: Obj } } & Record<string, unknown>

const MONTH_S = 30 * 86_400
const nowS = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`

export type FakeStripe = {
  /** The library's options: host, port, protocol. */
  api: { host: string; port: number; protocol: 'http' }
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey?: string }[]
  customers: Map<string, Obj>
  sessions: Map<string, Obj>
  subscriptions: Map<string, Obj>
  invoices: Map<string, Obj>
  /** Stripe's side of paying a checkout: the subscription, its first invoice, and the events sent. */
  payCheckout(sessionId: string, card?: 'ok' | 'declined'): StripeEvent[]
  /** A renewal: paid, or declined (past due). */
  renew(subscriptionId: string, card: 'ok' | 'declined'): StripeEvent[]
  /** A change made in the customer portal. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): StripeEvent[]
  /** Stripe ends the subscription (dunning gave up, or the period of a cancelled one ended). */
  end(subscriptionId: string): StripeEvent[]
  close(): Promise<void>
}

/** The `Stripe-Signature` header Stripe sends: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">. */
export function stripeSignature(body: string, secret: string, t = nowS()): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** An event as Stripe posts it to a webhook endpoint: the JSON body and its headers. */
export function signedWebhook(event: StripeEvent, secret: string, t = nowS()) {
  const body = JSON.stringify(event)
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripeSignature(body, secret, t),
    },
  }
}

const stripeErrorBody = (type: string, message: string, extra: Record<string, string> = {}) => ({
  error: { type, message, ...extra },
})

export async function startFakeStripe(options: {
  key: string
  prices: Record<string, string>
}): Promise<FakeStripe> {
  const customers = new Map<string, Obj>()
  const sessions = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const invoices = new Map<string, Obj>()
  const byIdempotencyKey = new Map<string, Obj>()
  const requests: FakeStripe['requests'] = []

  const event = (type: string, object: Obj): StripeEvent => ({
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: nowS(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object) },
  })
  const invoice = (sub: Obj, paid: boolean): Obj => {
    const item = (sub.items as { data: Obj[] }).data[0]!
    const price = item.price as { unit_amount: number; currency: string }
    const inv: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      currency: price.currency,
      created: nowS(),
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    }
    invoices.set(inv.id, inv)
    sub.latest_invoice = inv.id
    return inv
  }
  const setPeriod = (sub: Obj) => {
    const item = (sub.items as { data: Obj[] }).data[0]!
    item.current_period_start = nowS()
    item.current_period_end = nowS() + MONTH_S
  }

  const routes: [
    string,
    RegExp,
    (m: RegExpMatchArray, form: Record<string, string>, url: URL) => [number, unknown],
  ][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, form) => {
        const c: Obj = {
          id: newId('cus'),
          object: 'customer',
          email: form.email ?? null,
          name: form.name ?? null,
          created: nowS(),
          livemode: false,
          metadata: { userId: form['metadata[userId]'] },
        }
        customers.set(c.id, c)
        return [200, c]
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, form) => {
        const price = form['line_items[0][price]'] ?? ''
        const currency = Object.entries(options.prices).find(([, p]) => p === price)?.[0]
        if (!currency)
          return [
            400,
            stripeErrorBody('invalid_request_error', `No such price: '${price}'`, {
              code: 'resource_missing',
              param: 'line_items[0][price]',
            }),
          ]
        if (!customers.has(form.customer ?? ''))
          return [
            400,
            stripeErrorBody('invalid_request_error', `No such customer: '${form.customer}'`, {
              code: 'resource_missing',
              param: 'customer',
            }),
          ]
        const id = newId('cs_test')
        const s: Obj = {
          id,
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          customer: form.customer,
          client_reference_id: form.client_reference_id,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          subscription: null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          metadata: {},
          livemode: false,
          price,
          currency: currency.toLowerCase(),
          subscription_metadata: {
            userId: form['subscription_data[metadata][userId]'],
            productId: form['subscription_data[metadata][productId]'],
          },
        }
        sessions.set(id, s)
        return [200, s]
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, form) => {
        if (!customers.has(form.customer ?? ''))
          return [
            400,
            stripeErrorBody('invalid_request_error', `No such customer: '${form.customer}'`, {
              code: 'resource_missing',
              param: 'customer',
            }),
          ]
        const id = newId('bps')
        return [
          200,
          {
            id,
            object: 'billing_portal.session',
            customer: form.customer,
            return_url: form.return_url,
            url: `https://billing.stripe.com/p/session/${id}`,
            livemode: false,
          },
        ]
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => {
        const sub = subscriptions.get(m[1]!)
        return sub
          ? [200, sub]
          : [
              404,
              stripeErrorBody('invalid_request_error', `No such subscription: '${m[1]}'`, {
                code: 'resource_missing',
                param: 'id',
              }),
            ]
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, form) => {
        const sub = subscriptions.get(m[1]!)
        if (!sub)
          return [
            404,
            stripeErrorBody('invalid_request_error', `No such subscription: '${m[1]}'`, {
              code: 'resource_missing',
              param: 'id',
            }),
          ]
        if (sub.status === 'canceled')
          return [
            400,
            stripeErrorBody(
              'invalid_request_error',
              'A canceled subscription can only update its cancellation_details and metadata.',
            ),
          ]
        if (form.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = form.cancel_at_period_end === 'true'
        return [200, sub]
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (_m, _form, url) => {
        const customer = url.searchParams.get('customer')
        const data = [...invoices.values()].filter((i) => i.customer === customer).reverse()
        return [200, { object: 'list', data, has_more: false, url: '/v1/invoices' }]
      },
    ],
  ]

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const key = req.headers['idempotency-key'] as string | undefined
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        form,
        ...(key ? { idempotencyKey: key } : {}),
      })
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          'stripe-version': '2026-10-28.endive',
        })
        res.end(JSON.stringify(body))
      }
      if (req.headers.authorization !== `Bearer ${options.key}`)
        return reply(401, stripeErrorBody('invalid_request_error', 'Invalid API Key provided: sk_test_****'))
      // A retried POST with the same key answers the first result (Stripe's idempotency).
      const remembered =
        key && req.method === 'POST' ? byIdempotencyKey.get(`${url.pathname} ${key}`) : undefined
      if (remembered) return reply(200, remembered)
      const route = routes.find(([method, path]) => method === req.method && path.test(url.pathname))
      if (!route)
        return reply(
          404,
          stripeErrorBody(
            'invalid_request_error',
            `Unrecognized request URL (${req.method}: ${url.pathname}).`,
          ),
        )
      const [status, body] = route[2](url.pathname.match(route[1])!, form, url)
      if (status === 200 && key && req.method === 'POST')
        byIdempotencyKey.set(`${url.pathname} ${key}`, body as Obj)
      reply(status, body)
    })
  })
  const base = new URL(await listenLocal(server))

  return {
    api: { host: base.hostname, port: Number(base.port), protocol: 'http' },
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    payCheckout(sessionId, card = 'ok') {
      const s = sessions.get(sessionId)!
      const sub: Obj = {
        id: newId('sub'),
        object: 'subscription',
        customer: s.customer,
        status: card === 'ok' ? 'active' : 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        currency: s.currency,
        start_date: nowS(),
        created: nowS(),
        livemode: false,
        metadata: s.subscription_metadata,
        items: {
          object: 'list',
          has_more: false,
          url: '/v1/subscription_items',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              quantity: 1,
              price: {
                id: s.price,
                object: 'price',
                currency: s.currency,
                unit_amount: 4900,
                recurring: { interval: 'month' },
              },
            },
          ],
        },
      }
      setPeriod(sub)
      subscriptions.set(sub.id, sub)
      const inv = invoice(sub, card === 'ok')
      if (card === 'declined')
        return [event('customer.subscription.created', sub), event('invoice.payment_failed', inv)]
      Object.assign(s, { status: 'complete', subscription: sub.id, payment_status: 'paid' })
      return [
        event('customer.subscription.created', sub),
        event('invoice.paid', inv),
        event('checkout.session.completed', s),
      ]
    },
    renew(subscriptionId, card) {
      const sub = subscriptions.get(subscriptionId)!
      if (card === 'ok') setPeriod(sub)
      sub.status = card === 'ok' ? 'active' : 'past_due'
      const inv = invoice(sub, card === 'ok')
      return [
        event(card === 'ok' ? 'invoice.paid' : 'invoice.payment_failed', inv),
        event('customer.subscription.updated', sub),
      ]
    },
    setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = subscriptions.get(subscriptionId)!
      sub.cancel_at_period_end = cancel
      return [event('customer.subscription.updated', sub)]
    },
    end(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!
      Object.assign(sub, { status: 'canceled', ended_at: nowS(), canceled_at: nowS() })
      return [event('customer.subscription.deleted', sub)]
    },
    close: () => closeLocal(server),
  }
}
