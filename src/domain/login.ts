// §5 login form rules, used by the login machine (and so by the page) and mirrored by the server.
import { LOGIN_EMAIL_MIN, LOGIN_PASSWORD_MIN } from './auth'

export type LoginField = 'email' | 'password'
/** Message ids (i18n) per field. */
export type LoginErrors = Partial<Record<LoginField, string>>

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {}
  if (!email.trim()) errors.email = 'auth.login.errors.required'
  else if (email.trim().length < LOGIN_EMAIL_MIN) errors.email = 'auth.login.errors.emailMin'
  if (!password) errors.password = 'auth.login.errors.required'
  else if (password.length < LOGIN_PASSWORD_MIN) errors.password = 'auth.login.errors.passwordMin'
  return errors
}

export const isLoginValid = (email: string, password: string) =>
  Object.keys(validateLogin(email, password)).length === 0
