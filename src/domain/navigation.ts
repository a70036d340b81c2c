// The side navigation of SPEC §2 ("Side navigation entries"), filtered by role and by the franchise's
// features with the §6 rules. Each item names a route of src/domain/access.ts and takes its auth list
// and feature from there, so the menu never offers a page the route guard would refuse.
import type en from '../../i18n/en.json'
import { ROUTES, type RouteName, type RouteRule } from './access'
import { hasPermission, type Role } from './roles'

type MessageId = keyof typeof en

/** The icons the shell draws for the entries (src/ui/shell/icons.tsx). */
export type NavIconName =
  | 'dashboard'
  | 'clients'
  | 'clientList'
  | 'crm'
  | 'loyalty'
  | 'validation'
  | 'campaign'
  | 'automation'
  | 'emarketing'
  | 'games'
  | 'satisfaction'
  | 'profileGroup'
  | 'profile'
  | 'store'
  | 'franchise'
  | 'admin'
  | 'owners'
  | 'messages'
  | 'news'
  | 'calendar'

export type NavItem = {
  kind: 'item'
  id: string
  route: RouteName
  /** Where the entry leads. */
  path: string
  icon: NavIconName
  messageId: MessageId
  /** Paths under this prefix mark the entry as the current one (detail pages, editors). */
  section: string
}

export type NavGroup = {
  kind: 'group'
  id: string
  icon: NavIconName
  messageId: MessageId
  children: NavItem[]
}

export type NavEntry = NavItem | NavGroup

const item = (
  id: string,
  route: RouteName,
  icon: NavIconName,
  messageId: MessageId,
  section?: string,
): NavItem => ({
  kind: 'item',
  id,
  route,
  path: ROUTES[route].path,
  icon,
  messageId,
  section: section ?? ROUTES[route].path,
})

/** Every entry, in the order of §2. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  item('dashboard', 'analytics', 'dashboard', 'nav.dashboard', '/pages/dashboards'),
  {
    kind: 'group',
    id: 'clientBase',
    icon: 'clients',
    messageId: 'nav.clientBase',
    children: [item('clients', 'clients', 'clientList', 'nav.clients'), item('crm', 'crm', 'crm', 'nav.crm')],
  },
  item('loyalty', 'loyalty', 'loyalty', 'nav.loyalty'),
  item('validation', 'confirmation', 'validation', 'nav.validation'),
  item('campaign', 'campaignHistory', 'campaign', 'nav.campaign', '/pages/campaign'),
  // Issue 19: beside the campaigns, the news and happy hours and the calendar of what runs when.
  item('news', 'news', 'news', 'nav.news'),
  item('offersCalendar', 'offersCalendar', 'calendar', 'nav.offersCalendar', '/pages/offers'),
  item('marketing', 'marketing', 'automation', 'nav.marketing', '/pages/marketing'),
  item('emarketing', 'emarketing', 'emarketing', 'nav.emarketing'),
  item('messages', 'messages', 'messages', 'nav.messages'),
  item('games', 'games', 'games', 'nav.games', '/pages/games'),
  item('satisfaction', 'satisfaction', 'satisfaction', 'nav.satisfaction'),
  {
    kind: 'group',
    id: 'profileGroup',
    icon: 'profileGroup',
    messageId: 'nav.profileGroup',
    children: [
      item('profile', 'profile', 'profile', 'nav.profile'),
      item('stores', 'stores', 'store', 'nav.stores', '/pages/stores'),
      item('franchise', 'franchise', 'franchise', 'nav.franchise'),
    ],
  },
  item('admin', 'admin', 'admin', 'nav.admin', '/pages/admin'),
  item('owners', 'owners', 'owners', 'nav.owners'),
]

/** §6: the route's auth list passes for the role, and its feature (GAME) is enabled for the franchise. */
export function canSee(entry: NavItem, role: Role | null, features: readonly string[]): boolean {
  const rule: RouteRule = ROUTES[entry.route]
  // An empty list means "guests only" (login): never a navigation entry.
  if (!rule.auth || rule.auth.length === 0) return false
  return hasPermission(rule.auth, role) && (!rule.feature || features.includes(rule.feature))
}

/** The entries a user sees; a group with no visible child is left out. */
export function visibleEntries(role: Role | null, features: readonly string[]): NavEntry[] {
  const out: NavEntry[] = []
  for (const entry of NAV_ENTRIES) {
    if (entry.kind === 'item') {
      if (canSee(entry, role, features)) out.push(entry)
      continue
    }
    const children = entry.children.filter((c) => canSee(c, role, features))
    if (children.length > 0) out.push({ ...entry, children })
  }
  return out
}

/** The items of a list of entries, groups flattened in order. */
export function navItems(entries: readonly NavEntry[]): NavItem[] {
  return entries.flatMap((e) => (e.kind === 'item' ? [e] : e.children))
}

/** The item the path belongs to (the longest matching section), or null. */
export function currentItem(entries: readonly NavEntry[], path: string): NavItem | null {
  let best: NavItem | null = null
  for (const entry of navItems(entries)) {
    const inSection = path === entry.section || path.startsWith(`${entry.section}/`)
    if (inSection && (!best || entry.section.length > best.section.length)) best = entry
  }
  return best
}

/** The item of any entry by id or path, for shortcuts kept in the user's settings. */
export function findItem(entries: readonly NavEntry[], key: string): NavItem | null {
  return navItems(entries).find((e) => e.id === key || e.path === key) ?? null
}
