import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js'
import { describe, expect, it } from 'vitest'
import { formatPhone, normalisePhone, phonePrefix } from '../../src/domain/phone'

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

// The layout cache of formatPhone must write every number exactly as libphonenumber does: numbers of
// every calling code, random digits and lengths (most are not valid numbers, which have layouts too).
describe('formatPhone', () => {
  it('writes numbers as libphonenumber does, the layout reused across numbers', () => {
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78')
    expect(formatPhone('+33698765432')).toBe('+33 6 98 76 54 32')
    expect(formatPhone('+17185550134')).toBe('+1 718 555 0134')
    expect(formatPhone('not a number')).toBe('not a number')
    const codes = [...new Set(getCountries().map((c) => getCountryCallingCode(c)))]
    let seed = 7
    const digit = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return String(seed % 10)
    }
    const wrong: string[] = []
    for (let round = 0; round < 40; round++)
      for (const cc of codes) {
        let value = `+${cc}`
        const length = value.length + 6 + (round % 7)
        while (value.length < length) value += digit()
        const expected = parsePhoneNumberFromString(value)?.formatInternational() ?? value
        if (formatPhone(value) !== expected) wrong.push(value)
      }
    expect(wrong).toEqual([])
  })
})
