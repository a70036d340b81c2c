// Forgot password (/pages/auth/forgot-password, open to all): the user gives an e-mail and the server
// mails a reset link if an account has it. The answer is the same whether or not the account exists,
// so the confirmation says "if an account exists" and never reveals one.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { validateEmail } from '../../src/domain/auth-forms'
import { requestPasswordReset } from './forgot-password.actors'

export type ForgotPasswordContext = {
  email: string
  /** The field was left (or a send was tried): its local error may show. */
  touched: boolean
  /** The local rule (message id), recomputed on every change. */
  emailError: string | null
  /** What the server said about the e-mail (400); gone once it changes. */
  serverError: string | null
  /** Why the last send failed (message id), shown with a retry. */
  error: string | null
}

export type ForgotPasswordEvent =
  | { type: 'forgotPassword.change'; value: string }
  | { type: 'forgotPassword.blur' }
  | { type: 'forgotPassword.submit' }
  | { type: 'forgotPassword.retry' }
  /** From the confirmation: send the link again to the same address. */
  | { type: 'forgotPassword.resend' }
  /** From the confirmation: type another address. */
  | { type: 'forgotPassword.edit' }

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestPasswordReset,
  },
  guards: {
    canSend: ({ context }) => !context.emailError && !context.serverError,
    isAddressRejected: ({ event }) => {
      const error = (event as { error?: ApiError }).error
      return error?.status === 400 && error.field === 'email'
    },
  },
  actions: {
    setEmail: assign(({ event }) => {
      if (event.type !== 'forgotPassword.change') return {}
      return {
        email: event.value,
        emailError: validateEmail(event.value) ?? null,
        serverError: null,
        error: null,
      }
    }),
    touch: assign({ touched: true }),
    showServerError: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
      if (error?.status === 400 && error.field === 'email')
        return { serverError: 'auth.form.emailInvalid', error: null }
      if (error?.status === 429) return { serverError: null, error: 'auth.login.errors.tooManyAttempts' }
      return { serverError: null, error: 'auth.forgotPassword.errors.sendFailed' }
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: {
    email: '',
    touched: false,
    emailError: validateEmail('') ?? null,
    serverError: null,
    error: null,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgotPassword.change': { actions: 'setEmail' },
        'forgotPassword.blur': { actions: 'touch' },
        'forgotPassword.submit': [{ guard: 'canSend', target: 'sending' }, { actions: 'touch' }],
      },
    },
    sending: {
      entry: ['touch', assign({ error: null })],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: 'sent',
        onError: [
          // Why back to editing: the server rejected the address itself, so it is the field to fix.
          {
            guard: 'isAddressRejected',
            target: 'editing',
            actions: 'showServerError',
          },
          { target: 'failed', actions: 'showServerError' },
        ],
      },
    },
    // Why a state: the request did not get through (network, server); the address is fine, so the
    // page offers a retry while still letting the user correct it.
    failed: {
      on: {
        'forgotPassword.retry': 'sending',
        'forgotPassword.submit': { guard: 'canSend', target: 'sending' },
        'forgotPassword.change': { target: 'editing', actions: 'setEmail' },
      },
    },
    sent: {
      on: {
        'forgotPassword.resend': 'sending',
        'forgotPassword.edit': 'editing',
      },
    },
  },
})
