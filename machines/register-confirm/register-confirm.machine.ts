// The sign-up link (/register/confirm?token=…, guests; issue 34): the mailed one-time secret creates
// the account and signs it in. The session then starts again with the stored token, and the route
// guard takes the new REGISTERED user to account confirmation (the terms, then the subscription). A
// used, expired or mangled link says so and offers to sign up again or log in.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { RESET_TOKEN_MAX, RESET_TOKEN_MIN } from '../../src/domain/auth-forms'
import { confirmSignUp } from './register-confirm.actors'

export type RegisterConfirmInput = { token: string | null }

export type RegisterConfirmContext = {
  token: string | null
  /** A message id: the call failed for another reason than the link (to retry). */
  error: string | null
}

export type RegisterConfirmEvent = { type: 'registerConfirm.retry' }

export const registerConfirmMachine = setup({
  types: {
    input: {} as RegisterConfirmInput,
    context: {} as RegisterConfirmContext,
    events: {} as RegisterConfirmEvent,
  },
  actors: {
    confirmSignUp,
  },
  guards: {
    // Links carry a random secret as long as a reset link's: anything else cannot be one.
    hasUsableToken: ({ context }) =>
      !!context.token && context.token.length >= RESET_TOKEN_MIN && context.token.length <= RESET_TOKEN_MAX,
    isLinkInvalid: ({ event }) => {
      const error = (event as { error?: ApiError }).error
      return error?.code === 'SIGN_UP_LINK_INVALID' || (error?.status === 400 && error.field === 'token')
    },
  },
  actions: {
    /** Provided by the app: the session starts again with the stored token (`session.restart`). */
    restartSession: () => {},
    showError: assign({
      error: ({ event }) =>
        (event as { error?: ApiError }).error?.status === 429
          ? 'auth.login.errors.tooManyAttempts'
          : 'errors.generic',
    }),
  },
}).createMachine({
  id: 'registerConfirm',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasUsableToken', target: 'confirming' }, { target: 'invalidLink' }],
    },
    confirming: {
      entry: assign({ error: null }),
      invoke: {
        id: 'confirmSignUp',
        src: 'confirmSignUp',
        input: ({ context }) => ({ token: context.token! }),
        onDone: 'done',
        onError: [
          { guard: 'isLinkInvalid', target: 'invalidLink' },
          { target: 'failed', actions: 'showError' },
        ],
      },
    },
    failed: { on: { 'registerConfirm.retry': 'confirming' } },
    // Why final: the link is spent or expired; only a new sign-up (or a login) can help.
    invalidLink: { type: 'final' },
    // Why final: the account exists and its token is stored; the session takes over from here.
    done: { type: 'final', entry: 'restartSession' },
  },
})
