// Sign-up (/register, guests only): display name, e-mail, a new password typed twice. The server
// creates a franchise owner who has not accepted the terms yet (REGISTERED, §4) and answers with a
// token, which the `signUp` actor keeps. The session then starts again with it, and the route guard
// takes the REGISTERED user to account confirmation (/pages/confirmation).
import { assign, fromPromise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type FieldErrors,
  hasNoErrors,
  type RegisterField,
  type RegisterValues,
  validateRegistration,
} from '../../src/domain/auth-forms'

export type SignUpInput = { email: string; password: string; displayName: string }

export type RegisterContext = {
  values: RegisterValues
  /** Which fields the user has left: local rule errors show only there (or after a submit). */
  touched: Partial<Record<RegisterField, boolean>>
  /** The local rules (message ids), recomputed on every change. */
  errors: FieldErrors<RegisterField>
  /** What the server said about a field (409 e-mail used, 400 naming a field); gone once it changes. */
  serverErrors: FieldErrors<RegisterField>
  /** A message id for the whole form. */
  error: string | null
}

export type RegisterEvent =
  | { type: 'register.change'; field: RegisterField; value: string }
  | { type: 'register.blur'; field: RegisterField }
  | { type: 'register.submit' }

const REGISTER_FIELDS: readonly string[] = ['displayName', 'email', 'password', 'confirmation']
const empty: RegisterValues = { displayName: '', email: '', password: '', confirmation: '' }

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    signUp: fromPromise<{ id: string; userId: string }, SignUpInput>(async () => {
      throw new Error('signUp not provided')
    }),
  },
  guards: {
    canSubmit: ({ context }) => hasNoErrors(context.errors) && hasNoErrors(context.serverErrors),
  },
  actions: {
    /** Provided by the app: the session starts again with the stored token (`session.restart`). */
    restartSession: () => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'register.change') return {}
      const values = { ...context.values, [event.field]: event.value }
      // A server error goes once its field changes; every local rule is re-checked, since a new
      // password can make the confirmation wrong again.
      const { [event.field]: _gone, ...serverErrors } = context.serverErrors
      return { values, errors: validateRegistration(values), serverErrors, error: null }
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'register.blur' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    touchAll: assign({
      touched: { displayName: true, email: true, password: true, confirmation: true },
    }),
    showServerError: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
      if (error?.status === 409 && error.code === 'EMAIL_ALREADY_USED')
        return { serverErrors: { email: 'auth.register.errors.emailAlreadyUsed' }, error: null }
      const field = error?.field
      if (error?.status === 400 && field && REGISTER_FIELDS.includes(field))
        return { serverErrors: { [field]: 'auth.form.invalid' }, error: null }
      if (error?.status === 429) return { error: 'auth.login.errors.tooManyAttempts' }
      return { error: 'errors.generic' }
    }),
  },
}).createMachine({
  id: 'register',
  context: {
    values: empty,
    touched: {},
    errors: validateRegistration(empty),
    serverErrors: {},
    error: null,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'register.change': { actions: 'setField' },
        'register.blur': { actions: 'touch' },
        'register.submit': [{ guard: 'canSubmit', target: 'submitting' }, { actions: 'touchAll' }],
      },
    },
    submitting: {
      entry: 'touchAll',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          password: context.values.password,
          displayName: context.values.displayName.trim(),
        }),
        onDone: 'done',
        onError: { target: 'editing', actions: 'showServerError' },
      },
    },
    // Why final: the account exists and its token is stored; the session takes over from here.
    done: { type: 'final', entry: 'restartSession' },
  },
})
