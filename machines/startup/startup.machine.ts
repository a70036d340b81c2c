// Startup (§4): a splash shows until auto-login ends. With a stored token (the impostor token when an
// admin acts as a merchant) the current user is fetched; admins get a super-admin session, owners are
// allowed, any other role is logged out; non-admins are checked for subscription.
import { assign, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import { type Account, mayUseApp, needsSubscription, type SessionOutcome } from '../session/account'
import { fetchPaymentLink, loadAccount, revokeSession } from '../session/session.actors'

export type StartupInput = { hasToken: boolean }
export type StartupContext = {
  hasToken: boolean
  /** The splash line: 'Logging in with JWT' first, then 'Logged in with JWT'. */
  message: 'loggingIn' | 'loggedIn' | null
  account: Account | null
  paymentUrl: string | null
  error: 'couldNotGetUserData' | null
}

export const startupMachine = setup({
  types: {
    input: {} as StartupInput,
    context: {} as StartupContext,
    events: {} as { type: 'startup.retry' },
    output: {} as SessionOutcome,
  },
  actors: {
    loadAccount,
    revokeSession,
    fetchPaymentLink,
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    isUnauthorized: ({ event }) => ((event as { error?: ApiError }).error?.status ?? 0) === 401,
    cannotUseApp: ({ context }) => !context.account || !mayUseApp(context.account.info),
    needsSubscription: ({ context }) => !!context.account && needsSubscription(context.account),
  },
}).createMachine({
  id: 'startup',
  context: ({ input }) => ({
    hasToken: input.hasToken,
    message: null,
    account: null,
    paymentUrl: null,
    error: null,
  }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      always: [{ guard: 'hasToken', target: 'fetchingUser' }, { target: 'signedOut' }],
    },
    fetchingUser: {
      entry: assign({ message: 'loggingIn', error: null }),
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'classifying', actions: assign({ account: ({ event }) => event.output }) },
        onError: [
          // A stale token: nothing to retry, start signed out.
          { guard: 'isUnauthorized', target: 'signedOut' },
          { target: 'failed', actions: assign({ error: 'couldNotGetUserData' }) },
        ],
      },
    },
    classifying: {
      always: [
        { guard: 'cannotUseApp', target: 'loggingOut' },
        { guard: 'needsSubscription', target: 'fetchingPaymentLink' },
        { target: 'signedIn' },
      ],
    },
    // Why: a customer or API account holding a token must not keep a back-office session.
    loggingOut: {
      entry: assign({ account: null }),
      invoke: { id: 'revokeSession', src: 'revokeSession', onDone: 'signedOut', onError: 'signedOut' },
    },
    fetchingPaymentLink: {
      invoke: {
        id: 'fetchPaymentLink',
        src: 'fetchPaymentLink',
        onDone: { target: 'payment', actions: assign({ paymentUrl: ({ event }) => event.output }) },
        onError: 'payment',
      },
    },
    failed: {
      on: { 'startup.retry': 'fetchingUser' },
    },
    signedOut: { type: 'final' },
    signedIn: { type: 'final', entry: assign({ message: 'loggedIn' }) },
    payment: { type: 'final' },
  },
  output: ({ context }): SessionOutcome => {
    const a = context.account
    if (!a || !mayUseApp(a.info)) return { kind: 'signedOut' }
    if (needsSubscription(a)) return { kind: 'payment', account: a, url: context.paymentUrl }
    return { kind: 'signedIn', account: a }
  },
})
