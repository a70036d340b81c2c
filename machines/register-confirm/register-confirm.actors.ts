// The default actor of the sign-up link, wrapping the src/api call.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import { writeKey } from '../../src/api/storage'

/** Creates the account from the mailed link and keeps its token, exactly as signing in does. */
export const confirmSignUp = fromPromise<void, { token: string }>(async ({ input, signal }) => {
  const res = await authApi.confirmSignUp(input.token, signal)
  writeKey('token', res.id)
  writeKey('userId', res.userId)
  writeKey('impostorToken', null)
})
