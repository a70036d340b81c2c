import { describe, expect, it } from 'vitest'
import { normalisePhone, phonePrefix } from '../../src/domain/phone'

describe('phone numbers', () => {
  it('normalises a valid number to E.164 and refuses an invalid one', () => {
    expect(normalisePhone('06 12 34 56 78', 'FR')).toBe('+33612345678')
    expect(normalisePhone('(718) 555-0134', 'US')).toBe('+17185550134')
    expect(normalisePhone('12', 'FR')).toBeNull()
  })

  it('reads the beginning of a typed number as an E.164 prefix', () => {
    expect(phonePrefix('06 12 34', 'FR')).toBe('+3361234')
    expect(phonePrefix('+33 6 12 34', 'FR')).toBe('+3361234')
    expect(phonePrefix('0033 6 12 34', 'FR')).toBe('+3361234')
    expect(phonePrefix('718-555-01', 'US')).toBe('+171855501')
    expect(phonePrefix('(718) 555', 'US')).toBe('+1718555')
  })

  it('leaves names, e-mails and short numbers to the text search', () => {
    expect(phonePrefix('dupont', 'FR')).toBeNull()
    expect(phonePrefix('paul.dupuis.4242', 'FR')).toBeNull()
    expect(phonePrefix('4242', 'FR')).toBeNull()
    expect(phonePrefix('06 12', 'FR')).toBeNull()
  })
})
