import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { matchRoute, ROUTES, type RouteRule } from '../../src/domain/access'
import {
  currentItem,
  findItem,
  NAV_ENTRIES,
  type NavEntry,
  navItems,
  visibleEntries,
} from '../../src/domain/navigation'
import type { Role } from '../../src/domain/roles'
import { SECTION_ROUTES, sectionEntry } from '../../src/features/shell/sections'

const ids = (entries: NavEntry[]) => navItems(entries).map((e) => e.id)
const shape = (entries: NavEntry[]) =>
  entries.map((e) => (e.kind === 'item' ? e.id : `${e.id}(${e.children.map((c) => c.id).join(',')})`))

describe('side navigation entries (§2)', () => {
  it('lists every §2 entry once, in order, each leading to its route', () => {
    expect(shape([...NAV_ENTRIES])).toEqual([
      'dashboard',
      'clientBase(clients,crm)',
      'loyalty',
      'validation',
      'campaign',
      'news',
      'offersCalendar',
      'marketing',
      'emarketing',
      'messages',
      'games',
      'satisfaction',
      'profileGroup(profile,stores,franchise)',
      'admin',
      'owners',
    ])
    for (const item of navItems([...NAV_ENTRIES])) {
      expect(item.path).toBe(ROUTES[item.route].path)
      expect(item.path.startsWith(item.section)).toBe(true)
    }
  })

  it('names every entry with a message id of both catalogues', () => {
    const read = (l: string) =>
      JSON.parse(readFileSync(join(import.meta.dirname, `../../i18n/${l}.json`), 'utf8')) as Record<
        string,
        string
      >
    const en = read('en')
    const fr = read('fr')
    const messageIds = NAV_ENTRIES.flatMap((e) => [
      e.messageId,
      ...(e.kind === 'group' ? e.children.map((c) => c.messageId) : []),
    ])
    for (const id of messageIds) {
      expect(en[id], id).toBeTruthy()
      expect(fr[id], id).toBeTruthy()
    }
  })
})

describe('visibleEntries (§6)', () => {
  const franchiseOwner = (features: string[] = []) => visibleEntries('FRANCHISE_OWNER', features)

  it('shows a franchise owner (full access) everything but administration and validation; games with GAME', () => {
    expect(shape(franchiseOwner(['GAME']))).toEqual([
      'dashboard',
      'clientBase(clients,crm)',
      'loyalty',
      'campaign',
      'news',
      'offersCalendar',
      'marketing',
      'emarketing',
      'messages',
      'games',
      'satisfaction',
      'profileGroup(profile,stores,franchise)',
      'owners',
    ])
  })

  it('hides games without the GAME feature', () => {
    expect(ids(franchiseOwner())).not.toContain('games')
    expect(ids(franchiseOwner(['SMS']))).not.toContain('games')
  })

  it('shows a store owner the owner pages only: no CRM, automated marketing, e-marketing, franchise or owners', () => {
    expect(shape(visibleEntries('STORE_OWNER', ['GAME']))).toEqual([
      'dashboard',
      'clientBase(clients)',
      'loyalty',
      'campaign',
      'news',
      'offersCalendar',
      'games',
      'satisfaction',
      'profileGroup(profile,stores)',
    ])
  })

  it.each(['LB_SALE', 'LB_TECH', 'LB_DISTRIBUTOR'] as Role[])(
    'shows %s (admin) administration only',
    (role) => {
      expect(shape(visibleEntries(role, ['GAME']))).toEqual(['admin'])
    },
  )

  it('shows a registered user validation/configuration only', () => {
    expect(shape(visibleEntries('REGISTERED', []))).toEqual(['validation'])
  })

  it('shows nothing to a guest, a customer or an API role', () => {
    expect(visibleEntries(null, ['GAME'])).toEqual([])
    expect(visibleEntries('CUSTOMER', ['GAME'])).toEqual([])
    expect(visibleEntries('LB_API', ['GAME'])).toEqual([])
  })
})

describe('currentItem', () => {
  const entries = visibleEntries('FRANCHISE_OWNER', ['GAME'])
  it.each([
    ['/pages/dashboards/analytics', 'dashboard'],
    ['/pages/user/clients', 'clients'],
    ['/pages/user/clients/42', 'clients'],
    ['/pages/user/crm', 'crm'],
    ['/pages/campaign/new', 'campaign'],
    ['/pages/campaign/12/edit', 'campaign'],
    ['/pages/marketing/birthday/3', 'marketing'],
    ['/pages/games/new', 'games'],
    ['/pages/stores/all', 'stores'],
    ['/pages/stores/9/opinions', 'stores'],
    ['/pages/profile', 'profile'],
  ])('marks %s as %s', (path, id) => {
    expect(currentItem(entries, path)?.id).toBe(id)
  })
  it('marks nothing for an unknown page, and never a prefix that is not a segment', () => {
    expect(currentItem(entries, '/pages/nowhere')).toBeNull()
    expect(currentItem(entries, '/pages/loyalty-points')).toBeNull()
  })
  it('finds shortcuts by id or path', () => {
    expect(findItem(entries, 'clients')?.path).toBe('/pages/user/clients')
    expect(findItem(entries, '/pages/owners')?.id).toBe('owners')
    expect(findItem(entries, 'calendar')).toBeNull()
  })
})

describe('section pages (src/features/shell/sections.ts)', () => {
  it('are all guarded by a route rule with the auth list of their navigation entry', () => {
    for (const section of SECTION_ROUTES) {
      const concrete = section.path.replace(/:id/g, '7')
      const rule = matchRoute(concrete)
      expect(rule, section.path).not.toBeNull()
      const entry = sectionEntry(section.navId)
      expect(rule?.auth, section.path).toEqual((ROUTES[entry.route] as RouteRule).auth)
    }
  })
})
