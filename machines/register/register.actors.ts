// The default actors of sign-up: each wraps src/api calls and passes the abort signal on.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import type { SignUpInput } from './register.machine'

/** Asks for the confirmation mail; the answer is the same whether the e-mail has an account or not. */
export const signUp = fromPromise<void, SignUpInput>(async ({ input, signal }) => {
  await authApi.signUp(input, signal)
})
