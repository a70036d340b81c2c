// The POS domain rules (form validation and its body, webhook state) and the simulator's generator and
// signer, which the server checks with the same functions.

import { is } from 'superstruct'
import { describe, expect, it } from 'vitest'
import {
  emptyPosForm,
  linesTotal,
  OrderCreatedEvent,
  POS_LIMITS,
  toPosAccountInput,
  validatePosForm,
  webhookState,
} from '../../src/domain/pos'
import {
  BAKERY_CATALOGUE,
  catalogueEvent,
  generateOrder,
  seededRandom,
  signedRequest,
} from '../../src/server/adapters/pos/simulator'
import { isValidSignature, newWebhookSecret, signBody } from '../../src/server/adapters/webhook-signature'

describe('POS account form', () => {
  it('needs the provider store id and whole seconds within bounds', () => {
    const blank = emptyPosForm()
    expect(validatePosForm(blank)).toEqual({ providerStoreId: 'pos.form.errors.required' })
    const ok = { ...blank, providerStoreId: ' SHOP-1 ' }
    expect(validatePosForm(ok)).toEqual({})
    expect(validatePosForm({ ...ok, resetDelay: '1.5' })).toEqual({ resetDelay: 'pos.form.errors.seconds' })
    expect(validatePosForm({ ...ok, resetDelay: '' })).toEqual({ resetDelay: 'pos.form.errors.seconds' })
    expect(validatePosForm({ ...ok, linkReceiptDelay: '59' })).toEqual({
      linkReceiptDelay: 'pos.form.errors.range',
    })
    expect(
      validatePosForm({ ...ok, receiptDeletionDelay: String(POS_LIMITS.receiptDeletionDelay.max + 1) }),
    ).toEqual({ receiptDeletionDelay: 'pos.form.errors.range' })
    expect(validatePosForm({ ...ok, posType: 'x'.repeat(61) })).toEqual({
      posType: 'pos.form.errors.tooLong',
    })
  })

  it('turns a valid form into the request body', () => {
    const body = toPosAccountInput({
      ...emptyPosForm(),
      providerStoreId: ' SHOP-1 ',
      posType: '  ',
      linkReceiptDelay: '3600',
    })
    expect(body).toEqual({
      type: 'LOCAL',
      providerStoreId: 'SHOP-1',
      posType: null,
      canSync: true,
      canManageCurrentSale: false,
      canRedeemLoyaltyOffer: false,
      hasClickAndCollect: false,
      resetDelay: 180,
      linkReceiptDelay: 3600,
      receiptDeletionDelay: 0,
    })
  })
})

describe('webhook state', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  it('is NOT_CONFIGURED, NEVER, OK within a day, STALE after', () => {
    expect(webhookState(false, null, now)).toBe('NOT_CONFIGURED')
    expect(webhookState(true, null, now)).toBe('NEVER')
    expect(webhookState(true, new Date('2026-11-20T12:30:00Z'), now)).toBe('OK')
    expect(webhookState(true, new Date('2026-11-20T11:59:00Z'), now)).toBe('STALE')
  })
})

describe('POS simulator', () => {
  it('generates bakery orders whose lines come from the catalogue and whose total is their sum', () => {
    const random = seededRandom(42)
    for (let i = 0; i < 50; i++) {
      const o = generateOrder(random, { receiptId: `R-${i}`, currencyCode: 'EUR', orderedAt: new Date() })
      expect(is(o, OrderCreatedEvent)).toBe(true)
      expect(o.lines.length).toBeGreaterThanOrEqual(1)
      expect(o.lines.length).toBeLessThanOrEqual(4)
      expect(new Set(o.lines.map((l) => l.productId)).size).toBe(o.lines.length)
      expect(o.totalCents).toBe(linesTotal(o.lines))
      for (const l of o.lines) {
        expect(BAKERY_CATALOGUE.find((p) => p.id === l.productId)?.priceCents).toBe(l.unitPriceCents)
        expect(l.quantity).toBeGreaterThanOrEqual(1)
        expect(l.quantity).toBeLessThanOrEqual(3)
      }
    }
  })

  it('is reproducible from a seed', () => {
    const at = new Date('2026-01-01T10:00:00Z')
    const a = generateOrder(seededRandom(1), { receiptId: 'R-1', currencyCode: 'EUR', orderedAt: at })
    const b = generateOrder(seededRandom(1), { receiptId: 'R-1', currencyCode: 'EUR', orderedAt: at })
    expect(a).toEqual(b)
    expect(catalogueEvent('USD').products.every((p) => p.currencyCode === 'USD')).toBe(true)
  })

  it('signs the exact body with the secret, as the server checks it', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(newWebhookSecret()).not.toBe(secret)
    const { body, headers } = signedRequest(secret, { type: 'products.updated', products: [] })
    expect(headers['x-signature']).toBe(signBody(secret, body))
    expect(isValidSignature(secret, Buffer.from(body), headers['x-signature'])).toBe(true)
    expect(isValidSignature(secret, Buffer.from(`${body} `), headers['x-signature'])).toBe(false)
    expect(isValidSignature(newWebhookSecret(), Buffer.from(body), headers['x-signature'])).toBe(false)
    expect(isValidSignature(secret, Buffer.from(body), undefined)).toBe(false)
    expect(isValidSignature(secret, Buffer.from(body), 'abc')).toBe(false)
  })
})
