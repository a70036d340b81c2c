// Reset password (/pages/auth/reset-password?token=…, open to all): the link mailed by "forgot
// password" carries a one-time token; the user chooses a new password (typed twice). The server
// answers RESET_LINK_INVALID for an unknown, used or expired link: the page then says so and offers to
// ask for a new one. A successful reset signs the account out everywhere, so the user logs in again.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type FieldErrors,
  hasNoErrors,
  type NewPasswordField,
  type NewPasswordValues,
  RESET_TOKEN_MAX,
  RESET_TOKEN_MIN,
  validateNewPassword,
} from '../../src/domain/auth-forms'
import { resetPassword } from './reset-password.actors'

export type ResetPasswordInput = { token: string | null }

export type ResetPasswordContext = {
  token: string | null
  values: NewPasswordValues
  touched: Partial<Record<NewPasswordField, boolean>>
  errors: FieldErrors<NewPasswordField>
  serverErrors: FieldErrors<NewPasswordField>
  /** A message id for the whole form (a failed save, to retry). */
  error: string | null
}

export type ResetPasswordEvent =
  | { type: 'resetPassword.change'; field: NewPasswordField; value: string }
  | { type: 'resetPassword.blur'; field: NewPasswordField }
  | { type: 'resetPassword.submit' }

const empty: NewPasswordValues = { password: '', confirmation: '' }

export const resetPasswordMachine = setup({
  types: {
    input: {} as ResetPasswordInput,
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
  },
  actors: {
    resetPassword,
  },
  guards: {
    hasUsableToken: ({ context }) =>
      !!context.token && context.token.length >= RESET_TOKEN_MIN && context.token.length <= RESET_TOKEN_MAX,
    canSubmit: ({ context }) => hasNoErrors(context.errors) && hasNoErrors(context.serverErrors),
    isLinkInvalid: ({ event }) => {
      const error = (event as { error?: ApiError }).error
      return error?.code === 'RESET_LINK_INVALID' || (error?.status === 400 && error.field === 'token')
    },
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'resetPassword.change') return {}
      const values = { ...context.values, [event.field]: event.value }
      const { [event.field]: _gone, ...serverErrors } = context.serverErrors
      return { values, errors: validateNewPassword(values), serverErrors, error: null }
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'resetPassword.blur' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    touchAll: assign({ touched: { password: true, confirmation: true } }),
    showServerError: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
      if (error?.status === 400 && error.field === 'password')
        return { serverErrors: { password: 'auth.form.invalid' }, error: null }
      if (error?.status === 429) return { error: 'auth.login.errors.tooManyAttempts' }
      return { error: 'auth.resetPassword.errors.saveFailed' }
    }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token,
    values: empty,
    touched: {},
    errors: validateNewPassword(empty),
    serverErrors: {},
    error: null,
  }),
  initial: 'checkingLink',
  states: {
    // Why: a link without a token (or with a mangled one) cannot work; say so before any typing.
    checkingLink: {
      always: [{ guard: 'hasUsableToken', target: 'editing' }, { target: 'invalidLink' }],
    },
    editing: {
      on: {
        'resetPassword.change': { actions: 'setField' },
        'resetPassword.blur': { actions: 'touch' },
        'resetPassword.submit': [{ guard: 'canSubmit', target: 'saving' }, { actions: 'touchAll' }],
      },
    },
    saving: {
      entry: 'touchAll',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token!, password: context.values.password }),
        onDone: 'done',
        onError: [
          { guard: 'isLinkInvalid', target: 'invalidLink' },
          { target: 'editing', actions: 'showServerError' },
        ],
      },
    },
    // Why final: the link is spent or expired; only a new link (forgot password) can help.
    invalidLink: { type: 'final' },
    done: { type: 'final' },
  },
})
