// What a signed-in session knows about its user, and the rules that route it (§4). Shared by the
// startup, login and session machines.
import type { Category, Me, UserInfo } from '../../src/domain/auth'
import type { FranchiseSummary, StoreSummary } from '../../src/domain/franchise'
import { canSignIn, effectiveRole, isAdminRole, isOwnerRole, type Role } from '../../src/domain/roles'

export type Account = {
  me: Me
  info: UserInfo
  /** §4 effective role. */
  role: Role | null
  isSuperAdmin: boolean
  franchises: FranchiseSummary[]
  stores: StoreSummary[]
  categories: Category[]
}

/** Where an account goes once known: the outcome of startup and of login. */
export type SessionOutcome =
  | { kind: 'signedOut'; message?: string }
  | { kind: 'signedIn'; account: Account }
  | { kind: 'payment'; account: Account; url: string | null }

export function buildAccount(
  me: Me,
  info: UserInfo,
  franchises: FranchiseSummary[],
  stores: StoreSummary[],
  categories: Category[],
): Account {
  const role = effectiveRole({
    role: info.role,
    hasAcceptedCgv: info.hasAcceptedCGV,
    isSubscribedRetailer: info.isSubscribedRetailer,
  })
  return { me, info, role, isSuperAdmin: isAdminRole(info.role), franchises, stores, categories }
}

export const mayUseApp = (info: Pick<UserInfo, 'role'>) => canSignIn(info.role)
export const needsTerms = (a: Account) => !a.isSuperAdmin && !a.info.hasAcceptedCGV
export const needsSubscription = (a: Account) =>
  !a.isSuperAdmin && a.info.hasAcceptedCGV && !a.info.isSubscribedRetailer
export const isOwnerAccount = (a: Account) => isOwnerRole(a.role)
