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

// A number's international layout depends on its country, its first digits and its length, not on
// its last digits: a layout found for one number is reused for the next with the same first digits
// and length. Parsing costs about 8 µs a number, which an export of a million clients felt (8 s).
export const LAYOUT_DIGITS = 8
/** A stored number as E.164: the numbers that follow a layout. */
export const E164 = /^\+\d{8,15}$/
const layouts = new Map<string, string | null>()

/** The numbers sharing a layout: the same first LAYOUT_DIGITS characters and the same length. */
export const phoneLayoutKey = (value: string) => `${value.slice(0, LAYOUT_DIGITS)} ${value.length}`

/**
 * The layout of the E.164 numbers of `value`'s key, its digits written '#' ("+## # ## ## ## ##"), or
 * null when the written number is not its digits in order with separators between.
 */
export function phoneLayout(value: string): string | null {
  return layoutOf(value, formatParsed(value))
}

const layoutOf = (value: string, written: string) =>
  written.replace(/\D/g, '') === value.slice(1) ? written.replace(/\d/g, '#') : null

/** A stored number (E.164) written as people read it, "+33 6 12 34 56 78"; anything else as it is. */
export function formatPhone(value: string): string {
  if (!E164.test(value)) return formatParsed(value)
  const key = phoneLayoutKey(value)
  let layout = layouts.get(key)
  if (layout === undefined) {
    const written = formatParsed(value)
    layout = layoutOf(value, written)
    if (layouts.size >= 50_000) layouts.clear()
    layouts.set(key, layout)
    return written
  }
  if (layout === null) return formatParsed(value)
  let k = 1
  return layout.replace(/#/g, () => value[k++]!)
}

const formatParsed = (value: string) => parsePhoneNumberFromString(value)?.formatInternational() ?? value
