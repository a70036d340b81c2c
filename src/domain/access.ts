// The route table's access rules (SPEC §2 "Access" column, §4 Access, §2 fallback route), pure, so that
// the route guard machine and the navigation both use them and tests can check them directly.
import type { Feature } from './constants'
import { GROUPS, hasPermission, isAdminRole, type Role } from './roles'

export type RouteRule = {
  /** wouter-style pattern. */
  path: string
  /** Roles allowed; undefined: open to everyone. */
  auth?: readonly Role[]
  feature?: Feature
  /** Where a denied user who is signed in goes (else the root). */
  redirectUrl?: string
  /**
   * Roles let in although `auth` refuses them, so that the page itself tells them to contact the
   * franchise manager (§6); the navigation still follows `auth`.
   */
  warnRoles?: readonly Role[]
}

export const ROUTES = {
  login: { path: '/login', auth: GROUPS.onlyGuest },
  register: { path: '/register', auth: GROUPS.onlyGuest },
  // The mailed sign-up link (issue 34): for guests, as sign-up; once it signed the new account in, the
  // guard takes it on to account confirmation.
  registerConfirm: { path: '/register/confirm', auth: GROUPS.onlyGuest },
  forgotPassword: { path: '/pages/auth/forgot-password' },
  resetPassword: { path: '/pages/auth/reset-password' },
  forbidden: { path: '/pages/auth/forbidden' },
  confirmation: { path: '/pages/confirmation', auth: GROUPS.registered },
  analytics: { path: '/pages/dashboards/analytics', auth: GROUPS.owner },
  // §2: the demo pages are "as the real ones" (the exact gate is not shown): owners.
  demoAnalytics: { path: '/pages/demo/analytics', auth: GROUPS.owner },
  demoLoyalty: { path: '/pages/demo/loyalty', auth: GROUPS.owner },
  demoClients: { path: '/pages/demo/clients', auth: GROUPS.owner },
  loyalty: { path: '/pages/loyalty', auth: GROUPS.owner },
  clients: { path: '/pages/user/clients', auth: GROUPS.owner },
  clientImport: { path: '/pages/user/clients/import', auth: GROUPS.fullAccess },
  client: { path: '/pages/user/clients/:id', auth: GROUPS.owner },
  crm: { path: '/pages/user/crm', auth: GROUPS.fullAccess },
  campaignNew: { path: '/pages/campaign/new', auth: GROUPS.owner },
  campaignHistory: { path: '/pages/campaign/history', auth: GROUPS.owner },
  campaignEdit: { path: '/pages/campaign/:id/edit', auth: GROUPS.owner },
  campaign: { path: '/pages/campaign/:id', auth: GROUPS.owner },
  // Issue 19: the news history (§2 names the screen, not its path) and the offers calendar (§2: access
  // "not shown"; owners, like the campaign pages it sits with).
  news: { path: '/pages/news', auth: GROUPS.owner },
  offersCalendar: { path: '/pages/offers/calendar', auth: GROUPS.owner },
  // Issue 21: full access (§6: the franchise manager sets it up); a store owner is told to ask them.
  emarketing: { path: '/pages/e-marketing', auth: GROUPS.fullAccess, warnRoles: ['STORE_OWNER'] },
  marketing: { path: '/pages/marketing/list', auth: GROUPS.fullAccess },
  marketingBirthday: { path: '/pages/marketing/birthday/:id', auth: GROUPS.fullAccess },
  marketingLost: { path: '/pages/marketing/lost/:id', auth: GROUPS.fullAccess },
  marketingNewCustomer: { path: '/pages/marketing/new-customer/:id', auth: GROUPS.fullAccess },
  satisfaction: { path: '/pages/satisfaction', auth: GROUPS.owner },
  games: { path: '/pages/games/history', auth: GROUPS.owner, feature: 'GAME' },
  gameNew: { path: '/pages/games/new', auth: GROUPS.owner, feature: 'GAME' },
  game: { path: '/pages/games/:id', auth: GROUPS.owner, feature: 'GAME' },
  gameEdit: { path: '/pages/games/:id/edit', auth: GROUPS.owner, feature: 'GAME' },
  stores: { path: '/pages/stores/all', auth: GROUPS.owner },
  store: { path: '/pages/stores/:id', auth: GROUPS.owner },
  storeOpinions: { path: '/pages/stores/:id/opinions', auth: GROUPS.owner },
  profile: { path: '/pages/profile', auth: GROUPS.owner },
  franchise: { path: '/pages/franchise', auth: GROUPS.fullAccess },
  /** Issue 19: the SMS and pushes sent to the franchise's customers (the outbox). */
  messages: { path: '/pages/messages', auth: GROUPS.fullAccess },
  /** Issue 34: the counter redeems a coupon by its code (the coupon's QR code opens it with the code). */
  coupons: { path: '/pages/coupons', auth: GROUPS.owner },
  couponRedeem: { path: '/pages/coupons/:code', auth: GROUPS.owner },
  owners: { path: '/pages/owners', auth: GROUPS.fullAccess, warnRoles: ['STORE_OWNER'] },
  admin: { path: '/pages/admin/dashboard', auth: GROUPS.admin },
  franchisePanel: { path: '/pages/admin/franchise-panel/:id', auth: GROUPS.admin },
  tagScanner: { path: '/stores/:storeId/tags/:id/scanner', auth: GROUPS.owner },
  /** The customers' page a tag's QR code opens: public, no login. */
  scan: { path: '/scan/:uid' },
  /** A campaign coupon a customer's short link `/r/:code` leads to: public, no login (issue 18). */
  coupon: { path: '/coupon/:code' },
  /** A gift wheel's play page, from a link or a QR code per game and store: public, no login (issue 22). */
  gamePlay: { path: '/game/:id' },
  /** A franchise's e-marketing landing page (issue 21): public, no login. */
  landing: { path: '/e/:slug' },
} as const satisfies Record<string, RouteRule>
export type RouteName = keyof typeof ROUTES

