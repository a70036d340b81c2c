// Roles, groups and the permission check of SPEC §6, and the effective-role rule of §4. Used by the
// browser's route guards and by the server, which is the authority.

export const ROLES = [
  'LB_API',
  'LB_SALE',
  'LB_TECH',
  'LB_DISTRIBUTOR',
  'FRANCHISE_OWNER',
  'STORE_OWNER',
  'CUSTOMER',
  'REGISTERED',
] as const
export type Role = (typeof ROLES)[number]

export const ADMIN_ROLES = ['LB_SALE', 'LB_TECH', 'LB_DISTRIBUTOR'] as const satisfies readonly Role[]
export const OWNER_ROLES = ['FRANCHISE_OWNER', 'STORE_OWNER'] as const satisfies readonly Role[]
export const FULL_ACCESS_ROLES = ['FRANCHISE_OWNER'] as const satisfies readonly Role[]
export const REGISTERED_ROLES = ['REGISTERED'] as const satisfies readonly Role[]

/** The named groups of §6; a route's auth list is one of these (or absent: open to all). */
export const GROUPS = {
  admin: ADMIN_ROLES,
  owner: OWNER_ROLES,
  fullAccess: FULL_ACCESS_ROLES,
  registered: REGISTERED_ROLES,
  /** Only visitors who are not signed in. */
  onlyGuest: [] as readonly Role[],
} as const
export type Group = keyof typeof GROUPS

export function isAdminRole(role: string | null | undefined): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role ?? '')
}
export function isOwnerRole(role: string | null | undefined): boolean {
  return (OWNER_ROLES as readonly string[]).includes(role ?? '')
}
/** Only admin or owner roles may sign in (§4 Login, §6). */
export function canSignIn(role: string | null | undefined): boolean {
  return isAdminRole(role) || isOwnerRole(role)
}

export type RoleSubject = { role: string; hasAcceptedCgv: boolean; isSubscribedRetailer: boolean }

/**
 * §4 Effective role: staff roles are kept; otherwise terms not accepted → REGISTERED; accepted but
 * not a subscribed retailer → no role; a subscribed retailer keeps its role.
 */
export function effectiveRole(user: RoleSubject): Role | null {
  if (isAdminRole(user.role)) return user.role as Role
  if (!user.hasAcceptedCgv) return 'REGISTERED'
  if (!user.isSubscribedRetailer) return null
  return (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : null
}

/**
 * §6 Permission check: no auth list → open; an empty list → only users without a role (guests);
 * otherwise the role must be in the list.
 */
export function hasPermission(auth: readonly string[] | undefined, role: string | null | undefined): boolean {
  if (auth === undefined) return true
  if (auth.length === 0) return !role
  return !!role && auth.includes(role)
}

/**
 * The franchise's own settings (the CRM registration form, e-marketing): the franchise manager's only
 * (issue 21, §9); a store owner reaching those pages is told to ask them.
 */
export function managesFranchiseSettings(role: string | null | undefined): boolean {
  return hasPermission(GROUPS.fullAccess, role)
}

/** The label the user menu shows for a role (§1): admin, registered, store owner, franchise owner. */
export type RoleLabel = 'admin' | 'registered' | 'storeOwner' | 'franchiseOwner' | 'none'
export function roleLabel(role: string | null | undefined): RoleLabel {
  if (isAdminRole(role)) return 'admin'
  if (role === 'REGISTERED') return 'registered'
  if (role === 'STORE_OWNER') return 'storeOwner'
  if (role === 'FRANCHISE_OWNER') return 'franchiseOwner'
  return 'none'
}
