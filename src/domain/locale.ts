// Languages of the product (SPEC §9): French by default, English only when the browser says en-US.
// Pure and shared: the browser uses it at start-up, the server may use it for e-mails later.

export const LOCALES = ['fr', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'fr'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * The locale to use: a stored choice wins when it is a supported locale; otherwise English when
 * the browser reports en-US (any case, `-` or `_`), French for everything else, including other
 * English variants, which is how SPEC §9 reads ("default French unless en-US is detected").
 */
export function pickLocale(navigatorLanguage: string | null | undefined, stored?: string | null): Locale {
  if (isLocale(stored)) return stored
  const normalized = (navigatorLanguage ?? '').trim().replace('_', '-').toLowerCase()
  return normalized === 'en-us' ? 'en' : DEFAULT_LOCALE
}

/** The countries whose customers read French by default (the franchise's language for its messages). */
const FRENCH_COUNTRIES = ['FRA', 'BEL', 'CHE', 'LUX', 'MCO', 'PYF', 'MTQ', 'GLP', 'GUF', 'REU', 'MYT', 'NCL']

/**
 * The language of a message to a customer (issue 34): the page's they were reading when they asked
 * for it, else the franchise's country's.
 */
export function customerLocale(pageLanguage: string | null | undefined, countryAlpha3: string): Locale {
  if (isLocale(pageLanguage)) return pageLanguage
  return franchiseLocale(countryAlpha3)
}

/** A franchise's language, from its country: its automations' default texts are in it. */
export const franchiseLocale = (countryAlpha3: string): Locale =>
  FRENCH_COUNTRIES.includes(countryAlpha3) ? 'fr' : 'en'
