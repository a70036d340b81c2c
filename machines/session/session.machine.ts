// The session (§4 Startup, Login, Logout, Super-admin 'administration' entry): the root actor of the
// app. It runs startup, then login while signed out, keeps the account while signed in, and tells
// the route guard (the `access` child) who the user is. Any 401 from the API ends the session with
// 'Invalid access_token'.
import { assign, enqueueActions, sendParent, sendTo, setup } from 'xstate'
import { fallbackRoute } from '../../src/domain/access'
import {
  ALL_STORES,
  type FranchiseSummary,
  mayChooseAllStores,
  pickStore as pickChoice,
} from '../../src/domain/franchise'
import { accessMachine, type Location, type Subject } from '../access/access.machine'
import { loginMachine } from '../login/login.machine'
import { startupMachine } from '../startup/startup.machine'
import type { Account, SessionOutcome } from './account'
import {
  forgetSession,
  leaveImpersonation,
  loadAccount,
  revokeSession,
  saveCurrentStore,
  watchUnauthorized,
} from './session.actors'

export type SessionInput = {
  hasToken: boolean
  location: Location
  startPage: string | null
  currentStoreId: string | null
}

export type SessionContext = {
  hasToken: boolean
  initialLocation: Location
  account: Account | null
  /** The top bar's choice: an owned store's id, ALL_STORES (the whole franchise), or null (no store). */
  currentStoreId: string | null
  startPage: string | null
  /** A message id to show once (toast), e.g. after an automatic logout. */
  notice: string | null
  paymentUrl: string | null
  /**
   * The signed-in page a stored session was resumed on (its code loads alongside the account call),
   * null otherwise: that page, not the start page, is the one to prefetch.
   */
  resumedOn: string | null
}

export type SessionEvent =
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  /** A store of the account, or ALL_STORES for the whole franchise (who may choose it, see domain/franchise). */
  | { type: 'session.storeChange'; storeId: string }
  | { type: 'session.administration' }
  | { type: 'session.accountChange'; account: Account }
  /** A franchise was edited (name, logo, theme …): the shell shows it without a reload. */
  | { type: 'session.franchiseChange'; franchise: FranchiseSummary }
  | { type: 'session.noticeShown' }
  /** A new token is stored (sign-up) or the account changed on the server (terms, payment): start again. */
  | { type: 'session.restart' }
  /** Stores were created, changed or deleted: read the account again (stores, role) without a page load. */
  | { type: 'session.reloadStores' }

/** The pages inside the shell (a stored token on one of them resumes the session there). */
const isSignedInPath = (path: string) => path.startsWith('/pages/')

function subjectOf(context: SessionContext): Subject {
  const a = context.account
  return {
    role: a?.role ?? null,
    features: a?.franchises.flatMap((f) => f.features) ?? [],
    storeCount: a?.stores.length ?? 0,
    startPage: context.startPage,
  }
}

/** §6/§9: the current store is the saved choice if still allowed, else the first owned store. */
export function pickStore(account: Account, saved: string | null): string | null {
  return pickChoice(account.role, account.stores, saved)
}

