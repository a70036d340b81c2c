// The route guard (§4 Access, §2 fallback route). It follows the location (a callback actor turns
// history changes into events) and the session's subject, and redirects when a route is denied:
// no role → login carrying the attempted path (honoured after login); registered → confirmation;
// admin → administration; others → the route's redirect or the root. Feature gates (GAME) too.
import { assign, fromCallback, setup } from 'xstate'
import {
  type AccessSubject,
  decideAccess,
  fallbackRoute,
  matchRoute,
  ROUTES,
  safeRedirect,
} from '../../src/domain/access'

const LOGOUT_PATH = '/logout'
const LOGIN_PATH_VALUE = '/login'

export type Subject = AccessSubject & { storeCount: number; startPage: string | null }
export type Location = { path: string; search: string }

export type AccessContext = {
  location: Location
  /** null while the session is still starting: nothing is decided before auto-login ends. */
  subject: Subject | null
  redirect: string | null
}

export type AccessEvent =
  | { type: 'access.locationChange'; location: Location }
  | { type: 'access.subjectChange'; subject: Subject }
  | { type: 'access.navigate'; to: string }

/** Where the current location must go, or null when it may stay. */
export function redirectFor(location: Location, subject: Subject): string | null {
  const { path, search } = location
  if (path === '/' || path === '') return fallbackRoute(subject.role, subject.storeCount, subject.startPage)
  const rule = matchRoute(path)
  if (!rule) return null
  // A signed-in user on a guest-only page (login): continue where the login was asked for.
  if (rule.auth && rule.auth.length === 0 && subject.role) {
    const wanted = safeRedirect(new URLSearchParams(search).get('redirect'))
    return wanted ?? fallbackRoute(subject.role, subject.storeCount, subject.startPage)
  }
  const decision = decideAccess(rule, subject, `${path}${search}`)
  if (decision.allow) return null
  // §2 A store-less owner's root is the stores list: keep that rule ahead of the generic one.
  return decision.redirect === '/'
    ? fallbackRoute(subject.role, subject.storeCount, subject.startPage)
    : decision.redirect
}

export const accessMachine = setup({
  types: {
    input: {} as { location: Location },
    context: {} as AccessContext,
    events: {} as AccessEvent,
  },
  actors: {
    watchLocation: fromCallback(() => () => {}),
  },
  actions: {
    /** Provided by the session, which owns logging out (the access machine also runs on its own in tests). */
    requestLogout: () => {},
    // Provided by the app (wouter's navigate, replacing the entry); tests record the calls.
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    isLogoutPath: ({ context }) => context.location.path === LOGOUT_PATH,
    isDenied: ({ context }) => !!context.subject && redirectFor(context.location, context.subject) !== null,
    isKnown: ({ context }) => context.subject !== null,
  },
}).createMachine({
  id: 'access',
  context: ({ input }) => ({ location: input.location, subject: null, redirect: null }),
  invoke: { id: 'watchLocation', src: 'watchLocation' },
  initial: 'waiting',
  on: {
    'access.locationChange': {
      target: '.deciding',
      actions: assign({ location: ({ event }) => event.location }),
    },
    'access.subjectChange': {
      target: '.deciding',
      actions: assign({ subject: ({ event }) => event.subject }),
    },
    'access.navigate': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
  },
  states: {
    waiting: {},
    deciding: {
      always: [
        // §2 /logout: any visitor; a signed-in one is logged out by the session, then all go to login.
        { guard: 'isLogoutPath', target: 'loggingOut' },
        { guard: 'isDenied', target: 'redirecting' },
        { guard: 'isKnown', target: 'allowed' },
        { target: 'waiting' },
      ],
    },
    allowed: { entry: assign({ redirect: null }) },
    loggingOut: {
      entry: [
        'requestLogout',
        assign({ redirect: LOGIN_PATH_VALUE }),
        { type: 'navigate', params: { to: LOGIN_PATH_VALUE } },
      ],
    },
    // Why a state: while the redirect is under way the page must not render the denied route.
    redirecting: {
      entry: [
        assign({ redirect: ({ context }) => redirectFor(context.location, context.subject!) }),
        { type: 'navigate', params: ({ context }) => ({ to: context.redirect! }) },
      ],
    },
  },
})

export const LOGIN_PATH = ROUTES.login.path
