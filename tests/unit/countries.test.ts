// The one list of countries (issue 34: the new-store form offered 11, the franchise page 37, and a
// store's currency could contradict its country).
import { getCountryData, type TCountryCode } from 'countries-list'
import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '../../src/domain/constants'
import {
  alpha2Of,
  COUNTRIES,
  COUNTRY_CODES,
  countryCurrency,
  countryDefaults,
  countryName,
  countryOptions,
  isKnownCountry,
  phoneCountry,
  SMS_COUNTRIES,
} from '../../src/domain/countries'

/** The zones the runtime knows for a country (Intl.Locale#getTimeZones, or its older getter). */
function zonesOf(alpha2: string): string[] {
  const l = new Intl.Locale(`und-${alpha2}`) as Intl.Locale & {
    getTimeZones?: () => string[]
    timeZones?: string[]
  }
  return l.getTimeZones?.() ?? l.timeZones ?? []
}

describe('served countries', () => {
  it('are the SMS countries whose currency the product prices in', () => {
    expect(COUNTRY_CODES).toEqual([
      'BEL',
      'CAN',
      'CHE',
      'DEU',
      'ESP',
      'FRA',
      'IRL',
      'ITA',
      'MTQ',
      'PRT',
      'USA',
    ])
    // SMS countries left out because their money is not one of the four currencies.
    for (const alpha3 of ['GBR', 'POL', 'PYF']) expect(isKnownCountry(alpha3), alpha3).toBe(false)
    expect(SMS_COUNTRIES).toHaveLength(14)
  })

  it('take their currency from the library, and their first zone is one of the country’s', () => {
    for (const code of COUNTRY_CODES) {
      const c = COUNTRIES.get(code)!
      expect(SMS_COUNTRIES).toContain(c.alpha2)
      const data = getCountryData(c.alpha2 as TCountryCode)
      expect([data.iso3, data.currency[0]]).toEqual([code, c.currency])
      expect(CURRENCIES).toContain(c.currency)
      expect(zonesOf(c.alpha2), code).toContain(c.timezone)
    }
  })

  it('set a franchise’s time zone and currency, and a store’s currency', () => {
    expect(countryDefaults('CAN')).toEqual({ timezone: 'America/St_Johns', currencyCode: 'CAD' })
    expect(countryDefaults('CHE')).toEqual({ timezone: 'Europe/Zurich', currencyCode: 'CHF' })
    expect(countryDefaults('GBR')).toBeNull()
    expect(countryCurrency('FRA')).toBe('EUR')
    expect(countryCurrency('USA')).toBe('USD')
    expect(countryCurrency('XYZ')).toBeNull()
  })

  it('give phone rules and holidays for any ISO code, France for an unknown one', () => {
    expect(phoneCountry('CHE')).toBe('CH')
    // A franchise stored before the list was narrowed keeps its country's phone rules.
    expect(phoneCountry('GBR')).toBe('GB')
    expect(phoneCountry('XYZ')).toBe('FR')
    expect(alpha2Of('AUT')).toBe('AT')
    expect(alpha2Of('DE')).toBe('DE')
  })

  it('are named and sorted in the reader’s language', () => {
    const en = countryOptions('en')
    const fr = countryOptions('fr')
    expect(en.map((o) => o.value).sort()).toEqual(COUNTRY_CODES)
    expect(fr.map((o) => o.value).sort()).toEqual(COUNTRY_CODES)
    expect(en.map((o) => o.label).slice(0, 3)).toEqual(['Belgium', 'Canada', 'France'])
    expect(fr.map((o) => o.label).slice(0, 3)).toEqual(['Allemagne', 'Belgique', 'Canada'])
    expect(fr.find((o) => o.value === 'CHE')?.label).toBe('Suisse')
    expect(en.find((o) => o.value === 'USA')?.label).toBe('United States')
    // A franchise's code saved before the list was narrowed shows as it is, first, to be replaced.
    expect(countryOptions('fr', 'GBR')[0]).toEqual({ value: 'GBR', label: 'Royaume-Uni' })
    expect(countryOptions('fr', 'FRA')).toEqual(fr)
    expect(countryName('DEU', 'fr')).toBe('Allemagne')
    expect(countryName('XYZ', 'fr')).toBe('XYZ')
  })
})

// The fuzz found POST /api/v2/franchises answering 500 for codeAlpha3 "valueOf": the lookups read
// the plain object's prototype, so an inherited name passed as a served country with no zone.
describe('a code that names an object property', () => {
  it('is no country', () => {
    for (const code of ['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(isKnownCountry(code), code).toBe(false)
      expect(countryDefaults(code), code).toBeNull()
      expect(countryCurrency(code), code).toBeNull()
      expect(alpha2Of(code), code).toBeUndefined()
      expect(phoneCountry(code), code).toBe('FR')
      expect(countryName(code, 'en'), code).toBe(code)
    }
  })
})
