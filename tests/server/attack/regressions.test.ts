// Issue 16 item 4, each 500 of the list as a regression: input any client can send is a 400 naming the
// field (or 413/415), and changes nothing. Fixed where the input is read for every route: text and
// dates in domain/input.ts (walked by the route contract and parse()), depth in plugins/json-body.ts.
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGNATURE_HEADER, signBody } from '../../../src/server/adapters/webhook-signature'
import { databaseKinds } from '../../support/database'
import { gameBody, newsBody } from './case-kit'
import { changedTables, startWorld, type World } from './world'

type Req = InjectOptions

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`

describe.each(databaseKinds())('issue 16 item 4 on %s', (kind) => {
  let w: World
  let secret: string
  beforeAll(async () => {
    w = await startWorld(kind)
    const { rows } = await w.database.raw('select webhook_secret from pos_merchant_accounts where id = $1', [
      w.own.posAccount,
    ])
    secret = String(rows[0]?.webhook_secret)
  }, 180_000)
  afterAll(() => w?.close())

  /** Sends the request; expects `status` naming `field`, and no table changed. */
  async function refused(req: Req, field: string, status = 400) {
    const before = await w.digest()
    const res = await w.app.inject(req)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().details?.field).toBe(field)
    expect(changedTables(before, await w.digest())).toEqual([])
  }

  const order = (patch: Record<string, unknown>) => ({
    type: 'order.created',
    orderId: 'R-1',
    lines: [{ productId: 'p1', name: 'Coffee', quantity: 1, unitPriceCents: 250 }],
    totalCents: 250,
    currencyCode: 'EUR',
    orderedAt: '2026-01-01T10:00:00Z',
    ...patch,
  })
  const webhook = (body: unknown): Req => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body)
    return {
      method: 'POST',
      url: `/api/pos/webhook/${w.own.posAccount}`,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, raw) },
      payload: raw,
    }
  }

  it('a NUL character in text: the login e-mail, a body field, a query value', async () => {
    await refused(
      {
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'nul\u0000byte@example.test', password: 'x' },
      },
      'email',
    )
    await refused(
      {
        method: 'PUT',
        url: `/api/v2/stores/${w.own.store}`,
        headers: w.owner,
        payload: { name: 'a\u0000b' },
      },
      'name',
    )
    await refused(
      { method: 'GET', url: '/api/v2/franchises/clients?filter=a%00b', headers: w.owner },
      'filter',
    )
  })

  it('a JSON body nested 5,000 levels deep, on the login and on a signed-in route', async () => {
    const headers = { 'content-type': 'application/json' }
    await refused({ method: 'POST', url: '/api/users/login', headers, payload: deep(5000) }, 'body')
    await refused(
      {
        method: 'POST',
        url: '/api/v2/stores',
        headers: { ...headers, ...w.owner },
        payload: `{"name":${deep(5000)}}`,
      },
      'body',
    )
    await refused(webhook(`{"type":"order.created","lines":${deep(5000)}}`), 'body')
  })

  it('dates PostgreSQL cannot store: an offer expirationDate, a POS orderedAt', async () => {
    for (const date of ['0000-01-01', '-001000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      await refused(
        {
          method: 'POST',
          url: `/api/LoyaltyModels/${w.own.loyaltyModel}/loyaltyOffers`,
          headers: w.owner,
          payload: {
            name: 'Coffee',
            description: 'A coffee on the house',
            type: 'FLAT',
            value: 500,
            redeemPointAmount: 10,
            expirationDate: date,
          },
        },
        'expirationDate',
      )
      await refused(webhook(order({ orderedAt: date })), 'orderedAt')
    }
  })

  it('a day of year 0 on a game and a news item (a fuzz seed found the game answering 500)', async () => {
    const game = { ...gameBody(w.own), startDate: '0000-01-01' }
    await refused({ method: 'POST', url: '/api/v2/games', headers: w.owner, payload: game }, 'startDate')
    const news = { ...newsBody(w.own), startDate: '0000-01-01', endDate: '0000-01-05' }
    const url = `/api/v2/franchises/${w.own.franchise}/news`
    await refused({ method: 'POST', url, headers: w.owner, payload: news }, 'startDate')
  })

  it('a lone UTF-16 surrogate in the POS webhook text fields', async () => {
    await refused(webhook(order({ orderId: 'R\uD800' })), 'orderId')
    await refused(
      webhook(order({ lines: [{ productId: 'p1', name: '\uDC00', quantity: 1, unitPriceCents: 250 }] })),
      'lines.0.name',
    )
  })

  it('an empty or blank events= on the history routes', async () => {
    for (const path of ['days', 'years'])
      for (const events of ['', '%20', ',']) {
        const url = `/api/v2/analytics/franchises/${w.own.franchise}/history/${path}?events=${events}`
        await refused({ method: 'GET', url, headers: w.owner }, 'events')
      }
  })

  it('a broken multipart upload, or one without a boundary', async () => {
    const url = '/aws/file/loyalty'
    await refused(
      { method: 'POST', url, headers: { ...w.owner, 'content-type': 'multipart/form-data' }, payload: 'x' },
      'fileb',
    )
    const broken = '--b\r\nContent-Disposition: form-data; name="fileb"; filename="a.png"\r\n\r\nPNG'
    await refused(
      {
        method: 'POST',
        url,
        headers: { ...w.owner, 'content-type': 'multipart/form-data; boundary=b' },
        payload: broken,
      },
      'fileb',
    )
  })
})
