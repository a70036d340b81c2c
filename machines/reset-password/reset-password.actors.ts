// The default actor of the reset-password flow, wrapping the src/api call.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'

/** POST /api/users/reset-password: sets the new password and revokes every session of the account. */
export const resetPassword = fromPromise<void, { token: string; password: string }>(async ({ input }) => {
  await authApi.resetPassword(input.token, input.password)
})
