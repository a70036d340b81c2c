// Realistic accounts for machine and UI tests (shapes of src/domain, as the server returns them).
import { type Account, buildAccount } from '../../machines/session/account'
import type { UserInfo } from '../../src/domain/auth'
import type { FranchiseSummary, StoreSummary } from '../../src/domain/franchise'

const franchise: FranchiseSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Maison Dupont',
  logo: null,
  codeAlpha3: 'FRA',
  currencyCode: 'EUR',
  timezone: 'Europe/Paris',
  loyaltyType: 'PASSAGE',
  features: ['GAME'],
  theme: { primaryColor: '#7c2d12', secondaryColor: '#f59e0b', tertiaryColor: '#fff7ed' },
}
const store = (n: number, scanner = false): StoreSummary => ({
  id: `22222222-2222-4222-8222-00000000000${n}`,
  franchiseId: franchise.id,
  name: `Maison Dupont ${n}`,
  currencyCode: 'EUR',
  logo: null,
  settings: { hasScannerEnabled: scanner, hasFullWebAppEnabled: false },
  nbClients: 0,
  dateCreated: `2026-01-0${n}T10:00:00.000Z`,
})

function info(role: string, over: Partial<UserInfo> = {}): UserInfo {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    email: 'someone@demo.test',
    role,
    displayName: 'Someone',
    photoURL: null,
    hasAcceptedCGV: true,
    isSubscribedRetailer: true,
    isSuperAdmin: role.startsWith('LB_'),
    stripeId: null,
    data: { displayName: 'Someone', photoURL: null, email: 'someone@demo.test', settings: {} },
    ...over,
  }
}

export function account(
  kind: 'owner' | 'storeless' | 'admin' | 'registered' | 'unpaid' | 'customer' | 'impostor',
): Account {
  const me = (i: UserInfo, impostorOf: string | null = null) => ({
    id: i.id,
    email: i.email,
    acl: { role: i.role },
    impostorOf,
  })
  switch (kind) {
    case 'owner': {
      const i = info('FRANCHISE_OWNER')
      return buildAccount(me(i), i, [franchise], [store(1, true), store(2)], [])
    }
    case 'impostor': {
      const i = info('FRANCHISE_OWNER')
      return buildAccount(me(i, '44444444-4444-4444-8444-444444444444'), i, [franchise], [store(1)], [])
    }
    case 'storeless': {
      const i = info('FRANCHISE_OWNER')
      return buildAccount(me(i), i, [{ ...franchise, features: [] }], [], [])
    }
    case 'admin': {
      const i = info('LB_SALE', { isSubscribedRetailer: false })
      return buildAccount(me(i), i, [], [], [])
    }
    case 'registered': {
      const i = info('FRANCHISE_OWNER', { hasAcceptedCGV: false, isSubscribedRetailer: false })
      return buildAccount(me(i), i, [], [], [])
    }
    case 'unpaid': {
      const i = info('FRANCHISE_OWNER', { isSubscribedRetailer: false })
      return buildAccount(me(i), i, [], [], [])
    }
    case 'customer': {
      const i = info('CUSTOMER')
      return buildAccount(me(i), i, [], [], [])
    }
  }
}
