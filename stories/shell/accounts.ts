// Demo accounts for the shell stories, shaped as the server returns them (src/domain). Stories only:
// the product never shows made-up data.
import { type Account, buildAccount } from '../../machines/session/account'
import type { UserInfo } from '../../src/domain/auth'
import type { FranchiseSummary, StoreSummary } from '../../src/domain/franchise'

const franchise: FranchiseSummary = {
  id: '6f1d2c1e-8a43-4b7a-9a55-3c1f0d2e4b10',
  name: 'Maison Dupont',
  logo: null,
  codeAlpha3: 'FRA',
  currencyCode: 'EUR',
  timezone: 'Europe/Paris',
  loyaltyType: 'PASSAGE',
  features: ['GAME'],
  theme: { primaryColor: '#4c43ea', secondaryColor: '#f59e0b', tertiaryColor: '#fff7ed' },
}

const store = (n: number, name: string, scanner: boolean): StoreSummary => ({
  id: `9b2e4f60-1c3d-4e5f-8a7b-00000000000${n}`,
  franchiseId: franchise.id,
  name,
  currencyCode: 'EUR',
  logo: null,
  settings: { hasScannerEnabled: scanner, hasFullWebAppEnabled: false },
  nbClients: 0,
  dateCreated: `2026-01-0${n}T09:00:00.000Z`,
})
const stores = [
  store(1, 'Maison Dupont — Paris Marais', true),
  store(2, 'Maison Dupont — Lyon Presqu’île', false),
  store(3, 'Maison Dupont — Bordeaux Chartrons', false),
]

function info(role: string, displayName: string, email: string, over: Partial<UserInfo> = {}): UserInfo {
  return {
    id: '0c9e8d7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
    email,
    role,
    displayName,
    photoURL: null,
    hasAcceptedCGV: true,
    isSubscribedRetailer: true,
    isSuperAdmin: role.startsWith('LB_'),
    stripeId: null,
    data: { displayName, photoURL: null, email, settings: { shortcuts: ['clients', 'campaign'] } },
    ...over,
  }
}

function make(
  i: UserInfo,
  franchises: FranchiseSummary[],
  owned: StoreSummary[],
  impostorOf: string | null = null,
) {
  return buildAccount(
    { id: i.id, email: i.email, acl: { role: i.role }, impostorOf },
    i,
    franchises,
    owned,
    [],
  )
}

export type StoryRole =
  | 'franchiseOwner'
  | 'storeOwner'
  | 'manualAmountOwner'
  | 'admin'
  | 'registered'
  | 'impersonated'

export function storyAccount(role: StoryRole): Account {
  switch (role) {
    case 'franchiseOwner':
      return make(info('FRANCHISE_OWNER', 'Camille Dupont', 'camille@maison-dupont.fr'), [franchise], stores)
    case 'storeOwner':
      return make(
        info('STORE_OWNER', 'Julien Marchand', 'julien@maison-dupont.fr'),
        [{ ...franchise, features: [] }],
        [stores[0]!],
      )
    case 'manualAmountOwner':
      return make(
        info('FRANCHISE_OWNER', 'Sam Goldberg', 'sam@brooklyn-bagels.com'),
        [
          {
            ...franchise,
            name: 'Brooklyn Bagels',
            currencyCode: 'USD',
            loyaltyType: 'MANUAL_AMOUNT',
            features: [],
          },
        ],
        [{ ...stores[0]!, name: 'Brooklyn Bagels — Williamsburg', currencyCode: 'USD' }],
      )
    case 'admin':
      return make(
        info('LB_SALE', 'Alice Martin', 'alice@loyalty-backoffice.app', { isSubscribedRetailer: false }),
        [],
        [],
      )
    case 'registered':
      return make(
        info('FRANCHISE_OWNER', 'Léa Bernard', 'lea@fleurs-bernard.fr', {
          hasAcceptedCGV: false,
          isSubscribedRetailer: false,
        }),
        [],
        [],
      )
    case 'impersonated':
      return make(
        info('FRANCHISE_OWNER', 'Camille Dupont', 'camille@maison-dupont.fr'),
        [franchise],
        stores,
        '5d4c3b2a-1908-4f7e-8d6c-5b4a39281706',
      )
  }
}
