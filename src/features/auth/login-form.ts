import { LOGIN_EMAIL_MIN, LOGIN_PASSWORD_MIN } from '../../domain/auth'

// Login form rule of SPEC §9 ("Login minimums 4 and 2"), for the temporary container; the login
// machine will own it (with the same constants) when it drives the page.
export interface LoginValues {
  email: string
  password: string
}

export function canSubmitLogin({ email, password }: LoginValues): boolean {
  return email.trim().length >= LOGIN_EMAIL_MIN && password.length >= LOGIN_PASSWORD_MIN
}
