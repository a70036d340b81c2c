// What the route cases (cases.ts and cases-<area>.ts) are written with: the shape of a case, what an
// id parameter names, valid bodies shared by several areas.
import type { Kind, Resources } from './world'

export type Fill = Kind | { literal: string }
export type RouteCase = {
  /** What each path parameter names. */
  params?: Record<string, Fill>
  /** A valid query string. */
  query?: (r: Resources) => Record<string, string | undefined>
  /** A valid body. */
  body?: (r: Resources) => unknown
  /** The body is not JSON (a multipart upload, a signed webhook): the fuzz sends its own kinds. */
  rawBody?: true
  /** The route ends the caller's session: the fuzz calls it with a token of its own. */
  endsSession?: true
}

export const id: Fill = { literal: '00000000-0000-4000-8000-000000000000' }
export const franchise = { id: 'franchise' } as const
export const store = { id: 'store' } as const
export const period = () => ({ startDate: '2026-01-01', endDate: '2026-01-31' })
export const storeBody = () => ({ name: 'Attack store', currencyCode: 'EUR' })
export const posFields = {
  type: 'LOCAL',
  providerStoreId: 'till-1',
  canSync: true,
  canManageCurrentSale: false,
  canRedeemLoyaltyOffer: false,
  hasClickAndCollect: false,
  resetDelay: 60,
  linkReceiptDelay: 600,
}
export const offer = () => ({
  name: 'Coffee',
  description: 'A coffee on the house',
  redeemPointAmount: 10,
  type: 'FLAT',
  value: 2,
  expirationDate: '2030-01-01',
})
export const card = (r: Resources) => ({
  name: 'Card',
  loyaltyType: 'PASSAGE',
  earnRate: 1,
  storeIds: r.store ? [r.store] : [],
})

export const game = { id: 'game' } as const
export const gameBody = (r: Resources) => ({
  franchiseId: r.franchise,
  name: 'Attack wheel',
  action: 'STORE_OPENING',
  storeInfos: r.store ? [{ storeId: r.store }] : [],
  rewards: [{ name: 'Coffee', type: 'POINTS', points: 10, weight: 50 }],
  startDate: '2026-01-01',
  endDate: null,
  settings: { canLoose: true, onlyNewClients: false },
})
export const pageQuery = () => ({ page: '1', size: '10' })

export const campaign = { id: 'campaign' } as const
export const audience = (r: Resources) => ({
  channel: 'PUSH',
  campaignFilters: r.store ? { storeIds: [r.store] } : {},
})
// A NEWS campaign links its news (issue 19): the store's item, else the franchise's (linking creates
// none, so the fuzz's many calls stay under the §5 limit of offers at once).
export const campaignBody = (r: Resources) => ({
  userId: r.owner,
  channel: 'PUSH',
  content: 'NEWS',
  newsId: r.news,
  communicationCampaign: {
    name: 'Attack',
    type: 'MANUAL_CAMPAIGN',
    notification: { title: 'Attack', message: 'Attack message' },
    isScheduled: false,
    campaignFilters: r.store ? { storeIds: [r.store] } : {},
  },
})

export const emarketingBody = (r: Resources) => ({
  franchiseId: r.franchise,
  link: 'attack-page',
  primaryColor: '#112233',
  secondaryColor: '#445566',
  tertiaryColor: '#778899',
  registrationPoints: 5,
})

export const automation = { id: 'automation' } as const
export const automationBody = (r: Resources) => ({
  franchiseId: r.franchise,
  title: 'Birthday',
  isActive: false,
  message: 'Happy birthday!',
  type: 'BIRTHDAY',
  communicationCampaignType: 'PUSH',
  communicationCampaign: { name: 'Birthday', notification: { title: 'Hi' }, campaignFilters: {} },
  timing: { daysBefore: 0 },
})
export const newsBody = (r: Resources) => ({
  name: 'Attack hour',
  type: 'happy-hours',
  description: 'Two for one',
  priceCents: 500,
  startDate: '2030-01-01',
  endDate: '2030-01-31',
  happyHourStart: '17:00',
  happyHourEnd: '19:00',
  drinkType: 'Beer',
  customersOnly: false,
  storeIds: r.store ? [r.store] : [],
})

export const crmField = {
  localId: 'bakery',
  label: 'Favourite bakery',
  status: 'ACTIVE',
  isStatic: false,
  isValid: true,
  validation: { type: 'SHORT_TEXT', isRequired: false, maxLength: 40 },
}
