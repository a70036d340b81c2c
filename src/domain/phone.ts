// Phone numbers, validated and normalised to E.164 with libphonenumber (shared by browser and server).
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js'

/** E.164 for a valid number (national format read in the given country), else null. */
export function normalisePhone(input: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country)
  return parsed?.isValid() ? parsed.number : null
}
