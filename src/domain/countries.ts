// The one list of countries the product serves, shared by every country picker (first store, franchise
// page, admin's new franchise) and by the server's checks. Codes and currencies come from
// countries-list (ISO 3166 / ISO 4217), names from Intl.DisplayNames in the reader's language.
//
// Which countries: those of SPEC §9's SMS-supported list whose currency is one of SPEC §3's
// (EUR, CAD, USD, CHF). A franchise elsewhere could not send its customers their sign-up codes or
// any SMS, and its money could not be priced (stores, offers and the subscription take those four
// currencies only), so it is not offered. A store's currency is its franchise country's, never chosen.
import { getCountryData, getCountryDataList, type TCountryCode } from 'countries-list'
import type { CountryCode } from 'libphonenumber-js'
import { CURRENCIES, type CurrencyCode } from './constants'

/** §9: the countries whose phone numbers get SMS (alpha-2, as phone numbers carry them). */
export const SMS_COUNTRIES: readonly CountryCode[] = [
  'BE',
  'CA',
  'FR',
  'PF',
  'DE',
  'IE',
  'IT',
  'MQ',
  'PL',
  'PT',
  'ES',
  'CH',
  'GB',
  'US',
]

/**
 * §3 "timezone (first zone of the country)": the first zone of each served country in the IANA
 * zone.tab. Kept here because no package keeps that order (countries-and-timezones and Intl list
 * them alphabetically); tests/unit/countries.test.ts checks each zone belongs to its country.
 */
const FIRST_ZONE: Partial<Record<CountryCode, string>> = {
  BE: 'Europe/Brussels',
  CA: 'America/St_Johns',
  CH: 'Europe/Zurich',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  FR: 'Europe/Paris',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  MQ: 'America/Martinique',
  PT: 'Europe/Lisbon',
  US: 'America/New_York',
}

export type Country = {
  /** ISO alpha-3, as franchises store it (codeAlpha3). */
  alpha3: string
  /** ISO alpha-2, as phone numbers and holidays use it. */
  alpha2: CountryCode
  currency: CurrencyCode
  timezone: string
}

const isCurrency = (c: string | undefined): c is CurrencyCode =>
  (CURRENCIES as readonly string[]).includes(c ?? '')

/** The served countries, by alpha-3 code (a Map: a code is data, never an object's property name). */
export const COUNTRIES: ReadonlyMap<string, Country> = new Map(
  SMS_COUNTRIES.flatMap((alpha2): [string, Country][] => {
    const data = getCountryData(alpha2 as TCountryCode)
    const currency = data.currency[0]
    const timezone = FIRST_ZONE[alpha2]
    return isCurrency(currency) && timezone
      ? [[data.iso3, { alpha3: data.iso3, alpha2, currency, timezone } satisfies Country]]
      : []
  }),
)

/** Every alpha-3 code a franchise may use, in code order (pickers sort by the localised name). */
export const COUNTRY_CODES: readonly string[] = [...COUNTRIES.keys()].sort()

export const isKnownCountry = (code: unknown): code is string =>
  typeof code === 'string' && COUNTRIES.has(code)

/** The currency of a served country; null for any other code. */
export const countryCurrency = (alpha3: string): CurrencyCode | null =>
  COUNTRIES.get(alpha3)?.currency ?? null

/** §3: a country sets the franchise's time zone (its first zone) and currency. */
export function countryDefaults(alpha3: string): { timezone: string; currencyCode: CurrencyCode } | null {
  const c = COUNTRIES.get(alpha3)
  return c ? { timezone: c.timezone, currencyCode: c.currency } : null
}

// Every ISO country, for codes stored before the list was narrowed (a franchise keeps its phone rules).
const ALPHA2_OF: ReadonlyMap<string, string> = new Map(getCountryDataList().map((c) => [c.iso3, c.iso2]))

/** The alpha-2 code of any ISO alpha-3 code (an alpha-2 code is returned as is); undefined if unknown. */
export function alpha2Of(country: string): string | undefined {
  if (country.length === 2) return country
  return COUNTRIES.get(country)?.alpha2 ?? ALPHA2_OF.get(country)
}

/** The country whose rules a franchise's phone numbers follow (France for an unknown code). */
export function phoneCountry(alpha3: string): CountryCode {
  return (alpha2Of(alpha3) as CountryCode | undefined) ?? 'FR'
}

/** A country's name in a language ("Suisse", "Switzerland"); the code itself if the browser has none. */
export function countryName(alpha3: string, locale: string): string {
  const alpha2 = alpha2Of(alpha3)
  return (alpha2 && new Intl.DisplayNames([locale], { type: 'region' }).of(alpha2)) || alpha3
}

/**
 * The served countries as picker options, named in `locale` and sorted by that name. `current`: a
 * franchise's stored code, listed first when it is no longer served, so the picker shows what is saved
 * (its form then asks for a served one) rather than silently another country.
 */
export function countryOptions(locale: string, current?: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  const served = COUNTRY_CODES.map((code) => ({
    value: code,
    label: names.of(COUNTRIES.get(code)!.alpha2) ?? code,
  })).sort((a, b) => a.label.localeCompare(b.label, locale))
  return current && !isKnownCountry(current)
    ? [{ value: current, label: countryName(current, locale) }, ...served]
    : served
}