export const DEFAULT_START_PAGE = ROUTES.analytics.path
export const ADMIN_HOME = ROUTES.admin.path

export type AccessSubject = { role: Role | null; features: readonly string[] }
export type AccessDecision = { allow: true } | { allow: false; redirect: string }

/**
 * §4 Access: granted when the role passes the auth list and any required feature is present. Denied:
 * no role → login carrying the attempted path; registered → confirmation; admin → administration;
 * anyone else → the route's redirect URL or the root.
 */
export function decideAccess(rule: RouteRule, subject: AccessSubject, attemptedPath: string): AccessDecision {
  const roleOk =
    hasPermission(rule.auth, subject.role) ||
    (!!subject.role && (rule.warnRoles as readonly string[] | undefined)?.includes(subject.role) === true)
  const featureOk = !rule.feature || subject.features.includes(rule.feature)
  if (roleOk && featureOk) return { allow: true }
  if (!subject.role) {
    // A guest-only page (login) is not a place to come back to.
    if (rule.auth && rule.auth.length === 0) return { allow: true }
    return { allow: false, redirect: `${ROUTES.login.path}?redirect=${encodeURIComponent(attemptedPath)}` }
  }
  if (subject.role === 'REGISTERED') return { allow: false, redirect: ROUTES.confirmation.path }
  if (isAdminRole(subject.role)) return { allow: false, redirect: ADMIN_HOME }
  return { allow: false, redirect: rule.redirectUrl ?? '/' }
}

/** §2 Fallback route: no stores → the stores list; otherwise the saved start page, analytics by default. */
export function fallbackRoute(role: Role | null, storeCount: number, startPage: string | null): string {
  if (!role) return ROUTES.login.path
  if (role === 'REGISTERED') return ROUTES.confirmation.path
  if (isAdminRole(role)) return ADMIN_HOME
  if (storeCount === 0) return ROUTES.stores.path
  return startPage?.startsWith('/pages/') ? startPage : DEFAULT_START_PAGE
}

/** Only same-site paths are followed after login (no open redirect). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  if (target.startsWith(ROUTES.login.path)) return null
  return target
}

/**
 * The customers' pages (no login): served from their own small entry (public.html), so that a customer
 * scanning a QR code downloads none of the back-office. The landing and game pages join this list.
 */
export const PUBLIC_PAGES: readonly RouteRule[] = [
  ROUTES.scan,
  ROUTES.coupon,
  ROUTES.gamePlay,
  ROUTES.landing,
]

/** Whether a path (without its query) is one of the public pages. */
export function isPublicPage(path: string): boolean {
  const rule = matchRoute(path)
  return !!rule && PUBLIC_PAGES.includes(rule)
}

/** The rule of the first route whose pattern matches the path (":x" matches one segment). */
export function matchRoute(path: string): RouteRule | null {
  const parts = path.replace(/\/+$/, '').split('/')
  for (const rule of Object.values(ROUTES) as RouteRule[]) {
    const pattern = rule.path.split('/')
    if (pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]))
      return rule
  }
  return null
}

// ——— Whose clients a caller reaches (issue 16) ———

/**
 * What part of a franchise's clients a caller reaches: a franchise owner (or staff) every client of its
 * franchises; a store owner only the clients linked to one of its stores.
 */
export type ClientReach = { kind: 'franchise' } | { kind: 'stores'; storeIds: readonly string[] }

/** A client is reached through its franchise, or for a store owner through a link to one of its stores. */
export function reachesClient(reach: ClientReach, clientStoreIds: readonly string[]): boolean {
  return reach.kind === 'franchise' || clientStoreIds.some((id) => reach.storeIds.includes(id))
}

/**
 * Deleting a client erases it from every store: a store owner may do it only when every store the
 * client is linked to is one of its own. A client shared with another store is the franchise's.
 */
export function canDeleteClient(reach: ClientReach, clientStoreIds: readonly string[]): boolean {
  if (reach.kind === 'franchise') return true
  return clientStoreIds.length > 0 && clientStoreIds.every((id) => reach.storeIds.includes(id))
}

/**
 * A store owner links a client of another store of the franchise to its own only when the customer is
 * at the counter: the phone or e-mail typed in the store (already normalised) is the client's. An id
 * alone proves nothing: ids leak through links, logs and screenshots.
 */
export function canLinkClient(
  reach: ClientReach,
  client: { phone: string | null; email: string | null },
  typed: { phone: string | null; email: string | null },
): boolean {
  if (reach.kind === 'franchise') return true
  const samePhone = !!typed.phone && typed.phone === client.phone
  const sameEmail = !!typed.email && !!client.email && typed.email === client.email.trim().toLowerCase()
  return samePhone || sameEmail
}
