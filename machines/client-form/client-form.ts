// The client form (create from the list's search, edit from the detail page): its values, the §5 rules
// (names, e-mail pattern, valid phone numbers read in the franchise's country) and the §8 errors of a
// save. Pure: the machine, the dialog and the tests use it. Errors are message ids of i18n/*.json.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js'
import type { ApiError } from '../../src/api/client'
import { EMAIL_PATTERN } from '../../src/domain/auth'
import { type ClientDetail, type ClientInput, GENDERS } from '../../src/domain/clients'
import { normalisePhone } from '../../src/domain/phone'

export const CLIENT_FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'gender',
  'birthDate',
  'postcode',
] as const
export type ClientFormField = (typeof CLIENT_FORM_FIELDS)[number]
export type ClientFormValues = Record<ClientFormField, string>
export type ClientFormErrors = Partial<Record<ClientFormField, string>>

/** Lengths ClientInput accepts (src/domain/clients.ts). */
export const NAME_MAX = 80
export const PHONE_MAX = 30
export const POSTCODE_MAX = 12
export const EMAIL_MAX = 254

export const EMPTY_CLIENT_VALUES: ClientFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  gender: '',
  birthDate: '',
  postcode: '',
}

export function valuesFromClient(c: ClientDetail): ClientFormValues {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email ?? '',
    // Shown as people read it; saved back in E.164.
    phone: c.phone ? (parsePhoneNumberFromString(c.phone)?.formatInternational() ?? c.phone) : '',
    gender: c.gender && (GENDERS as readonly string[]).includes(c.gender) ? c.gender : '',
    birthDate: c.birthDate?.slice(0, 10) ?? '',
    postcode: c.postcode ?? '',
  }
}

const PHONE_LIKE = /^\+?[\d\s().-]{6,}$/

/**
 * A new client from what was searched (§8 "no result found, you can create an account"): an e-mail
 * fills the e-mail, digits the phone, anything else the names.
 */
export function valuesFromSearch(search: string): ClientFormValues {
  const text = search.trim()
  if (!text) return EMPTY_CLIENT_VALUES
  if (text.includes('@')) return { ...EMPTY_CLIENT_VALUES, email: text.slice(0, EMAIL_MAX) }
  if (PHONE_LIKE.test(text)) return { ...EMPTY_CLIENT_VALUES, phone: text.slice(0, PHONE_MAX) }
  const [first = '', ...rest] = text.split(/\s+/)
  return {
    ...EMPTY_CLIENT_VALUES,
    firstName: first.slice(0, NAME_MAX),
    lastName: rest.join(' ').slice(0, NAME_MAX),
  }
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The local rules; an empty object when the form may be saved. */
export function validateClientForm(
  values: ClientFormValues,
  country: CountryCode,
  today = new Date(),
): ClientFormErrors {
  const errors: ClientFormErrors = {}
  const firstName = values.firstName.trim()
  if (!firstName) errors.firstName = 'pages.clients.form.errors.required'
  else if (firstName.length > NAME_MAX) errors.firstName = 'pages.clients.form.errors.tooLong'
  if (values.lastName.trim().length > NAME_MAX) errors.lastName = 'pages.clients.form.errors.tooLong'
  const email = values.email.trim()
  if (email && (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)))
    errors.email = 'pages.clients.form.errors.email'
  const phone = values.phone.trim()
  if (phone && (phone.length > PHONE_MAX || !normalisePhone(phone, country)))
    errors.phone = 'pages.clients.errors.invalidPhone'
  if (values.gender && !(GENDERS as readonly string[]).includes(values.gender))
    errors.gender = 'pages.clients.form.errors.invalid'
  const birthDate = values.birthDate.trim()
  if (birthDate && (!isCalendarDate(birthDate) || birthDate > today.toISOString().slice(0, 10)))
    errors.birthDate = 'pages.clients.form.errors.birthDate'
  if (values.postcode.trim().length > POSTCODE_MAX) errors.postcode = 'pages.clients.form.errors.tooLong'
  return errors
}

/** What clientsApi.create / update send: trimmed, the phone in E.164, empty values as null. */
export function toClientInput(values: ClientFormValues, country: CountryCode): ClientInput {
  const orNull = (v: string) => v.trim() || null
  const phone = values.phone.trim()
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: orNull(values.email),
    phone: phone ? (normalisePhone(phone, country) ?? phone) : null,
    gender: (orNull(values.gender) as ClientInput['gender']) ?? null,
    birthDate: orNull(values.birthDate),
    postcode: orNull(values.postcode),
  }
}

/**
 * §8 "Client update errors: bad request, phone already used, email already used" and "invalid phone
 * number": conflicts and a named field go on the field, anything else above the form.
 */
export function errorsFromApi(
  error: ApiError | undefined,
  mode: 'create' | 'edit',
): { fields: ClientFormErrors; error: string | null } {
  const failed = mode === 'create' ? 'pages.clients.errors.create' : 'pages.clients.errors.update'
  if (!error) return { fields: {}, error: failed }
  if (error.code === 'PHONE_ALREADY_USED')
    return { fields: { phone: 'pages.clients.errors.phoneUsed' }, error: null }
  if (error.code === 'EMAIL_ALREADY_USED')
    return { fields: { email: 'pages.clients.errors.emailUsed' }, error: null }
  if (error.status === 400) {
    const field = error.field
    if (field === 'phone' || /PHONE/.test(error.code))
      return { fields: { phone: 'pages.clients.errors.invalidPhone' }, error: null }
    if (field && (CLIENT_FORM_FIELDS as readonly string[]).includes(field))
      return { fields: { [field]: 'pages.clients.form.errors.invalid' }, error: null }
    return { fields: {}, error: 'pages.clients.errors.badRequest' }
  }
  if (error.status === 404) return { fields: {}, error: 'pages.clients.errors.notFound' }
  return { fields: {}, error: failed }
}
