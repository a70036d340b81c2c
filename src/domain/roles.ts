// Roles and groups of SPEC §6; the effective-role rule of §4 is added with the auth issue.

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

export function isAdminRole(role: string | null | undefined): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role ?? '')
}
