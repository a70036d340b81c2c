// Sign-up (/register, guests only): display name, e-mail, a new password typed twice. The server
// answers the same for a new and a known e-mail (issue 34): a mail is on its way. The page then says
// "check your inbox"; the mailed link (/register/confirm, the register-confirm machine) creates the
// account and signs it in. Submit is accepted only once every rule passes: the page lists what is
// still missing beside the disabled button (`toRegisterView().missing`).
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import {
  type FieldErrors,
  hasNoErrors,
  type RegisterField,
  type RegisterValues,
  validateRegistration,
} from '../../src/domain/auth-forms'
import { signUp } from './register.actors'

export type SignUpInput = { email: string; password: string; displayName: string }

export type RegisterContext = {
  values: RegisterValues
  /** Which fields the user has left: local rule errors show on the field only then. */
  touched: Partial<Record<RegisterField, boolean>>
  /** The local rules (message ids), recomputed on every change. */
  errors: FieldErrors<RegisterField>
  /** What the server said about a field (400 naming a field); gone once it changes. */
  serverErrors: FieldErrors<RegisterField>
  /** A message id for the whole form. */
  error: string | null
}

export type RegisterEvent =
  | { type: 'register.change'; field: RegisterField; value: string }
  | { type: 'register.blur'; field: RegisterField }
  | { type: 'register.submit' }
  /** From "check your inbox": back to the form (another address, or a mail that never came). */
  | { type: 'register.edit' }

const REGISTER_FIELDS: readonly string[] = ['displayName', 'email', 'password', 'confirmation']
const empty: RegisterValues = { displayName: '', email: '', password: '', confirmation: '' }

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  actors: {
    signUp,
  },
  guards: {
    canSubmit: ({ context }) => hasNoErrors(context.errors) && hasNoErrors(context.serverErrors),
  },
  actions: {
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
    showServerError: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
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
        'register.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          password: context.values.password,
          displayName: context.values.displayName.trim(),
        }),
        onDone: 'sent',
        onError: { target: 'editing', actions: 'showServerError' },
      },
    },
    // "Check your inbox": said alike whether the address is new or has an account already.
    sent: { on: { 'register.edit': 'editing' } },
  },
})
