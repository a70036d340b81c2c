// Phone numbers, validated and normalised to E.164 with libphonenumber (shared by browser and server).
import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js'

/** E.164 for a valid number (national format read in the given country), else null. */
export function normalisePhone(input: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country)
  return parsed?.isValid() ? parsed.number : null
}

/**
 * The E.164 beginning of a phone number being typed ("06 12 34", "+33 6 12", "0033 6"), or null
 * when the text does not look like one (letters, or fewer than 6 digits): the client search then
 * matches numbers that start with it. A leading 0 is the national trunk prefix (France, UK, …).
 */
export function phonePrefix(input: string, country: CountryCode): string | null {
  const text = input.trim()
  if (!/^\+?[\d\s().-]+$/.test(text)) return null
  const digits = text.replace(/\D/g, '')
  if (digits.length < 6) return null
  if (text.startsWith('+')) return `+${digits}`
  if (digits.startsWith('00')) return `+${digits.slice(2)}`
  return `+${getCountryCallingCode(country)}${digits.replace(/^0/, '')}`
}
