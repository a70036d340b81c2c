// The default actor of the forgot-password flow, wrapping the src/api call.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'

/** POST /request-password-reset: the server mails a link when the account exists (202 either way). */
export const requestPasswordReset = fromPromise<void, { email: string }>(async ({ input }) => {
  await authApi.requestPasswordReset(input.email)
})
