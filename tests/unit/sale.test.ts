import { describe, expect, it } from 'vitest'
import {
  amountError,
  amountToCents,
  formatCountdown,
  formatMoney,
  isAmountDraft,
  SALE_AMOUNT_MAX_CENTS,
  secondsLeft,
  tagDraftErrors,
  tagScannerPath,
} from '../../src/domain/sale'

describe('sale amount (§5: decimal, comma or dot, 2 decimals at most)', () => {
  it('reads typed amounts as cents', () => {
    expect(amountToCents('12,50')).toBe(1250)
    expect(amountToCents('12.5')).toBe(1250)
    expect(amountToCents('12.')).toBe(1200)
    expect(amountToCents(' 7 ')).toBe(700)
    expect(amountToCents(',99')).toBe(99)
    expect(amountToCents('0.07')).toBe(7)
    expect(amountToCents(12.5)).toBe(1250)
    expect(amountToCents(0.1 + 0.2)).toBe(30)
    expect(amountToCents(19.99)).toBe(1999)
  })

  it('refuses what is not such a decimal', () => {
    for (const v of ['', ',', '.', 'abc', '12.345', '1,2,3', '-5', '1e3', '12 50', '+3', '١٢'])
      expect(amountToCents(v), v).toBeNull()
    for (const v of [12.345, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(amountToCents(v)).toBeNull()
  })

  it('names why an amount is refused', () => {
    expect(amountError('12,50')).toBeNull()
    expect(amountError('0,00')).toBe('zero')
    expect(amountError('x')).toBe('invalid')
    expect(amountError(SALE_AMOUNT_MAX_CENTS / 100)).toBeNull()
    expect(amountError(SALE_AMOUNT_MAX_CENTS / 100 + 0.01)).toBe('tooLarge')
  })

  it('lets the field hold what may still become an amount', () => {
    for (const v of ['', '1', '12,', '12.5', '12,50', ',5']) expect(isAmountDraft(v), v).toBe(true)
    for (const v of ['12,505', 'a', '1.2.3', '-1', '123456789']) expect(isAmountDraft(v), v).toBe(false)
  })
})

describe('tag countdown', () => {
  const info = { injectionDate: '2026-11-21T10:00:00.000Z', resetDelay: 180 }
  const t0 = Date.parse(info.injectionDate)

  it('counts whole seconds left until injectionDate + resetDelay, never below 0', () => {
    expect(secondsLeft(info, t0)).toBe(180)
    expect(secondsLeft(info, t0 + 500)).toBe(180)
    expect(secondsLeft(info, t0 + 1000)).toBe(179)
    expect(secondsLeft(info, t0 + 179_001)).toBe(1)
    expect(secondsLeft(info, t0 + 180_000)).toBe(0)
    expect(secondsLeft(info, t0 + 999_999)).toBe(0)
    expect(secondsLeft({ injectionDate: 'nope', resetDelay: 10 }, t0)).toBe(0)
  })

  it('formats as m:ss, or h:mm:ss from an hour', () => {
    expect(formatCountdown(180)).toBe('3:00')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(9)).toBe('0:09')
    expect(formatCountdown(3725)).toBe('1:02:05')
    expect(formatCountdown(-3)).toBe('0:00')
  })
})

describe('money and paths', () => {
  it('uses the currency’s native symbol (§9)', () => {
    expect(formatMoney(1250, 'USD', 'en')).toBe('$12.50')
    expect(formatMoney(1250, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('12,50 €')
    expect(formatMoney(1250, 'CAD', 'en')).toBe('$12.50')
    expect(formatMoney(1250, 'CHF', 'en')).toContain('12.50')
  })

  it('builds the scanner path and checks the tag form', () => {
    expect(tagScannerPath('s1', 't1')).toBe('/stores/s1/tags/t1/scanner')
    expect(tagDraftErrors({ name: 'Counter', resetDelay: '180' })).toEqual({})
    expect(tagDraftErrors({ name: ' ', resetDelay: '9' })).toEqual({
      name: 'sale.tags.errors.name',
      resetDelay: 'sale.tags.errors.resetDelay',
    })
    expect(tagDraftErrors({ name: 'x', resetDelay: '86401' }).resetDelay).toBeDefined()
    expect(tagDraftErrors({ name: 'x', resetDelay: '12.5' }).resetDelay).toBeDefined()
  })
})
