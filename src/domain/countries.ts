// Countries the product serves (SPEC §9 SMS-supported countries): ISO alpha-3 (franchise codeAlpha3)
// to alpha-2 (phone numbers), with the currency a new franchise there uses.
import type { CountryCode } from 'libphonenumber-js'

export const COUNTRIES: Record<
  string,
  { alpha2: CountryCode; currency: 'EUR' | 'USD' | 'CAD' | 'CHF' | 'GBP' | 'PLN' | 'XPF' }
> = {
  BEL: { alpha2: 'BE', currency: 'EUR' },
  CAN: { alpha2: 'CA', currency: 'CAD' },
  FRA: { alpha2: 'FR', currency: 'EUR' },
  PYF: { alpha2: 'PF', currency: 'XPF' },
  DEU: { alpha2: 'DE', currency: 'EUR' },
  IRL: { alpha2: 'IE', currency: 'EUR' },
  ITA: { alpha2: 'IT', currency: 'EUR' },
  MTQ: { alpha2: 'MQ', currency: 'EUR' },
  POL: { alpha2: 'PL', currency: 'PLN' },
  PRT: { alpha2: 'PT', currency: 'EUR' },
  ESP: { alpha2: 'ES', currency: 'EUR' },
  CHE: { alpha2: 'CH', currency: 'CHF' },
  GBR: { alpha2: 'GB', currency: 'GBP' },
  USA: { alpha2: 'US', currency: 'USD' },
}

export function phoneCountry(alpha3: string): CountryCode {
  return COUNTRIES[alpha3]?.alpha2 ?? 'FR'
}
