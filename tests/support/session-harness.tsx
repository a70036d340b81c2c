// Renders the app (or any part of it) on the REAL session, startup, login and access machines and the
// auth pages' machines, with fake actors in place of the HTTP calls: a small in-memory back end that
// knows the demo accounts of tests/support/fixtures.ts and answers like the server (ApiError codes of
// §8). The router lives in memory; the access machine's `navigate` and location watcher are wired to
// it, so redirects happen exactly as in the browser and the test reads where the user ended up.
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate'
import type { Location } from '../../machines/access/access.machine'
import { confirmationMachine, type Offer } from '../../machines/confirmation/confirmation.machine'
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine'
import { loginMachine } from '../../machines/login/login.machine'
import { registerMachine, type SignUpInput } from '../../machines/register/register.machine'
import { registerConfirmMachine } from '../../machines/register-confirm/register-confirm.machine'
import { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine'
import type { Account } from '../../machines/session/account'
import { accessForSession, sessionMachine } from '../../machines/session/session.machine'
import { startupMachine } from '../../machines/startup/startup.machine'
import { Gate } from '../../src/App'
import { ApiError } from '../../src/api/client'
import type { Locale } from '../../src/domain/locale'
import { type AppEffects, AppEffectsProvider, browserEffects } from '../../src/ui/effects/app-effects'
import { AppIntlProvider } from '../../src/ui/i18n/IntlProvider'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { SessionContext } from '../../src/ui/session/SessionContext'
import { account } from './fixtures'

export type AccountKind = Parameters<typeof account>[0]

/** The demo accounts the fake back end knows, all with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'demo-password'
export const DEMO_USERS: Record<string, AccountKind> = {
  'owner@demo.test': 'owner',
  'storeless@demo.test': 'storeless',
  'admin@demo.test': 'admin',
  'registered@demo.test': 'registered',
  'unpaid@demo.test': 'unpaid',
  'customer@demo.test': 'customer',
}
/** The one reset token the fake back end accepts (the secret of a mailed link). */
export const VALID_RESET_TOKEN = 'Zq1x8r7LmN2b4V6c9D0f3G5hK2'
/** The one sign-up link secret the fake back end accepts. */
export const VALID_SIGN_UP_TOKEN = 'Sg7n2Up4Lk9x1Qw3Er5Ty8Ui0OpA'
export const PAYMENT_URL = 'http://localhost:3000/checkout/5a3c0e7e-2f47-4d4b-9a51-0b8a6a1d7c11'
export const OFFER: Offer = {
  plan: { id: 'loyalty-pro-monthly', name: 'Loyalty Pro', amountCents: 4900, currencyCode: 'EUR' },
  url: PAYMENT_URL,
}

export type FakeApi = {
  signIn: (input: { email: string; password: string }) => Promise<{ id: string; userId: string }>
  loadAccount: () => Promise<Account>
  fetchPaymentLink: () => Promise<string | null>
  revokeSession: () => Promise<void>
  /** Sends the sign-up mail; the same answer for every address (issue 34). */
  signUp: (input: SignUpInput) => Promise<void>
  /** The mailed sign-up link: creates the account (the new REGISTERED user is then signed in). */
  confirmSignUp: (input: { token: string }) => Promise<void>
  requestPasswordReset: (input: { email: string }) => Promise<void>
  resetPassword: (input: { token: string; password: string }) => Promise<void>
  acceptTerms: () => Promise<void>
  loadOffer: () => Promise<Offer | null>
}

type Mocked<T> = { [K in keyof T]: T[K] & ReturnType<typeof vi.fn> }

/** The memory router plus a way for the access machine to watch it, as it watches history in the app. */
export function harnessLocation(initial: string) {
  const memory = memoryLocation({ path: initial, record: true })
  const listeners = new Set<() => void>()
  let current = initial
  const navigate = (to: string, options?: { replace?: boolean }) => {
    memory.navigate(to, options)
    current = to
    for (const listener of listeners) listener()
  }
  // Links and `useLocation` navigate through the hook: route them through `navigate` too.
  const hook = Object.assign(() => [memory.hook()[0], navigate] as [string, typeof navigate], {
    searchHook: memory.searchHook,
  })
  return {
    hook,
    searchHook: memory.searchHook,
    navigate,
    /** Every path visited (a redirect replaces the entry it leaves, as `navigate(…, { replace })` does). */
    history: memory.history,
    /** The current path and query, e.g. "/login?redirect=%2Fpages%2Fuser%2Fclients". */
    get current() {
      return current
    },
    get location(): Location {
      const [path = '/', query] = current.split('?')
      return { path, search: query ? `?${query}` : '' }
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
export type HarnessLocation = ReturnType<typeof harnessLocation>

/** The app's effects over the memory router (toasts as the app shows them). */
export function harnessEffects(location: HarnessLocation): AppEffects {
  return {
    ...browserEffects,
    navigate: location.navigate,
    location: { read: () => location.location, subscribe: location.subscribe },
  }
}

/** A fake back end in memory: who is signed in is the only state it keeps. */
export function fakeApi(signedInAs: AccountKind | null = null, overrides: Partial<FakeApi> = {}) {
  let current: AccountKind | null = signedInAs
  const wrongCredentials = () => new ApiError(401, 'LOGIN_FAILED', 'Wrong e-mail or password')
  const defaults: FakeApi = {
    signIn: async ({ email, password }) => {
      const kind = DEMO_USERS[email.toLowerCase()]
      if (!kind || password !== DEMO_PASSWORD) throw wrongCredentials()
      current = kind
      return { id: `token-of-${kind}`, userId: account(kind).info.id }
    },
    loadAccount: async () => {
      if (!current) throw new ApiError(401, 'UNAUTHORIZED', 'Invalid access_token')
      return account(current)
    },
    fetchPaymentLink: async () => PAYMENT_URL,
    revokeSession: async () => {
      current = null
    },
    signUp: async () => {},
    confirmSignUp: async ({ token }) => {
      if (token !== VALID_SIGN_UP_TOKEN)
        throw new ApiError(400, 'SIGN_UP_LINK_INVALID', 'This link is invalid or has expired', {
          field: 'token',
        })
      current = 'registered'
    },
    requestPasswordReset: async () => {},
    resetPassword: async ({ token }) => {
      if (token !== VALID_RESET_TOKEN)
        throw new ApiError(400, 'RESET_LINK_INVALID', 'This link is invalid or has expired', {
          field: 'token',
        })
    },
    acceptTerms: async () => {},
    loadOffer: async () => OFFER,
  }
  const merged = { ...defaults, ...overrides }
  return Object.fromEntries(Object.entries(merged).map(([k, fn]) => [k, vi.fn(fn)])) as Mocked<FakeApi>
}

/** What the app did outside the machines: full page loads, toasts, storage clean-ups. */
export type Effects = {
  pageLoads: string[]
  notices: { level: string; id: string }[]
  forgetSession: number
}

/** The session machine with the fake actors, and the access machine on the memory router. */
export function harnessSessionLogic(api: FakeApi, location: HarnessLocation, effects: Effects) {
  const loadAccount = fromPromise<Account>(() => api.loadAccount())
  const revokeSession = fromPromise<void>(() => api.revokeSession())
  const fetchPaymentLink = fromPromise<string | null>(() => api.fetchPaymentLink())
  const notify = (_: unknown, p: { level: string; id: string }) => effects.notices.push(p)
  return sessionMachine.provide({
    actors: {
      startup: startupMachine.provide({ actors: { loadAccount, revokeSession, fetchPaymentLink } }),
      login: loginMachine.provide({
        actors: {
          signIn: fromPromise<{ id: string; userId: string }, { email: string; password: string }>(
            ({ input }) => api.signIn(input),
          ),
          loadAccount,
          revokeSession,
          fetchPaymentLink,
        },
        actions: { notify },
      }),
      access: accessForSession.provide({
        actors: {
          watchLocation: fromCallback(({ sendBack }) =>
            location.subscribe(() =>
              sendBack({ type: 'access.locationChange', location: location.location }),
            ),
          ),
        },
        actions: { navigate: (_, p: { to: string }) => location.navigate(p.to, { replace: true }) },
      }),
      revokeSession,
      reloadAccount: loadAccount,
    },
    actions: {
      forgetSession: () => {
        effects.forgetSession += 1
      },
      notify,
      saveCurrentStore: () => {},
      leaveImpersonation: () => {},
      loadPage: (_, p: { url: string }) => effects.pageLoads.push(p.url),
    },
  })
}

/** The auth pages' machines with the fake actors, handed to the pages through ProvidedMachines. */
export function harnessAuthMachines(api: FakeApi, effects: Effects) {
  return [
    registerMachine.provide({
      actors: { signUp: fromPromise<void, SignUpInput>(({ input }) => api.signUp(input)) },
    }),
    registerConfirmMachine.provide({
      actors: {
        confirmSignUp: fromPromise<void, { token: string }>(({ input }) => api.confirmSignUp(input)),
      },
    }),
    forgotPasswordMachine.provide({
      actors: {
        requestPasswordReset: fromPromise<void, { email: string }>(({ input }) =>
          api.requestPasswordReset(input),
        ),
      },
    }),
    resetPasswordMachine.provide({
      actors: {
        resetPassword: fromPromise<void, { token: string; password: string }>(({ input }) =>
          api.resetPassword(input),
        ),
      },
    }),
    // jsdom cannot leave the page: the payment page's load is recorded instead.
    confirmationMachine.provide({
      actors: {
        acceptTerms: fromPromise<void>(() => api.acceptTerms()),
        loadOffer: fromPromise<Offer | null>(() => api.loadOffer()),
      },
      actions: { loadPage: (_, p: { url: string }) => effects.pageLoads.push(p.url) },
    }),
  ]
}

export type RenderAppOptions = {
  /** Where the browser opens (path and query). */
  path?: string
  /** English by default so assertions read naturally; null detects it from the browser like the app. */
  locale?: Locale | null
  /** A stored token of this account: startup signs it in. Without one the visitor is a guest. */
  signedInAs?: AccountKind
  /** Replace some fake calls (e.g. a failing one). */
  api?: Partial<FakeApi>
  /** What to render inside the providers; the app's gate and routes by default. */
  ui?: ReactElement
  /** The top bar's saved choice (a store id or ALL_STORES), as the browser storage would give it. */
  currentStoreId?: string | null
}

/** Renders inside the app's providers on the real machines; returns the user, the router and the fakes. */
export function renderApp({
  path = '/',
  locale = 'en',
  signedInAs,
  api,
  ui,
  currentStoreId = null,
}: RenderAppOptions = {}) {
  const location = harnessLocation(path)
  const fakes = fakeApi(signedInAs ?? null, api)
  const effects: Effects = { pageLoads: [], notices: [], forgetSession: 0 }
  const logic = harnessSessionLogic(fakes, location, effects)
  const input = {
    hasToken: signedInAs !== undefined,
    location: location.location,
    startPage: null,
    currentStoreId,
  }
  let session: ActorRefFrom<typeof logic> | null = null
  const Probe = () => {
    session = SessionContext.useActorRef()
    return null
  }
  const user = userEvent.setup()
  const utils = render(
    <AppIntlProvider locale={locale ?? undefined}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {/* The app's effects on the memory router: pages navigate and read the address through it. */}
        <AppEffectsProvider value={harnessEffects(location)}>
          <ProvidedMachines machines={harnessAuthMachines(fakes, effects)}>
            <SessionContext.Provider logic={logic} options={{ input }}>
              <Probe />
              {ui ?? <Gate />}
            </SessionContext.Provider>
          </ProvidedMachines>
        </AppEffectsProvider>
      </Router>
    </AppIntlProvider>,
  )
  return {
    user,
    location,
    api: fakes,
    effects,
    /** The running session actor (to read its state or send it events). */
    session: () => session!,
    ...utils,
  }
}
