// Login (§4, §5): e-mail ≥ 4 and password ≥ 2, both required; submit only when valid and not busy.
// Only admin or owner roles may sign in ('unauthorized'). Terms not accepted → confirmation (the
// session routes REGISTERED there); accepted but not subscribed → a payment link, or forbidden.
import { assign, enqueueActions, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { isLoginValid, type LoginErrors, type LoginField, validateLogin } from '../../src/domain/login'
import { type Account, mayUseApp, needsSubscription, type SessionOutcome } from '../session/account'
import { fetchPaymentLink, loadAccount, revokeSession, signIn } from '../session/session.actors'

export type LoginContext = {
  email: string
  password: string
  /** Which fields the user has left: errors show only there (or after a submit). */
  touched: Partial<Record<LoginField, boolean>>
  errors: LoginErrors
  /** A message id shown above the form (and in a toast). */
  error: string | null
  account: Account | null
  paymentUrl: string | null
}

export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.blur'; field: LoginField }
  | { type: 'login.submit' }

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as SessionOutcome,
  },
  actors: {
    signIn,
    loadAccount,
    revokeSession,
    fetchPaymentLink,
  },
  guards: {
    canSubmit: ({ context }) => isLoginValid(context.email, context.password),
    cannotUseApp: ({ context }) => !context.account || !mayUseApp(context.account.info),
    needsSubscription: ({ context }) => !!context.account && needsSubscription(context.account),
  },
  actions: {
    /** A toast (message id of §8), provided by the app. */
    notify: (_, _params: { level: 'error'; id: string }) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'login.change') return {}
      const next = { ...context, [event.field]: event.value }
      // Server field errors go once the field changes; local rules are re-checked.
      return { [event.field]: event.value, errors: validateLogin(next.email, next.password), error: null }
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'login.blur' ? { ...context.touched, [event.field]: true } : context.touched,
    }),
    touchAll: assign({
      touched: { email: true, password: true },
      errors: ({ context }) => validateLogin(context.email, context.password),
    }),
    showServerError: assign(({ event }) => {
      const error = (event as { error?: ApiError }).error
      if (error?.status === 400 && (error.field === 'email' || error.field === 'password'))
        return { errors: { [error.field]: 'auth.login.errors.invalid' }, error: null }
      if (error?.status === 401) return { error: 'auth.login.errors.wrongCredentials' }
      if (error?.status === 429) return { error: 'auth.login.errors.tooManyAttempts' }
      return { error: 'errors.generic' }
    }),
  },
}).createMachine({
  id: 'login',
  context: {
    email: '',
    password: '',
    touched: {},
    errors: validateLogin('', ''),
    error: null,
    account: null,
    paymentUrl: null,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.change': { actions: 'setField' },
        'login.blur': { actions: 'touch' },
        'login.submit': [{ guard: 'canSubmit', target: 'submitting' }, { actions: 'touchAll' }],
      },
    },
    submitting: {
      entry: assign({ touched: { email: true, password: true } }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: 'loadingAccount',
        onError: {
          target: 'editing',
          actions: [
            'showServerError',
            // §8: a login failure shows in an error notification too (field errors stay on the fields).
            enqueueActions(({ context, enqueue }) => {
              if (context.error) enqueue({ type: 'notify', params: { level: 'error', id: context.error } })
            }),
          ],
        },
      },
    },
    loadingAccount: {
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'checkingRole', actions: assign({ account: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: [
            'showServerError',
            // §8: a login failure shows in an error notification too (field errors stay on the fields).
            enqueueActions(({ context, enqueue }) => {
              if (context.error) enqueue({ type: 'notify', params: { level: 'error', id: context.error } })
            }),
          ],
        },
      },
    },
    checkingRole: {
      always: [
        { guard: 'cannotUseApp', target: 'refusing' },
        { guard: 'needsSubscription', target: 'fetchingPaymentLink' },
        { target: 'signedIn' },
      ],
    },
    // Why: the server issued a token to a role that may not use the back-office; drop it at once.
    refusing: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        onDone: {
          target: 'editing',
          actions: assign({ error: 'auth.login.errors.unauthorized', account: null, password: '' }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: 'auth.login.errors.unauthorized', account: null, password: '' }),
        },
      },
    },
    fetchingPaymentLink: {
      invoke: {
        id: 'fetchPaymentLink',
        src: 'fetchPaymentLink',
        onDone: { target: 'payment', actions: assign({ paymentUrl: ({ event }) => event.output }) },
        onError: 'payment',
      },
    },
    signedIn: { type: 'final' },
    payment: { type: 'final' },
  },
  output: ({ context }): SessionOutcome => {
    const a = context.account!
    if (needsSubscription(a)) return { kind: 'payment', account: a, url: context.paymentUrl }
    return { kind: 'signedIn', account: a }
  },
})