/** The route guard as the session runs it: /logout asks the session to log out. */
export const accessForSession = accessMachine.provide({
  actions: { requestLogout: sendParent({ type: 'session.logout' }) },
})

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    startup: startupMachine,
    login: loginMachine,
    access: accessForSession,
    revokeSession,
    /** The whole account again (stores, role), in one round trip. */
    reloadAccount: loadAccount,
    /** Sends `session.expired` when a call made with the token answers 401. */
    watchUnauthorized,
  },
  actions: {
    /** Clears the stored token, user and impostor token. */
    forgetSession: () => forgetSession(),
    /** A toast (message id of §8), provided by the app (its effects). */
    notify: (_, _params: { level: 'success' | 'error' | 'info'; id: string }) => {},
    saveCurrentStore: (_, p: { storeId: string | null }) => saveCurrentStore(p.storeId),
    /** §4 administration entry: clear tag, start page, store and impostor token. */
    leaveImpersonation: () => leaveImpersonation(),
    /** A full page load (payment page, or back to administration with the admin's token). */
    loadPage: (_, p: { url: string }) => window.location.assign(p.url),
    /** Starts loading the code of the page the user will likely open first (provided by the app). */
    prefetchStartPage: (_, _params: { path: string }) => {},
    adoptAccount: assign(({ context, event }) => {
      const outcome = (event as unknown as { output: SessionOutcome }).output
      if (outcome.kind === 'signedOut') return {}
      return {
        account: outcome.account,
        currentStoreId: pickStore(outcome.account, context.currentStoreId),
        hasToken: true,
      }
    }),
    adoptReloaded: assign(({ context, event }) => {
      const account = (event as unknown as { output: Account }).output
      return { account, currentStoreId: pickStore(account, context.currentStoreId) }
    }),
    adoptPayment: assign(({ event }) => {
      const outcome = (event as unknown as { output: SessionOutcome }).output
      return outcome.kind === 'payment' ? { account: outcome.account, paymentUrl: outcome.url } : {}
    }),
    tellAccess: sendTo('access', ({ context }) => ({
      type: 'access.subjectChange' as const,
      subject: subjectOf(context),
    })),
    goTo: sendTo('access', (_, params: { to: string }) => ({
      type: 'access.navigate' as const,
      to: params.to,
    })),
  },
  guards: {
    isSignedIn: ({ event }) => (event as unknown as { output: SessionOutcome }).output.kind === 'signedIn',
    needsPayment: ({ event }) => (event as unknown as { output: SessionOutcome }).output.kind === 'payment',
    isImpersonating: ({ context }) => !!context.account?.me.impostorOf,
    canChooseStore: ({ context, event }) => {
      const a = context.account
      if (!a || event.type !== 'session.storeChange') return false
      if (event.storeId === ALL_STORES) return mayChooseAllStores(a.role, a.stores.length)
      return a.stores.some((s) => s.id === event.storeId)
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    hasToken: input.hasToken,
    initialLocation: input.location,
    account: null,
    currentStoreId: input.currentStoreId,
    startPage: input.startPage,
    notice: null,
    paymentUrl: null,
    resumedOn: input.hasToken && isSignedInPath(input.location.path) ? input.location.path : null,
  }),
  invoke: { id: 'access', src: 'access', input: ({ context }) => ({ location: context.initialLocation }) },
  on: {
    'session.noticeShown': { actions: assign({ notice: null }) },
    'session.restart': { target: '.starting', actions: assign({ hasToken: true }) },
  },
  initial: 'starting',
  states: {
    starting: {
      // A stored token is a session being resumed: the page it opens on (a signed-in page) starts
      // loading alongside the account call, which now answers in one round trip and would otherwise
      // wait for the page's code. Without a token nothing is fetched before the login page.
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.resumedOn) enqueue({ type: 'prefetchStartPage', params: { path: context.resumedOn } })
      }),
      invoke: {
        id: 'startup',
        src: 'startup',
        input: ({ context }) => ({ hasToken: context.hasToken }),
        onDone: [
          { guard: 'isSignedIn', target: 'signedIn', actions: 'adoptAccount' },
          { guard: 'needsPayment', target: 'paymentRequired', actions: 'adoptPayment' },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      entry: ['forgetSession', assign({ account: null, hasToken: false, resumedOn: null }), 'tellAccess'],
      invoke: {
        id: 'login',
        src: 'login',
        onDone: [
          { guard: 'isSignedIn', target: 'signedIn', actions: 'adoptAccount' },
          { guard: 'needsPayment', target: 'paymentRequired', actions: 'adoptPayment' },
        ],
      },
    },
    signedIn: {
      entry: [
        'tellAccess',
        // The start page, where a sign-in leads; a resumed session's page is loading already (and
        // fetching the start page's code too would run it on the page the user is actually on).
        enqueueActions(({ context, enqueue }) => {
          if (context.resumedOn) return
          const subject = subjectOf(context)
          const path = fallbackRoute(subject.role, subject.storeCount, subject.startPage)
          enqueue({ type: 'prefetchStartPage', params: { path } })
        }),
      ],
      // Why here: a token revoked or expired mid-session shows as a 401 on whatever call comes next.
      invoke: { id: 'watchUnauthorized', src: 'watchUnauthorized' },
      initial: 'idle',
      states: {
        idle: { on: { 'session.reloadStores': 'reloadingStores' } },
        // After a store is created or its settings change, the shell (store selector, scanner button)
        // follows without a page load; the whole account is read since a first store may change the role.
        reloadingStores: {
          on: { 'session.reloadStores': { target: 'reloadingStores', reenter: true } },
          invoke: {
            id: 'reloadAccount',
            src: 'reloadAccount',
            onDone: { target: 'idle', actions: ['adoptReloaded', 'tellAccess'] },
            onError: 'idle',
          },
        },
      },
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.expired': {
          target: 'loggingOut',
          actions: [
            assign({ notice: 'session.expired' }),
            { type: 'notify', params: { level: 'error', id: 'session.expired' } },
          ],
        },
        'session.storeChange': {
          guard: 'canChooseStore',
          actions: [
            assign({ currentStoreId: ({ event }) => event.storeId }),
            { type: 'saveCurrentStore', params: ({ event }) => ({ storeId: event.storeId }) },
          ],
        },
        'session.accountChange': {
          actions: [assign({ account: ({ event }) => event.account }), 'tellAccess'],
        },
        'session.franchiseChange': {
          // Features decide what the guard lets through, so it hears of the change too.
          actions: [
            assign({
              account: ({ context, event }) =>
                context.account && {
                  ...context.account,
                  franchises: context.account.franchises.map((f) =>
                    f.id === event.franchise.id ? event.franchise : f,
                  ),
                },
            }),
            'tellAccess',
          ],
        },
        'session.administration': [
          // Why a full load: the admin's own token replaces the merchant's, and every cached bit of
          // the merchant's data must go with it.
          {
            guard: 'isImpersonating',
            actions: ['leaveImpersonation', { type: 'loadPage', params: { url: '/pages/admin/dashboard' } }],
          },
          { actions: ['leaveImpersonation', { type: 'goTo', params: { to: '/pages/admin/dashboard' } }] },
        ],
      },
    },
    paymentRequired: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.paymentUrl) enqueue({ type: 'loadPage', params: { url: context.paymentUrl } })
        else {
          enqueue('forgetSession')
          // The guard may not know anyone yet (after startup): tell it, or nothing would render.
          enqueue('tellAccess')
          enqueue({ type: 'goTo', params: { to: '/pages/auth/forbidden' } })
        }
      }),
      on: { 'session.logout': 'loggingOut' },
    },
    loggingOut: {
      // The guard hears of the guest first: told while the user is still known, it would send the
      // signed-in user away from the guest-only login page.
      entry: [assign({ account: null }), 'tellAccess', { type: 'goTo', params: { to: '/login' } }],
      invoke: { id: 'revokeSession', src: 'revokeSession', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
})
