// The default actors of sign-up: each wraps src/api calls and passes the abort signal on.
import { fromPromise } from 'xstate'
import { authApi } from '../../src/api/auth'
import { writeKey } from '../../src/api/storage'
import type { SignUpInput } from './register.machine'

/** Creates the account and keeps its token, exactly as signing in does: the session restarts with it. */
export const signUp = fromPromise<{ id: string; userId: string }, SignUpInput>(async ({ input, signal }) => {
  const res = await authApi.signUp(input, signal)
  writeKey('token', res.id)
  writeKey('userId', res.userId)
  writeKey('impostorToken', null)
  return { id: res.id, userId: res.userId }
})
