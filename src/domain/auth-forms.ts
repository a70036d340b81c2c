// Rules of the account forms other than login (sign-up, forgot and reset password), used by their
// machines (and so by the pages) and mirrored by the server's SignUpRequest / PasswordReset* schemas.
// Errors are message ids of i18n/*.json; `{min}`/`{max}` in them are filled from the constants below.
import { EMAIL_PATTERN, NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from './auth'

export const DISPLAY_NAME_MAX = 120
export const EMAIL_MAX = 254
/** Reset links carry a random secret; anything shorter than the server accepts cannot be one. */
export const RESET_TOKEN_MIN = 16
export const RESET_TOKEN_MAX = 200

export type FieldErrors<F extends string> = Partial<Record<F, string>>

export function validateEmail(email: string): string | undefined {
  const value = email.trim()
  if (!value) return 'auth.form.required'
  if (value.length > EMAIL_MAX || !EMAIL_PATTERN.test(value)) return 'auth.form.emailInvalid'
  return undefined
}

export type NewPasswordField = 'password' | 'confirmation'
export type NewPasswordValues = Record<NewPasswordField, string>

/** A password chosen in the product (sign-up, reset): long enough, and typed twice the same. */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<NewPasswordField> {
  const errors: FieldErrors<NewPasswordField> = {}
  if (!values.password) errors.password = 'auth.form.required'
  else if (values.password.length < NEW_PASSWORD_MIN) errors.password = 'auth.form.passwordMin'
  else if (values.password.length > NEW_PASSWORD_MAX) errors.password = 'auth.form.passwordMax'
  if (!values.confirmation) errors.confirmation = 'auth.form.required'
  else if (values.confirmation !== values.password) errors.confirmation = 'auth.form.passwordMismatch'
  return errors
}

export type RegisterField = 'displayName' | 'email' | NewPasswordField
export type RegisterValues = Record<RegisterField, string>

export function validateRegistration(values: RegisterValues): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {}
  const name = values.displayName.trim()
  if (!name) errors.displayName = 'auth.form.required'
  else if (name.length > DISPLAY_NAME_MAX) errors.displayName = 'auth.form.displayNameMax'
  const email = validateEmail(values.email)
  if (email) errors.email = email
  return { ...errors, ...validateNewPassword(values) }
}

export const hasNoErrors = (errors: Record<string, string | undefined>) =>
  Object.values(errors).every((e) => !e)

/** The values of the `{min}`/`{max}` placeholders the form messages use. */
export const FORM_MESSAGE_VALUES = {
  min: NEW_PASSWORD_MIN,
  max: NEW_PASSWORD_MAX,
  nameMax: DISPLAY_NAME_MAX,
} as const
