// The signed-in pages of later issues (§2 routes): each shows, inside the shell, the title of its
// navigation entry and an empty state until its issue builds it. The order matters for matching:
// fixed segments ("new", "history") come before parameters.
import { NAV_ENTRIES, type NavItem, navItems } from '../../domain/navigation'

export type SectionRoute = { path: string; navId: string }

export const SECTION_ROUTES: readonly SectionRoute[] = [
  { path: '/pages/loyalty', navId: 'loyalty' },
  { path: '/pages/user/clients', navId: 'clients' },
  { path: '/pages/user/clients/:id', navId: 'clients' },
  { path: '/pages/user/crm', navId: 'crm' },
  { path: '/pages/marketing/list', navId: 'marketing' },
  { path: '/pages/marketing/birthday/:id', navId: 'marketing' },
  { path: '/pages/marketing/lost/:id', navId: 'marketing' },
  { path: '/pages/marketing/new-customer/:id', navId: 'marketing' },
  { path: '/pages/satisfaction', navId: 'satisfaction' },
  { path: '/pages/stores/all', navId: 'stores' },
  { path: '/pages/stores/:id', navId: 'stores' },
  { path: '/pages/stores/:id/opinions', navId: 'stores' },
  { path: '/pages/profile', navId: 'profile' },
  { path: '/pages/franchise', navId: 'franchise' },
  { path: '/pages/owners', navId: 'owners' },
]

/** The navigation entry a section page takes its title and icon from. */
export function sectionEntry(navId: string): NavItem {
  const item = navItems(NAV_ENTRIES).find((e) => e.id === navId)
  if (!item) throw new Error(`No navigation entry "${navId}"`)
  return item
}
